// Tests for Errata::Record and the number spellings it keeps (NumberSpellings):
// byte-exact round trips, minimal diffs after an edit, line ends and byte
// order marks, and a record whose document was released. Typed getters,
// generic access and bad input are in RecordAccessTest.

#include "models/record/Record.h"
#include "models/json/NumberSpellings.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <string>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

const QByteArray Bom("\xEF\xBB\xBF");

QString seedPath()
{
    return QStringLiteral(ERRATA_TEST_DATA "/seed.json");
}

// Lines without their terminator; "\r\n" and "\n" both end a line.
QList<QByteArray> linesOf(QByteArray text)
{
    text.replace("\r\n", "\n");
    return text.split('\n');
}

// Indexes of the lines that differ between two texts.
QList<int> differingLines(const QList<QByteArray> &a, const QList<QByteArray> &b)
{
    QList<int> lines;
    for (int i = 0; i < qMax(a.size(), b.size()); ++i) {
        if (i >= a.size() || i >= b.size() || a.at(i) != b.at(i))
            lines << i;
    }
    return lines;
}

// A small record whose only purpose is to hold `number` next to a field to edit.
QByteArray numberDocument(const QByteArray &number)
{
    return "{\n  \"n\": " + number + ",\n  \"other\": 1\n}";
}

} // namespace

class RecordTest : public QObject
{
    Q_OBJECT

private slots:
    // The seed fixture and round trips
    void seedLoadsAndIsUnchanged();
    void seedEditChangesExactlyOneLine_data();
    void seedEditChangesExactlyOneLine();
    void keyOrderIsPreserved();
    void unknownKeysRoundTrip();
    void megabyteStringLoadsAndRoundTrips();

    // Number spellings
    void spellingSurvivesEditOfAnotherField_data();
    void spellingSurvivesEditOfAnotherField();
    void changedNumberIsWrittenCanonically_data();
    void changedNumberIsWrittenCanonically();
    void spellingsInKeysWithSlashAndTilde();
    void spellingsFollowArrayItemRemoval();
    void numberSpellingsDirectly();
    void markerLookalikeStringIsNotReplaced();

    // Line ends, final newline, BOM
    void lineEndsAndFinalNewlineAreKept_data();
    void lineEndsAndFinalNewlineAreKept();
    void byteOrderMarkIsNotedAndLoads();

    // A released document
    void releasedDocumentIsParsedAgain();
    void releasedDocumentKeepsSpellingsAndByteOrderMark();
    void changedRecordKeepsItsDocument();
    void summaryFollowsEdits();
    void sharedSummaryIsNeverChanged();
    void parsedForNowReleasesOnlyWhatItParsed();
    void copyOwnsItsDocument();
    void textIsHeldInItsOwnSize();
};

// ---------------------------------------------------------------------------
// The seed fixture and round trips

void RecordTest::seedLoadsAndIsUnchanged()
{
    const QByteArray original = readFile(seedPath());
    QVERIFY2(!original.isEmpty(), qPrintable(QStringLiteral("cannot read %1").arg(seedPath())));
    QVERIFY2(!original.endsWith('\n'), "the fixture must have no final newline");

    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    QCOMPARE(record.filePath(), seedPath());
    QVERIFY(!record.isModified());
    QVERIFY(!record.hasFinalNewline());
    QVERIFY(!record.hadByteOrderMark());
    QCOMPARE(record.originalText(), original);
    QVERIFY2(record.textToWrite() == original, "an unchanged record must be written back byte for byte");
    const QByteArray serialized = record.serialize();
    if (serialized != original) {
        const QList<int> diff = differingLines(linesOf(serialized), linesOf(original));
        QFAIL(qPrintable(QStringLiteral("serialize() differs from the file at line %1: \"%2\"")
                             .arg(diff.first() + 1)
                             .arg(QString::fromUtf8(linesOf(serialized).value(diff.first())))));
    }
}

void RecordTest::seedEditChangesExactlyOneLine_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("jsonValue");
    QTest::addColumn<QByteArray>("expectedLine");

    QTest::newRow("confidence") << QStringLiteral("/confidence") << QStringLiteral("0.5")
                                << QByteArray("  \"confidence\": 0.5,");
    QTest::newRow("evidence_count") << QStringLiteral("/evidence_count") << QStringLiteral("4")
                                    << QByteArray("  \"evidence_count\": 4,");
    QTest::newRow("nested fail_rate") << QStringLiteral("/dead_ends/1/fail_rate") << QStringLiteral("0.9")
                                      << QByteArray("      \"fail_rate\": 0.9,");
    QTest::newRow("null to string") << QStringLiteral("/subcategory") << QStringLiteral("\"nan\"")
                                    << QByteArray("  \"subcategory\": \"nan\",");
    QTest::newRow("chinese kept as itself")
        << QStringLiteral("/root_cause_zh") << QStringLiteral("\"梯度爆炸\"")
        << QByteArray("  \"root_cause_zh\": \"\xE6\xA2\xAF\xE5\xBA\xA6\xE7\x88\x86\xE7\x82\xB8\",");
    QTest::newRow("same value, no line changes") << QStringLiteral("/aliases") << QStringLiteral("[]") << QByteArray();
    QTest::newRow("array item string") << QStringLiteral("/workarounds_zh/1") << QStringLiteral("\"降低学习率\"")
                                       << QByteArray(
                                              "    \"\xE9\x99\x8D\xE4\xBD\x8E\xE5\xAD\xA6\xE4\xB9\xA0\xE7\x8E\x87\",");
}

void RecordTest::seedEditChangesExactlyOneLine()
{
    QFETCH(QString, pointer);
    QFETCH(QString, jsonValue);
    QFETCH(QByteArray, expectedLine);

    const QByteArray original = readFile(seedPath());
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    const OrderedJson before = record.value(pointer);
    record.setValue(pointer, OrderedJson::parse(jsonValue.toStdString()));
    QVERIFY(record.isModified());

    const QByteArray written = record.textToWrite();
    QCOMPARE(written, record.serialize());
    QVERIFY2(!written.endsWith('\n'), "the absent final newline must stay absent");
    const QList<QByteArray> oldLines = linesOf(original);
    const QList<QByteArray> newLines = linesOf(written);
    QCOMPARE(newLines.size(), oldLines.size());
    const QList<int> diff = differingLines(newLines, oldLines);
    if (expectedLine.isEmpty()) {
        // Setting a value to what it already was changes no line at all.
        QVERIFY2(before == record.value(pointer), "row expects the value to be unchanged");
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("%1 lines differ, expected none").arg(diff.size())));
        return;
    }
    QVERIFY2(diff.size() == 1,
             qPrintable(
                 QStringLiteral("%1 lines differ after editing %2, expected exactly 1").arg(diff.size()).arg(pointer)));
    QCOMPARE(newLines.at(diff.first()), expectedLine);
}

void RecordTest::keyOrderIsPreserved()
{
    const QByteArray text = "{\n  \"zeta\": 1,\n  \"alpha\": {\n    \"z\": true,\n    \"a\": false\n  },\n"
                            "  \"mid\": [\n    {\n      \"y\": 1,\n      \"b\": 2\n    }\n  ]\n}";
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(text, &error), qPrintable(error.message));

    QStringList keys;
    for (const auto &item : record.json().items())
        keys << QString::fromStdString(item.key());
    QCOMPARE(keys, QStringList({QStringLiteral("zeta"), QStringLiteral("alpha"), QStringLiteral("mid")}));

    record.setValue(QStringLiteral("/zeta"), 2);
    QCOMPARE(record.serialize(), QByteArray(text).replace("\"zeta\": 1", "\"zeta\": 2"));

    record.setValue(QStringLiteral("/added"), "new");
    keys.clear();
    for (const auto &item : record.json().items())
        keys << QString::fromStdString(item.key());
    QCOMPARE(keys.last(), QStringLiteral("added"));
    QVERIFY2(record.serialize().endsWith("  ],\n  \"added\": \"new\"\n}"), record.serialize().constData());
}

void RecordTest::unknownKeysRoundTrip()
{
    const QByteArray text = "{\n"
                            "  \"x_first\": \"kept\",\n"
                            "  \"id\": \"pytorch/a\",\n"
                            "  \"dead_ends\": [\n"
                            "    {\n"
                            "      \"action\": \"a\",\n"
                            "      \"x_note\": {\n"
                            "        \"deep\": [\n"
                            "          1,\n"
                            "          \"two\",\n"
                            "          null\n"
                            "        ]\n"
                            "      }\n"
                            "    }\n"
                            "  ],\n"
                            "  \"confidence\": 0.9,\n"
                            "  \"x_deadends\": {\n"
                            "    \"schema_version\": \"1.0\",\n"
                            "    \"url\": \"https://deadends.dev/x\"\n"
                            "  }\n"
                            "}\n";
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(text, &error), qPrintable(error.message));
    QCOMPARE(record.unknownKeys(), QStringList({QStringLiteral("x_first"), QStringLiteral("x_deadends")}));
    QVERIFY(!Record::knownKeys().contains(QStringLiteral("x_first")));
    QVERIFY(Record::knownKeys().contains(QStringLiteral("aliases")));
    QCOMPARE(Record::knownKeys().size(), 30);

    record.setValue(QStringLiteral("/confidence"), 0.5);
    const QByteArray expected = QByteArray(text).replace("\"confidence\": 0.9", "\"confidence\": 0.5");
    QCOMPARE(record.serialize(), expected);
    QCOMPARE(QString::fromStdString(record.value(QStringLiteral("/dead_ends/0/x_note/deep/1")).dump()),
             QStringLiteral("\"two\""));
}

void RecordTest::megabyteStringLoadsAndRoundTrips()
{
    // About 1 MB of mixed ASCII and Chinese, with escapes that must survive.
    QByteArray big;
    while (big.size() < 1024 * 1024)
        big += "RuntimeError: 损失为 NaN \\\"quoted\\\" tab\\t ";
    const QByteArray text = "{\n  \"id\": \"a/b\",\n  \"signature\": \"" + big + "\",\n  \"confidence\": 0.9\n}\n";

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("big.json"));
    QVERIFY(writeFile(path, text));

    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(path, &error), qPrintable(error.message));
    QVERIFY(record.signature().size() > 300000);
    QVERIFY(record.signature().contains(QStringLiteral("\"quoted\" tab\t")));
    QCOMPARE(record.textToWrite(), text);
    QCOMPARE(record.serialize(), text);

    record.setValue(QStringLiteral("/confidence"), 0.5);
    const QList<int> diff = differingLines(linesOf(record.serialize()), linesOf(text));
    QCOMPARE(diff.size(), 1);
    QCOMPARE(linesOf(record.serialize()).at(diff.first()), QByteArray("  \"confidence\": 0.5"));
}

// ---------------------------------------------------------------------------
// Number spellings

void RecordTest::spellingSurvivesEditOfAnotherField_data()
{
    QTest::addColumn<QByteArray>("spelling");
    QTest::addColumn<double>("value");

    QTest::newRow("trailing zero 0.50") << QByteArray("0.50") << 0.5;
    QTest::newRow("exponent 1e-3") << QByteArray("1e-3") << 0.001;
    QTest::newRow("1.0") << QByteArray("1.0") << 1.0;
    QTest::newRow("capital exponent 2E+2") << QByteArray("2E+2") << 200.0;
    QTest::newRow("25-digit integer") << QByteArray("1234567890123456789012345") << 1234567890123456789012345.0;
    QTest::newRow("negative -1.250E-02") << QByteArray("-1.250E-02") << -0.0125;
    QTest::newRow("17 significant digits") << QByteArray("0.10000000000000001") << 0.1;
    QTest::newRow("plain 0.65") << QByteArray("0.65") << 0.65;
    QTest::newRow("integer -0") << QByteArray("-0") << 0.0;
    QTest::newRow("-0.0") << QByteArray("-0.0") << -0.0;
    QTest::newRow("-0.00") << QByteArray("-0.00") << -0.0;
    QTest::newRow("-0e0") << QByteArray("-0e0") << -0.0;
}

void RecordTest::spellingSurvivesEditOfAnotherField()
{
    QFETCH(QByteArray, spelling);
    QFETCH(double, value);

    const QByteArray text = numberDocument(spelling);
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(text, &error), qPrintable(error.message));
    QCOMPARE(record.value(QStringLiteral("/n")).get<double>(), value);

    record.setValue(QStringLiteral("/other"), 2);
    const QByteArray expected = "{\n  \"n\": " + spelling + ",\n  \"other\": 2\n}";
    QCOMPARE(record.serialize(), expected);
}

void RecordTest::changedNumberIsWrittenCanonically_data()
{
    QTest::addColumn<QByteArray>("spelling");
    QTest::addColumn<QString>("newValue"); // JSON text of the value set
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("0.50 -> 0.25") << QByteArray("0.50") << QStringLiteral("0.25") << QByteArray("0.25");
    QTest::newRow("1e-3 -> 0.002") << QByteArray("1e-3") << QStringLiteral("0.002") << QByteArray("0.002");
    QTest::newRow("2E+2 -> integer 300") << QByteArray("2E+2") << QStringLiteral("300") << QByteArray("300");
    QTest::newRow("2E+2 -> integer 200") << QByteArray("2E+2") << QStringLiteral("200") << QByteArray("200");
    QTest::newRow("25 digits -> 5") << QByteArray("1234567890123456789012345") << QStringLiteral("5")
                                    << QByteArray("5");
    QTest::newRow("0.50 -> string") << QByteArray("0.50") << QStringLiteral("\"0.50\"") << QByteArray("\"0.50\"");
    QTest::newRow("1.0 -> 1.5") << QByteArray("1.0") << QStringLiteral("1.5") << QByteArray("1.5");
    // The value did not change, so its spelling stays (docs/record-format.md).
    QTest::newRow("0.50 -> same value") << QByteArray("0.50") << QStringLiteral("0.5") << QByteArray("0.50");
    QTest::newRow("-0 -> same value") << QByteArray("-0") << QStringLiteral("-0") << QByteArray("-0");
    QTest::newRow("-0 -> 0") << QByteArray("-0") << QStringLiteral("0") << QByteArray("0");
    QTest::newRow("-0 -> 1") << QByteArray("-0") << QStringLiteral("1") << QByteArray("1");
    // 0.0 == -0.0, but the sign changed: the spelling goes.
    QTest::newRow("-0.00 -> 0.0") << QByteArray("-0.00") << QStringLiteral("0.0") << QByteArray("0.0");
}

void RecordTest::changedNumberIsWrittenCanonically()
{
    QFETCH(QByteArray, spelling);
    QFETCH(QString, newValue);
    QFETCH(QByteArray, expected);

    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(numberDocument(spelling), &error), qPrintable(error.message));
    record.setValue(QStringLiteral("/n"), OrderedJson::parse(newValue.toStdString()));
    QCOMPARE(record.serialize(), "{\n  \"n\": " + expected + ",\n  \"other\": 1\n}");
}

void RecordTest::spellingsInKeysWithSlashAndTilde()
{
    const QByteArray text = "{\n"
                            "  \"a/b\": 0.50,\n"
                            "  \"c~d\": {\n"
                            "    \"~1\": [\n"
                            "      1e-3,\n"
                            "      {\n"
                            "        \"e\": 2.50\n"
                            "      }\n"
                            "    ]\n"
                            "  },\n"
                            "  \"other\": 1\n"
                            "}";
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(text, &error), qPrintable(error.message));
    QCOMPARE(record.value(QStringLiteral("/c~0d/~01/1/e")).get<double>(), 2.5);
    record.setValue(QStringLiteral("/other"), 2);
    QCOMPARE(record.serialize(), QByteArray(text).replace("\"other\": 1", "\"other\": 2"));
}

void RecordTest::spellingsFollowArrayItemRemoval()
{
    const QByteArray text = "{\n"
                            "  \"k\": [\n"
                            "    0.50,\n"
                            "    0.70,\n"
                            "    {\n"
                            "      \"r\": 1e-3\n"
                            "    }\n"
                            "  ],\n"
                            "  \"m\": 2.50\n"
                            "}";
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(text, &error), qPrintable(error.message));
    record.removeValue(QStringLiteral("/k/0"));
    const QByteArray expected = "{\n"
                                "  \"k\": [\n"
                                "    0.70,\n"
                                "    {\n"
                                "      \"r\": 1e-3\n"
                                "    }\n"
                                "  ],\n"
                                "  \"m\": 2.50\n"
                                "}";
    QCOMPARE(record.serialize(), expected);

    // A value that moves into the removed item's place must not take its spelling.
    Record same;
    QVERIFY2(same.parse("{\"k\": [0.50, 0.5]}", &error), qPrintable(error.message));
    same.removeValue(QStringLiteral("/k/0"));
    QCOMPARE(same.serialize(), QByteArray("{\n  \"k\": [\n    0.5\n  ]\n}"));
}

void RecordTest::numberSpellingsDirectly()
{
    NumberSpellings spellings;
    const std::string plain = R"({"a": 0.65, "b": 12, "s": "lr=1e-4 torch 2.0 0.50", "t": true})";
    spellings.collect(plain);
    QVERIFY2(spellings.isEmpty(), "numbers inside strings and canonical numbers need no spelling");
    QCOMPARE(QByteArray::fromStdString(spellings.dump(OrderedJson::parse(plain))),
             QByteArray::fromStdString(OrderedJson::parse(plain).dump(2)));

    const std::string odd = R"({"a": [1.50, 3], "b": -2.0e0})";
    spellings.collect(odd);
    QVERIFY(!spellings.isEmpty());
    QCOMPARE(QByteArray::fromStdString(spellings.dump(OrderedJson::parse(odd))),
             QByteArray("{\n  \"a\": [\n    1.50,\n    3\n  ],\n  \"b\": -2.0e0\n}"));

    // collect() replaces what was collected before.
    spellings.collect(plain);
    QVERIFY(spellings.isEmpty());

    // Malformed text collects nothing rather than half a document.
    spellings.collect(R"({"a": 1.50, "b": )");
    QVERIFY(spellings.isEmpty());
}

void RecordTest::markerLookalikeStringIsNotReplaced()
{
    // A string that looks like the internal placeholder of spelling 0 must
    // come back as written, and the number must still read back correctly.
    const QByteArray text = "{\n  \"n\": 0.50,\n  \"s\": \"\\u0001errata-number-0\\u0001\",\n  \"other\": 1\n}";
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(text, &error), qPrintable(error.message));
    record.setValue(QStringLiteral("/other"), 2);
    const QByteArray written = record.serialize();
    const OrderedJson reread = OrderedJson::parse(written.toStdString());
    QCOMPARE(QByteArray::fromStdString(reread["s"].get<std::string>()),
             QByteArray("\x01"
                        "errata-number-0\x01"));
    QCOMPARE(reread["n"].get<double>(), 0.5);
    QCOMPARE(reread["other"].get<int>(), 2);
}

// ---------------------------------------------------------------------------
// Line ends, final newline, BOM

void RecordTest::lineEndsAndFinalNewlineAreKept_data()
{
    QTest::addColumn<bool>("crlf");
    QTest::addColumn<bool>("finalNewline");

    QTest::newRow("LF, no final newline") << false << false;
    QTest::newRow("LF, final newline") << false << true;
    QTest::newRow("CRLF, no final newline") << true << false;
    QTest::newRow("CRLF, final newline") << true << true;
}

void RecordTest::lineEndsAndFinalNewlineAreKept()
{
    QFETCH(bool, crlf);
    QFETCH(bool, finalNewline);

    const QByteArray eol = crlf ? "\r\n" : "\n";
    const auto make = [&](const char *confidence) {
        QByteArray text = "{\n  \"id\": \"a/b\",\n  \"confidence\": " + QByteArray(confidence)
            + ",\n  \"tags\": [\n    \"x\"\n  ]\n}" + (finalNewline ? "\n" : "");
        return text.replace("\n", eol);
    };
    const QByteArray original = make("0.9");

    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(original, &error), qPrintable(error.message));
    QCOMPARE(record.hasFinalNewline(), finalNewline);
    QCOMPARE(record.textToWrite(), original);
    QCOMPARE(record.serialize(), original);

    record.setValue(QStringLiteral("/confidence"), 0.5);
    const QByteArray written = record.textToWrite();
    QCOMPARE(written, make("0.5"));
    if (crlf)
        QCOMPARE(written.count("\n"), written.count("\r\n"));
    else
        QVERIFY2(!written.contains('\r'), "an LF file must not gain CR characters");
}

void RecordTest::byteOrderMarkIsNotedAndLoads()
{
    const QByteArray seed = readFile(seedPath());
    const QByteArray withBom = Bom + seed;
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(withBom, &error), qPrintable(error.message));
    QVERIFY(record.hadByteOrderMark());
    QCOMPARE(record.id(), QStringLiteral("pytorch/nan-loss-step"));
    QVERIFY2(record.textToWrite() == withBom, "an unchanged file is never rewritten, BOM included");

    record.setValue(QStringLiteral("/confidence"), 0.5);
    const QByteArray written = record.textToWrite();
    QVERIFY2(!written.startsWith(Bom), "a saved record is written without a BOM");
    const QList<int> diff = differingLines(linesOf(written), linesOf(seed));
    QCOMPARE(diff.size(), 1);
    QCOMPARE(linesOf(written).at(diff.first()), QByteArray("  \"confidence\": 0.5,"));

    record.markSaved(written);
    QVERIFY(!record.hadByteOrderMark());

    Record noBom;
    QVERIFY2(noBom.parse(seed, &error), qPrintable(error.message));
    QVERIFY(!noBom.hadByteOrderMark());

    // A BOM in the middle is not a BOM: it is an error outside a string.
    QVERIFY(!noBom.parse("{\"a\": 1}" + Bom, &error));
}

// ---------------------------------------------------------------------------
// A released document: parsed again from the text, with the same result

void RecordTest::releasedDocumentIsParsedAgain()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    const OrderedJson before = record.json();
    const QList<Link> links = record.allLinks();
    QVERIFY(record.hasDocument());

    record.releaseDocument();
    QVERIFY(!record.hasDocument());
    // What every record is asked for in a KB-wide pass needs no document.
    QCOMPARE(record.id(), QStringLiteral("pytorch/nan-loss-step"));
    QVERIFY(!record.signature().isEmpty());
    QCOMPARE(record.domain(), QStringLiteral("pytorch"));
    QCOMPARE(record.linkTargets().size(), links.size());
    QVERIFY(!record.hasDocument());

    QCOMPARE(record.textToWrite(), readFile(seedPath()));
    QVERIFY(!record.hasDocument());
    QVERIFY(record.json() == before);
    QVERIFY(record.hasDocument());
    QCOMPARE(record.serialize(), readFile(seedPath()));
}

void RecordTest::releasedDocumentKeepsSpellingsAndByteOrderMark()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(Bom + numberDocument("0.50"), &error), qPrintable(error.message));
    record.releaseDocument();
    QVERIFY(!record.hasDocument());
    QCOMPARE(record.value(QStringLiteral("/n")).get<double>(), 0.5);
    record.releaseDocument();

    record.setValue(QStringLiteral("/other"), 2);
    QCOMPARE(record.serialize(), QByteArray("{\n  \"n\": 0.50,\n  \"other\": 2\n}"));
}

void RecordTest::changedRecordKeepsItsDocument()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    record.setValue(QStringLiteral("/confidence"), 0.25);
    record.releaseDocument();
    QVERIFY2(record.hasDocument(), "a changed record's document is its only copy of the change");
    QCOMPARE(*record.confidence(), 0.25);

    record.markSaved(record.textToWrite());
    record.releaseDocument();
    QVERIFY(!record.hasDocument());
    QCOMPARE(*record.confidence(), 0.25);
}

void RecordTest::summaryFollowsEdits()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(R"({"id": "a/b", "domain": "a", "transition_graph": {"leads_to": [{"error_id": "a/c"}]}})",
                          &error),
             qPrintable(error.message));
    QCOMPARE(record.linkTargets().size(), 1);
    QCOMPARE(record.linkTargets().at(0).id, QStringLiteral("a/c"));

    record.setValue(QStringLiteral("/id"), "x/y");
    record.setValue(QStringLiteral("/category"), "cat");
    record.setValue(QStringLiteral("/transition_graph/preceded_by"), OrderedJson::array({"x/z"}));
    QCOMPARE(record.id(), QStringLiteral("x/y"));
    QCOMPARE(record.category(), QStringLiteral("cat"));
    QCOMPARE(record.linkTargets().size(), 2);
    QCOMPARE(record.linkTargets().at(1).kind, Link::PrecededBy);
    QCOMPARE(record.linkTargets().at(1).id, QStringLiteral("x/z"));

    record.removeValue(QStringLiteral("/transition_graph/leads_to/0"));
    record.removeValue(QStringLiteral("/domain"));
    QCOMPARE(record.linkTargets().size(), 1);
    QCOMPARE(record.domain(), QString());

    record.setJson(OrderedJson{{"id", 7}, {"signature", "S"}});
    QCOMPARE(record.id(), QString()); // a wrong type reads as empty, as in the document
    QCOMPARE(record.signature(), QStringLiteral("S"));
    QVERIFY(record.linkTargets().isEmpty());
}

// What another thread holds of the summary (the cache's rows) stays as it
// was when the record changes: an edit makes a new summary. Copies of the
// record share it.
void RecordTest::sharedSummaryIsNeverChanged()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(R"({"id": "a/b", "signature": "Old", "domain": "a"})", &error), qPrintable(error.message));
    const std::shared_ptr<const Record::Summary> before = record.sharedSummary();
    QCOMPARE(Record(record).sharedSummary().get(), before.get());
    record.setValue(QStringLiteral("/signature"), "New");
    QCOMPARE(before->signature, QStringLiteral("Old"));
    QCOMPARE(record.signature(), QStringLiteral("New"));
    QVERIFY(record.sharedSummary().get() != before.get());
    QVERIFY(Record().sharedSummary()); // never null, empty
    QCOMPARE(Record().id(), QString());
}

void RecordTest::parsedForNowReleasesOnlyWhatItParsed()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    {
        const Record::ParsedForNow parsed(record);
        QVERIFY(record.hasDocument());
    }
    QVERIFY2(record.hasDocument(), "a document parsed before the pass stays");

    record.releaseDocument();
    {
        const Record::ParsedForNow parsed(record);
        QVERIFY(record.hasDocument());
        QVERIFY(!record.deadEnds().isEmpty());
    }
    QVERIFY2(!record.hasDocument(), "a document parsed for the pass is released after it");
}

void RecordTest::copyOwnsItsDocument()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(seedPath(), &error), qPrintable(error.message));
    Record copy = record;
    copy.setValue(QStringLiteral("/id"), "other/id");
    QCOMPARE(record.id(), QStringLiteral("pytorch/nan-loss-step"));
    QCOMPARE(record.json().at("id").get<std::string>(), std::string("pytorch/nan-loss-step"));
    QCOMPARE(copy.id(), QStringLiteral("other/id"));

    record.releaseDocument();
    Record released = record;
    QVERIFY(!released.hasDocument());
    QVERIFY(released.json() == record.json());
    copy = released;
    QCOMPARE(copy.id(), QStringLiteral("pytorch/nan-loss-step"));
    QVERIFY(!copy.isModified());
}

// A KB holds the text of every record, so a 4.2 KB file must not take 8 KB.
void RecordTest::textIsHeldInItsOwnSize()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("r.json"));
    const QByteArray text = "{\"id\": \"" + QByteArray(4200, 'x') + "\"}\n";
    QVERIFY(writeFile(path, text));
    Record record;
    Record::LoadError error;
    QVERIFY2(record.load(path, &error), qPrintable(error.message));
    QCOMPARE(record.originalText(), text);
    QVERIFY2(
        record.originalText().capacity() <= text.size() + 16,
        qPrintable(QStringLiteral("capacity %1 for %2 bytes").arg(record.originalText().capacity()).arg(text.size())));
}

QTEST_APPLESS_MAIN(RecordTest)
#include "RecordTest.moc"
