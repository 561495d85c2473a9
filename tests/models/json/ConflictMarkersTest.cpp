// ConflictMarkers finds the blocks git leaves in a file it could not merge:
// merge and diff3 styles, labels or none, CRLF, several blocks, and lines
// that only look like markers.

#include "models/json/ConflictMarkers.h"

#include <QTest>

using namespace Errata;

Q_DECLARE_METATYPE(QList<int>)

class ConflictMarkersTest : public QObject
{
    Q_OBJECT

private slots:
    void blocks_data();
    void blocks();
};

void ConflictMarkersTest::blocks_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QList<int>>("lines"); // first and last line of each block

    QTest::newRow("none") << QByteArray("{\n  \"a\": 1\n}\n") << QList<int>{};
    QTest::newRow("merge style") << QByteArray("{\n<<<<<<< ours\n\"a\": 1\n=======\n\"a\": 2\n>>>>>>> theirs\n}\n")
                                 << QList<int>{2, 6};
    QTest::newRow("diff3 style") << QByteArray(
        "<<<<<<< HEAD\nx\n||||||| merged common ancestors\ny\n=======\nz\n>>>>>>> b\n")
                                 << QList<int>{1, 7};
    QTest::newRow("bare markers, CRLF, at the end without a line end")
        << QByteArray("{\r\n<<<<<<<\r\nx\r\n=======\r\ny\r\n>>>>>>>") << QList<int>{2, 6};
    QTest::newRow("two blocks") << QByteArray("<<<<<<< a\n=======\n>>>>>>> b\nx\n<<<<<<< a\n=======\n>>>>>>> b\n")
                                << QList<int>{1, 3, 5, 7};
    QTest::newRow("no separator") << QByteArray("<<<<<<< a\nx\n>>>>>>> b\n") << QList<int>{};
    QTest::newRow("never closed") << QByteArray("<<<<<<< a\nx\n=======\ny\n") << QList<int>{};
    QTest::newRow("eight characters, or glued to a label")
        << QByteArray("<<<<<<<< a\n========\n>>>>>>>b\n<<<<<<<a\n=======\n>>>>>>> b\n") << QList<int>{};
    QTest::newRow("indented markers are text") << QByteArray("  <<<<<<< a\n  =======\n  >>>>>>> b\n") << QList<int>{};
    QTest::newRow("a second opening restarts the block")
        << QByteArray("<<<<<<< a\n<<<<<<< a\n=======\n>>>>>>> b\n") << QList<int>{2, 4};
}

void ConflictMarkersTest::blocks()
{
    QFETCH(QByteArray, text);
    QFETCH(QList<int>, lines);
    QList<int> found;
    for (const ConflictMarkers::Block &block : ConflictMarkers::find(text))
        found << block.firstLine << block.lastLine;
    QCOMPARE(found, lines);
}

QTEST_GUILESS_MAIN(ConflictMarkersTest)
#include "ConflictMarkersTest.moc"
