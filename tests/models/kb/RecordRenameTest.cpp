// Renaming a record with every link to it, written as one step and undone by
// renaming back; what a rename refuses and how it puts things back. The other
// whole-record edits are in RecordOperationsTest.

#include "LinkedKbFixture.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/RecordOperations.h"
#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Errata;
using namespace Errata::LinkedKbFixture;
using namespace Errata::TestSupport;

class RecordRenameTest : public QObject
{
    Q_OBJECT

private slots:
    void renameRewritesLinks();
    void renameAndBackRestoresEveryByte();
    void renameSeedAndBack();
    void renameRefuses_data();
    void renameRefuses();
    void renameRefusesModifiedLinker();
    void renameRefusesConflicts();
    void renameSerialisesFirst();
    void renamePutsBackOnAFailedWrite();
    void renameUnsavedRecord();
    void renameFixesIdInPlace();
    void renameKeepsLinksToADuplicateId();
};

void RecordRenameTest::renameRewritesLinks()
{
    LinkedKb fixture;
    Record *target = fixture.record(QStringLiteral("a/target"));
    Record *x = fixture.record(QStringLiteral("a/x"));
    Record *y = fixture.record(QStringLiteral("b/y"));
    const QByteArray zBefore = readFile(fixture.path(QStringLiteral("c/z")));
    QSignalSpy changed(&fixture.kb, &KnowledgeBase::recordChanged);

    QString error;
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("d/moved"), &error), qPrintable(error));

    QVERIFY(!QFile::exists(fixture.path(QStringLiteral("a/target"))));
    const QByteArray moved = readFile(fixture.path(QStringLiteral("d/moved")));
    QVERIFY(moved.contains("\"id\": \"d/moved\""));
    QVERIFY(moved.contains("\"domain\": \"d\""));
    QVERIFY(moved.contains("\"leads_to\": [\n      \"d/moved\"\n    ]")); // its self-link
    const QByteArray xText = readFile(x->filePath());
    QVERIFY(xText.contains("\"error_id\": \"d/moved\",\n        \"probability\": 0.50"));
    const QByteArray yText = readFile(y->filePath());
    QVERIFY(yText.contains("\"preceded_by\": [\n      \"d/moved\",\n      \"c/z\"\n    ]"));
    QVERIFY(yText.contains("\"error_id\": \"d/moved\",\n        \"distinction\": \"different step\""));
    QCOMPARE(readFile(fixture.path(QStringLiteral("c/z"))), zBefore);

    // The KB follows: same objects, new id and path, saved.
    QCOMPARE(fixture.kb.find(QStringLiteral("d/moved")), target);
    QCOMPARE(fixture.kb.find(QStringLiteral("a/target")), nullptr);
    QCOMPARE(target->filePath(), fixture.path(QStringLiteral("d/moved")));
    QCOMPARE(target->domain(), QStringLiteral("d"));
    QCOMPARE(fixture.kb.pathId(*target), QStringLiteral("d/moved"));
    for (const Record *record : {target, x, y}) {
        QVERIFY(!record->isModified());
        QCOMPARE(record->originalText(), readFile(record->filePath()));
        QVERIFY(!RecordWriter::changedOnDisk(*record));
    }
    QCOMPARE(changed.count(), 3);
    QVERIFY(fixture.kb.links().backlinks(QStringLiteral("a/target")).isEmpty());
    QCOMPARE(RecordOperations::linkersOf(fixture.kb, QStringLiteral("d/moved")).size(), 3);

    // What is on disk loads back as the KB holds it.
    fixture.reload();
    QVERIFY(fixture.kb.loadProblems().isEmpty());
    QVERIFY(fixture.record(QStringLiteral("d/moved")));
    QCOMPARE(RecordOperations::linkersOf(fixture.kb, QStringLiteral("d/moved")).size(), 3);
}

void RecordRenameTest::renameAndBackRestoresEveryByte()
{
    LinkedKb fixture;
    const auto before = snapshot(fixture.dir.path());
    Record *target = fixture.record(QStringLiteral("a/target"));
    QString error;
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("d/moved"), &error), qPrintable(error));
    QVERIFY(snapshot(fixture.dir.path()) != before);
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("a/target"), &error), qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);
    QCOMPARE(fixture.kb.find(QStringLiteral("a/target")), target);
    QCOMPARE(target->filePath(), fixture.path(QStringLiteral("a/target")));

    // Within the same domain, too.
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("a/other"), &error), qPrintable(error));
    QVERIFY(readFile(fixture.path(QStringLiteral("a/other"))).contains("\"domain\": \"a\""));
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("a/target"), &error), qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);
}

void RecordRenameTest::renameSeedAndBack()
{
    QTemporaryDir dir;
    const QString seedFile = dir.filePath(QStringLiteral("pytorch/nan-loss-step.json"));
    QVERIFY(writeFile(seedFile, readFile(SeedPath)));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    Record *seed = kb.find(QStringLiteral("pytorch/nan-loss-step"));
    QString error;
    QVERIFY2(RecordOperations::renameRecord(kb, seed, QStringLiteral("torch/nan-loss"), &error), qPrintable(error));
    QVERIFY(!QFile::exists(seedFile));
    QVERIFY2(RecordOperations::renameRecord(kb, seed, QStringLiteral("pytorch/nan-loss-step"), &error),
             qPrintable(error));
    QCOMPARE(readFile(seedFile), readFile(SeedPath));
    // The folder left empty goes.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList{QStringLiteral("pytorch")});
}

void RecordRenameTest::renameRefuses_data()
{
    QTest::addColumn<QString>("newId");
    QTest::addColumn<QString>("message");

    QTest::newRow("same") << QStringLiteral("a/target") << QStringLiteral("already has the id");
    QTest::newRow("dot dot") << QStringLiteral("a/../../x") << QStringLiteral("cannot be a record id");
    QTest::newRow("absolute") << QStringLiteral("/tmp/x") << QStringLiteral("cannot be a record id");
    QTest::newRow("backslash") << QStringLiteral("a\\x") << QStringLiteral("cannot be a record id");
    QTest::newRow("one segment") << QStringLiteral("target") << QStringLiteral("needs a domain");
    QTest::newRow("taken") << QStringLiteral("b/y") << QStringLiteral("taken already");
    QTest::newRow("file on disk") << QStringLiteral("d/late") << QStringLiteral("exists already");
}

void RecordRenameTest::renameRefuses()
{
    QFETCH(QString, newId);
    QFETCH(QString, message);

    LinkedKb fixture;
    QVERIFY(writeFile(fixture.path(QStringLiteral("d/late")), recordText(QStringLiteral("d/late"))));
    const auto before = snapshot(fixture.dir.path());
    Record *target = fixture.record(QStringLiteral("a/target"));
    QString error;
    QVERIFY(!RecordOperations::renameRecord(fixture.kb, target, newId, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);
    QCOMPARE(fixture.kb.find(QStringLiteral("a/target")), target);
}

void RecordRenameTest::renameRefusesModifiedLinker()
{
    LinkedKb fixture;
    const auto before = snapshot(fixture.dir.path());
    Record *y = fixture.record(QStringLiteral("b/y"));
    fixture.kb.setValue(y, QStringLiteral("/category"), "edited");
    QString error;
    QVERIFY(!RecordOperations::renameRecord(fixture.kb, fixture.record(QStringLiteral("a/target")),
                                            QStringLiteral("a/t2"), &error));
    QVERIFY2(error.contains(y->filePath()) && error.contains(QLatin1String("unsaved")), qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);

    // The renamed record's own edits go with it.
    fixture.kb.setValue(y, QStringLiteral("/category"), "io_error");
    QCOMPARE(RecordWriter::save(*y, RecordWriter::KeepTheirs, &error), RecordWriter::Unchanged);
    Record *target = fixture.record(QStringLiteral("a/target"));
    fixture.kb.setValue(target, QStringLiteral("/category"), "edited");
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("a/t2"), &error), qPrintable(error));
    QVERIFY(!target->isModified());
    QVERIFY(readFile(target->filePath()).contains("\"category\": \"edited\""));
}

void RecordRenameTest::renameRefusesConflicts()
{
    LinkedKb fixture;
    Record *target = fixture.record(QStringLiteral("a/target"));
    Record *x = fixture.record(QStringLiteral("a/x"));

    // A linker changed on disk.
    QVERIFY(writeFile(x->filePath(), readFile(x->filePath()) + ' '));
    auto before = snapshot(fixture.dir.path());
    QString error;
    QVERIFY(!RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("a/t2"), &error));
    QVERIFY2(error.contains(x->filePath()) && error.contains(QLatin1String("changed on disk")), qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);

    // The record itself changed on disk.
    fixture.reload();
    target = fixture.record(QStringLiteral("a/target"));
    QVERIFY(writeFile(target->filePath(), readFile(target->filePath()) + ' '));
    before = snapshot(fixture.dir.path());
    QVERIFY(!RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("a/t2"), &error));
    QVERIFY2(error.contains(target->filePath()), qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);
}

void RecordRenameTest::renameSerialisesFirst()
{
    LinkedKb fixture;
    const auto before = snapshot(fixture.dir.path());
    Record *target = fixture.record(QStringLiteral("a/target"));
    fixture.kb.setValue(target, QStringLiteral("/signature"), std::string("bad \xFF"));
    QString error;
    QVERIFY(!RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("a/t2"), &error));
    QVERIFY2(error.contains(QLatin1String("/signature")), qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);
    QCOMPARE(target->id(), QStringLiteral("a/target"));
    QCOMPARE(target->filePath(), fixture.path(QStringLiteral("a/target")));
    QCOMPARE(RecordOperations::linkersOf(fixture.kb, QStringLiteral("a/target")).size(), 3);
}

// A linker whose file name leaves no room for QSaveFile's temporary name
// (".XXXXXX" more than NAME_MAX) cannot be written: the new file written
// before it is removed again, the old file was never touched.
void RecordRenameTest::renamePutsBackOnAFailedWrite()
{
    LinkedKb fixture;
    const QString longId = QStringLiteral("c/") + QString(245, QLatin1Char('l'));
    fixture.write(longId, {{"leads_to", OrderedJson::array({"a/target"})}});
    fixture.reload();
    Record *target = fixture.record(QStringLiteral("a/target"));
    QVERIFY(fixture.record(longId));
    const auto before = snapshot(fixture.dir.path());

    QString error;
    QVERIFY(!RecordOperations::renameRecord(fixture.kb, target, QStringLiteral("d/moved"), &error));
    QVERIFY2(error.contains(fixture.path(longId)) && error.contains(QLatin1String("put back")), qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);
    QVERIFY(!QFileInfo::exists(fixture.dir.filePath(QStringLiteral("d")))); // the folder made for it too
    QCOMPARE(fixture.kb.find(QStringLiteral("a/target")), target);
    QVERIFY(!target->isModified());
    for (int i = 0; i < fixture.kb.count(); ++i)
        QVERIFY(!fixture.kb.recordAt(i)->isModified());
}

void RecordRenameTest::renameUnsavedRecord()
{
    LinkedKb fixture;
    QString error;
    Record *record = RecordOperations::createRecord(fixture.kb, QStringLiteral("n"), QStringLiteral("new"), Today,
                                                    &error);
    QVERIFY(record);
    const auto before = snapshot(fixture.dir.path());
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, record, QStringLiteral("m/renamed"), &error),
             qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);
    QCOMPARE(record->filePath(), fixture.path(QStringLiteral("m/renamed")));
    QCOMPARE(record->domain(), QStringLiteral("m"));
    QVERIFY(record->isModified());
    QVERIFY(record->originalText().isEmpty());
    QCOMPARE(fixture.kb.find(QStringLiteral("m/renamed")), record);
}

// A record whose file path does not match its id takes the id of its path in place.
void RecordRenameTest::renameFixesIdInPlace()
{
    LinkedKb fixture;
    QVERIFY(writeFile(fixture.path(QStringLiteral("e/right")), recordText(QStringLiteral("e/wrong"))));
    fixture.reload();
    Record *record = fixture.record(QStringLiteral("e/wrong"));
    QVERIFY(record);
    QString error;
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, record, QStringLiteral("e/right"), &error), qPrintable(error));
    QCOMPARE(readFile(fixture.path(QStringLiteral("e/right"))),
             recordText(QStringLiteral("e/wrong")).replace("\"id\": \"e/wrong\"", "\"id\": \"e/right\""));
    QCOMPARE(record->filePath(), fixture.path(QStringLiteral("e/right")));
}

void RecordRenameTest::renameKeepsLinksToADuplicateId()
{
    LinkedKb fixture;
    QVERIFY(writeFile(fixture.path(QStringLiteral("a/copy")), recordText(QStringLiteral("a/target"))));
    fixture.reload();
    const QString copyPath = fixture.path(QStringLiteral("a/copy"));
    Record *copy = fixture.kb.findFile(copyPath);
    QVERIFY(copy);
    QCOMPARE(fixture.kb.recordsWithId(QStringLiteral("a/target")).size(), 2);
    const QByteArray xBefore = readFile(fixture.path(QStringLiteral("a/x")));
    QString error;
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, copy, QStringLiteral("a/copy"), &error), qPrintable(error));
    QCOMPARE(readFile(fixture.path(QStringLiteral("a/x"))), xBefore);
    QCOMPARE(fixture.kb.recordsWithId(QStringLiteral("a/target")).size(), 1);
}

QTEST_GUILESS_MAIN(RecordRenameTest)
#include "RecordRenameTest.moc"
