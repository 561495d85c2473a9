#include "RecordTreeDelegate.h"

#include <QtTest>

using namespace Errata;

using Spans = QList<std::pair<int, int>>;
Q_DECLARE_METATYPE(Spans)

// What the tree highlights for a search: the words where the search
// matches them, at the start of a word or of a camelCase part.
class RecordTreeDelegateTest : public QObject
{
    Q_OBJECT

private slots:
    void highlightSpans_data();
    void highlightSpans();
};

void RecordTreeDelegateTest::highlightSpans_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("words");
    QTest::addColumn<int>("length"); // -1: the whole text
    QTest::addColumn<Spans>("expected");
    const QString oom = QStringLiteral("torch.cuda.OutOfMemoryError: CUDA out of memory");
    QTest::newRow("words and camelCase parts")
        << oom << QStringList{QStringLiteral("cuda"), QStringLiteral("of")} << -1
        << Spans{{6, 4}, {14, 2}, {29, 4}, {38, 2}};
    QTest::newRow("not inside a word") << oom << QStringList{QStringLiteral("m")} << -1
                                        << Spans{{16, 1}, {41, 1}};
    QTest::newRow("a camelCase part") << oom << QStringList{QStringLiteral("memory")} << -1
                                      << Spans{{16, 6}, {41, 6}};
    QTest::newRow("case ignored") << QStringLiteral("Killed: OOM") << QStringList{QStringLiteral("oom")} << -1
                                  << Spans{{8, 3}};
    QTest::newRow("a group's name, not its counts")
        << QStringLiteral("cuda (6 of 44)") << QStringList{QStringLiteral("of"), QStringLiteral("cuda")} << 4
        << Spans{{0, 4}};
    QTest::newRow("Chinese anywhere") << QStringLiteral("检测到梯度溢出") << QStringList{QStringLiteral("梯度")} << -1
                                      << Spans{{3, 2}};
    QTest::newRow("after a digit is inside a word") << QStringLiteral("cuda12 12") << QStringList{QStringLiteral("12")}
                                                   << -1 << Spans{{7, 2}};
    QTest::newRow("accents ignored") << QStringLiteral("Café menu, ÉCOLE") << QStringList{QStringLiteral("cafe"),
                                                                                        QStringLiteral("ecole")}
                                     << -1 << Spans{{0, 4}, {11, 5}};
    QTest::newRow("no words") << oom << QStringList{QString()} << -1 << Spans{};
}

void RecordTreeDelegateTest::highlightSpans()
{
    QFETCH(QString, text);
    QFETCH(QStringList, words);
    QFETCH(int, length);
    QFETCH(Spans, expected);
    QCOMPARE(RecordTreeDelegate::highlightSpans(text, words, length < 0 ? text.size() : length), expected);
}

QTEST_MAIN(RecordTreeDelegateTest)
#include "RecordTreeDelegateTest.moc"
