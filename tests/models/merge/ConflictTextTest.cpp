// Tests for Errata::ConflictText: git's markers around the lines where
// two versions of a text differ, widened to whole conflicting members, with
// the text's own line ends, found again by the loader's ConflictMarkers.

#include "models/merge/ConflictText.h"
#include "models/json/ConflictMarkers.h"

#include <QTest>

using namespace Errata;

namespace {

using Span = ConflictText::Span;

} // namespace

class ConflictTextTest : public QObject
{
    Q_OBJECT

private slots:
    void markersAreGits();
    void sameTextsHaveNoMarkers();
    void changedLineBetweenMarkers();
    void spansWidenToTheWholeMember();
    void memberOnOneSideOnlyTakesTheCommaLine();
    void separateConflictsAreSeparateBlocks();
    void touchingConflictsAreOneBlock();
    void crlfMarkers();
    void markedLinesPairOnlyWithMarkedLines();
    void theLoaderFindsTheBlocks();
};

void ConflictTextTest::markersAreGits()
{
    QCOMPARE(ConflictText::oursMarker(), QByteArray("<<<<<<< ours"));
    QCOMPARE(ConflictText::separator(), QByteArray("======="));
    QCOMPARE(ConflictText::theirsMarker(), QByteArray(">>>>>>> theirs"));
}

void ConflictTextTest::sameTextsHaveNoMarkers()
{
    const QByteArray text = "{\n  \"a\": 1\n}\n";
    QCOMPARE(ConflictText::join(text, {}, text, {}), text);
    QCOMPARE(ConflictText::join("{}", {}, "{}", {}), QByteArray("{}"));
}

void ConflictTextTest::changedLineBetweenMarkers()
{
    const QByteArray ours = "{\n  \"a\": 1,\n  \"b\": \"ours\",\n  \"c\": 3\n}\n";
    const QByteArray theirs = "{\n  \"a\": 1,\n  \"b\": \"theirs\",\n  \"c\": 3\n}\n";
    QCOMPARE(ConflictText::join(ours, {{2, 2}}, theirs, {{2, 2}}),
             QByteArray("{\n  \"a\": 1,\n"
                        "<<<<<<< ours\n  \"b\": \"ours\",\n=======\n  \"b\": \"theirs\",\n>>>>>>> theirs\n"
                        "  \"c\": 3\n}\n"));
}

void ConflictTextTest::spansWidenToTheWholeMember()
{
    const QByteArray ours = "{\n"
                            "  \"versions\": [\n"
                            "    {\n"
                            "      \"version\": \"1\",\n"
                            "      \"status\": \"fixed\"\n"
                            "    }\n"
                            "  ],\n"
                            "  \"z\": 0\n"
                            "}";
    QByteArray theirs = ours;
    theirs.replace("fixed", "active");
    const QByteArray joined = ConflictText::join(ours, {{1, 6}}, theirs, {{1, 6}});
    QCOMPARE(
        joined,
        QByteArray("{\n<<<<<<< ours\n"
                   "  \"versions\": [\n    {\n      \"version\": \"1\",\n      \"status\": \"fixed\"\n    }\n  ],\n"
                   "=======\n"
                   "  \"versions\": [\n    {\n      \"version\": \"1\",\n      \"status\": \"active\"\n    }\n  ],\n"
                   ">>>>>>> theirs\n"
                   "  \"z\": 0\n}"));
    // Without spans, only the line that differs.
    QVERIFY(ConflictText::join(ours, {}, theirs, {})
                .contains("<<<<<<< ours\n      \"status\": \"fixed\"\n=======\n      \"status\": \"active\"\n>>>>>>> "
                          "theirs\n"));
}

void ConflictTextTest::memberOnOneSideOnlyTakesTheCommaLine()
{
    // THEIRS deleted the last member: the line before it loses its comma.
    const QByteArray ours = "{\n  \"a\": 1,\n  \"b\": 2\n}\n";
    const QByteArray theirs = "{\n  \"a\": 1\n}\n";
    QCOMPARE(ConflictText::join(ours, {{2, 2}}, theirs, {}),
             QByteArray("{\n<<<<<<< ours\n  \"a\": 1,\n  \"b\": 2\n=======\n  \"a\": 1\n>>>>>>> theirs\n}\n"));
}

void ConflictTextTest::separateConflictsAreSeparateBlocks()
{
    const QByteArray ours = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n";
    const QByteArray theirs = "{\n  \"a\": 9,\n  \"b\": 2,\n  \"c\": 9\n}\n";
    const QByteArray joined = ConflictText::join(ours, {{1, 1}, {3, 3}}, theirs, {{1, 1}, {3, 3}});
    QCOMPARE(joined.count("<<<<<<< ours\n"), 2);
    QCOMPARE(joined.count("\n=======\n"), 2);
    QCOMPARE(joined.count(">>>>>>> theirs\n"), 2);
    QVERIFY(joined.contains(">>>>>>> theirs\n  \"b\": 2,\n<<<<<<< ours\n"));
}

void ConflictTextTest::touchingConflictsAreOneBlock()
{
    const QByteArray ours = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n";
    const QByteArray theirs = "{\n  \"a\": 9,\n  \"b\": 9,\n  \"c\": 3\n}\n";
    QCOMPARE(ConflictText::join(ours, {{1, 1}, {2, 2}}, theirs, {{1, 1}, {2, 2}}),
             QByteArray("{\n<<<<<<< ours\n  \"a\": 1,\n  \"b\": 2,\n=======\n  \"a\": 9,\n  \"b\": 9,\n"
                        ">>>>>>> theirs\n  \"c\": 3\n}\n"));
}

void ConflictTextTest::crlfMarkers()
{
    const QByteArray ours = "{\r\n  \"a\": 1\r\n}\r\n";
    const QByteArray theirs = "{\r\n  \"a\": 2\r\n}\r\n";
    QCOMPARE(ConflictText::join(ours, {{1, 1}}, theirs, {{1, 1}}),
             QByteArray("{\r\n<<<<<<< ours\r\n  \"a\": 1\r\n=======\r\n  \"a\": 2\r\n>>>>>>> theirs\r\n}\r\n"));
}

void ConflictTextTest::markedLinesPairOnlyWithMarkedLines()
{
    // OURS keeps an item THEIRS removed (lines 2 to 4), alike line for line
    // with the next item but for its comma, and both changed "z".
    const QByteArray ours = "{\n  \"d\": [\n    {\n      \"c\": \"\"\n    },\n    {\n      \"c\": \"\"\n    }\n  ],\n"
                            "  \"z\": 1\n}\n";
    const QByteArray theirs = "{\n  \"d\": [\n    {\n      \"c\": \"\"\n    }\n  ],\n  \"z\": 2\n}\n";
    QCOMPARE(ConflictText::join(ours, {{2, 4}, {9, 9}}, theirs, {{6, 6}}),
             QByteArray("{\n  \"d\": [\n"
                        "<<<<<<< ours\n    {\n      \"c\": \"\"\n    },\n=======\n>>>>>>> theirs\n"
                        "    {\n      \"c\": \"\"\n    }\n  ],\n"
                        "<<<<<<< ours\n  \"z\": 1\n=======\n  \"z\": 2\n>>>>>>> theirs\n"
                        "}\n"));
}

void ConflictTextTest::theLoaderFindsTheBlocks()
{
    const QByteArray ours = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n";
    const QByteArray theirs = "{\n  \"a\": 9,\n  \"b\": 2,\n  \"c\": 9\n}\n";
    const QList<Span> spans = {{1, 1}, {3, 3}};
    for (const bool crlf : {false, true}) {
        const auto ends = [crlf](QByteArray text) { return crlf ? text.replace("\n", "\r\n") : text; };
        const QList<ConflictMarkers::Block> blocks = ConflictMarkers::find(
            ConflictText::join(ends(ours), spans, ends(theirs), spans));
        QCOMPARE(blocks.size(), 2);
        QCOMPARE(blocks.at(0).firstLine, 2);
        QCOMPARE(blocks.at(0).lastLine, 6);
        QCOMPARE(blocks.at(1).firstLine, 8);
        QCOMPARE(blocks.at(1).lastLine, 12);
    }
}

QTEST_GUILESS_MAIN(ConflictTextTest)
#include "ConflictTextTest.moc"
