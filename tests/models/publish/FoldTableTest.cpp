// FoldTable: the code points the page's lookup folds, checked against
// QString::toCaseFolded, which the lookup index uses.

#include "models/publish/FoldTable.h"

#include <QTest>

using namespace Errata;

namespace {

char32_t foldOf(char32_t codePoint)
{
    for (const FoldTable::Pair &pair : FoldTable::pairs()) {
        if (pair.first == codePoint)
            return pair.second;
    }
    return codePoint;
}

} // namespace

class FoldTableTest : public QObject
{
    Q_OBJECT

private slots:
    void foldsWhereJavaScriptLowerCaseDiffers()
    {
        QCOMPARE(foldOf(U'A'), char32_t(U'a'));
        QCOMPARE(foldOf(U'ς'), char32_t(U'σ'));       // final sigma: toLowerCase keeps it
        QCOMPARE(foldOf(U'ſ'), char32_t(U's'));       // long s
        QCOMPARE(foldOf(0x212A), char32_t(U'k'));     // Kelvin sign
        QCOMPARE(foldOf(0xAB70), char32_t(0x13A0));   // Cherokee small letters fold to capitals
        QCOMPARE(foldOf(0x10400), char32_t(0x10428)); // Deseret, outside the BMP
        QCOMPARE(foldOf(U'a'), char32_t(U'a'));
        QCOMPARE(foldOf(U'中'), char32_t(U'中'));
    }

    void everyPairIsQtsFoldingInCodePointOrder()
    {
        const QList<FoldTable::Pair> &pairs = FoldTable::pairs();
        QVERIFY(pairs.size() > 1000);
        char32_t previous = 0;
        for (const FoldTable::Pair &pair : pairs) {
            QVERIFY(pair.first != pair.second);
            QVERIFY(pair.first > previous || previous == 0);
            previous = pair.first;
            const QString folded = QString::fromUcs4(&pair.first, 1).toCaseFolded();
            QCOMPARE(folded, QString::fromUcs4(&pair.second, 1));
        }
    }
};

QTEST_GUILESS_MAIN(FoldTableTest)
#include "FoldTableTest.moc"
