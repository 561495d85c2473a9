// Saving records: a change rewrites exactly its line, an unchanged record
// is never written, files changed on disk are not overwritten unless asked,
// text that cannot be written (or a full disk) leaves the file intact,
// several records (or files) are written as one step, put back on a
// failure, and a record file that is a symbolic link is read-only.

#include "models/kb/RecordWriter.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"
#include "support/FileSizeLimit.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <utility>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

const QString SeedPath = QStringLiteral(ERRATA_TEST_DATA "/seed.json");
const QString SeedId = QStringLiteral("pytorch/nan-loss-step");
const QDate Today(2024, 7, 1);

struct FileStamp
{
    ino_t inode = 0;
    qint64 mtimeNs = 0;
    bool operator==(const FileStamp &other) const { return inode == other.inode && mtimeNs == other.mtimeNs; }
};

FileStamp stampOf(const QString &path)
{
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return {info.st_ino, qint64(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec};
}

// The rule and pointer of each finding, the parts that say what is wrong.
QStringList findings(const QList<Problem> &problems)
{
    QStringList list;
    for (const Problem &problem : problems)
        list << problem.rule + QLatin1Char(' ') + problem.pointer;
    list.sort();
    return list;
}

// A KB folder holding the seed at its place, plus `extra` files.
struct SeedKb
{
    QTemporaryDir dir;
    KnowledgeBase kb;
    QString seedFile;

    explicit SeedKb(const QList<QPair<QString, QByteArray>> &extra = {})
    {
        seedFile = dir.filePath(SeedId + QStringLiteral(".json"));
        QVERIFY(writeFile(seedFile, readFile(SeedPath)));
        for (const auto &[relative, bytes] : extra)
            QVERIFY(writeFile(dir.filePath(relative), bytes));
        kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    }
    Record *seed() const { return kb.find(SeedId); }
};

QByteArray otherRecord(const QString &id)
{
    OrderedJson json = {{"id", id.toStdString()},
                        {"signature", "Error: disk full"},
                        {"regex", "Error: disk full"},
                        {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
                        {"category", "io_error"}};
    return QByteArray::fromStdString(json.dump(2)) + '\n';
}

} // namespace

class RecordWriterTest : public QObject
{
    Q_OBJECT

private slots:
    void changeRewritesOneLine_data();
    void changeRewritesOneLine();
    void negativeZeroSurvivesAnUnrelatedSave();
    void unchangedRecordIsNotWritten();
    void sameValueIsNotWritten();
    void conflictKeepTheirs();
    void conflictOverwriteTheirs();
    void removedOnDiskIsAConflict();
    void fifoOnDiskIsAConflict();
    void newRecordConflictsWithAFileThatAppeared();
    void invalidUtf8Fails();
    void saveAllWritesEveryRecord();
    void saveAllConflictWritesNothing();
    void saveAllSkipsUnchangedFiles();
    void saveAllPutsBackOnAFailedWrite();
    void applyPutsBackEveryKindOfChange();
    void knowledgeBaseSaveSignals();
    void fullDiskKeepsTheFile();
    void saveAllOnAFullDiskKeepsEveryFile();
    void symlinkedRecordIsReadOnly();
};

void RecordWriterTest::changeRewritesOneLine_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("valueJson");
    QTest::addColumn<QByteArray>("expectedLine");

    QTest::newRow("number") << QStringLiteral("/fix_success_rate") << QStringLiteral("0.75")
                            << QByteArray("  \"fix_success_rate\": 0.75,");
    QTest::newRow("nested number") << QStringLiteral("/dead_ends/1/fail_rate") << QStringLiteral("0.9")
                                   << QByteArray("      \"fail_rate\": 0.9,");
    QTest::newRow("chinese") << QStringLiteral("/root_cause_zh") << QStringLiteral("\"梯度爆炸导致损失变为 NaN。\"")
                             << QByteArray("  \"root_cause_zh\": \"梯度爆炸导致损失变为 NaN。\",");
    QTest::newRow("null to string") << QStringLiteral("/official_doc_section")
                                    << QStringLiteral("\"Numerical stability\"")
                                    << QByteArray("  \"official_doc_section\": \"Numerical stability\",");
}

void RecordWriterTest::changeRewritesOneLine()
{
    QFETCH(QString, pointer);
    QFETCH(QString, valueJson);
    QFETCH(QByteArray, expectedLine);

    SeedKb fixture;
    Record *seed = fixture.seed();
    QVERIFY(seed);
    const RecordValidator validator(Today);
    const QStringList before = findings(validator.validate(*seed, &fixture.kb));

    fixture.kb.setValue(seed, pointer, OrderedJson::parse(valueJson.toStdString()));
    QVERIFY(seed->isModified());
    QString error;
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    QVERIFY(!seed->isModified());

    const QByteArray written = readFile(fixture.seedFile);
    QCOMPARE(seed->originalText(), written);
    const QList<QByteArray> oldLines = readFile(SeedPath).split('\n');
    const QList<QByteArray> newLines = written.split('\n');
    QCOMPARE(newLines.size(), oldLines.size());
    QList<QByteArray> changed;
    for (qsizetype i = 0; i < oldLines.size(); ++i) {
        if (oldLines.at(i) != newLines.at(i))
            changed << newLines.at(i);
    }
    QCOMPARE(changed, QList<QByteArray>{expectedLine});

    Record reread;
    Record::LoadError loadError;
    QVERIFY(reread.load(fixture.seedFile, &loadError));
    QVERIFY(reread.json() == seed->json());
    const QStringList after = findings(validator.validate(reread, &fixture.kb));
    for (const QString &finding : after)
        QVERIFY2(before.contains(finding), qPrintable(QStringLiteral("new finding: ") + finding));
}

// Load, change another field, save, diff: only that field's line differs.
void RecordWriterTest::negativeZeroSurvivesAnUnrelatedSave()
{
    SeedKb fixture;
    const QByteArray zeroes = "  \"x_zeroes\": [\n    -0,\n    -0.0,\n    -0.00,\n    -0e0,\n    0,\n    0.0\n  ],\n";
    QByteArray original = readFile(SeedPath);
    original.insert(original.indexOf('\n') + 1, zeroes);
    QVERIFY(writeFile(fixture.seedFile, original));
    fixture.kb.adopt(KnowledgeBaseLoader::load(fixture.dir.path()));
    Record *seed = fixture.seed();
    QVERIFY(seed);

    fixture.kb.setValue(seed, QStringLiteral("/fix_success_rate"), 0.75);
    QString error;
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    const QList<QByteArray> oldLines = original.split('\n');
    const QList<QByteArray> newLines = readFile(fixture.seedFile).split('\n');
    QCOMPARE(newLines.size(), oldLines.size());
    QList<QByteArray> changed;
    for (qsizetype i = 0; i < oldLines.size(); ++i) {
        if (oldLines.at(i) != newLines.at(i))
            changed << oldLines.at(i) + " -> " + newLines.at(i);
    }
    QCOMPARE(changed, QList<QByteArray>{"  \"fix_success_rate\": 0.8, ->   \"fix_success_rate\": 0.75,"});
}

void RecordWriterTest::unchangedRecordIsNotWritten()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    const FileStamp before = stampOf(fixture.seedFile);
    QVERIFY(before.inode != 0);
    QTest::qSleep(20); // a rewrite would show in the nanosecond mtime, and in the inode (QSaveFile renames)

    QString error;
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::KeepTheirs, &error), RecordWriter::Unchanged);
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::OverwriteTheirs, &error), RecordWriter::Unchanged);
    QVERIFY(stampOf(fixture.seedFile) == before);
    QCOMPARE(readFile(fixture.seedFile), readFile(SeedPath));
}

void RecordWriterTest::sameValueIsNotWritten()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    const FileStamp before = stampOf(fixture.seedFile);
    fixture.kb.setValue(seed, QStringLiteral("/confidence"), 0.9);
    QVERIFY(seed->isModified());
    QTest::qSleep(20);

    QString error;
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::KeepTheirs, &error), RecordWriter::Unchanged);
    QVERIFY(!seed->isModified());
    QVERIFY(stampOf(fixture.seedFile) == before);
}

void RecordWriterTest::conflictKeepTheirs()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 4);
    const QByteArray theirs = readFile(SeedPath).replace("\"error_code\": null", "\"error_code\": \"E42\"");
    QVERIFY(writeFile(fixture.seedFile, theirs));
    QVERIFY(RecordWriter::changedOnDisk(*seed));

    QString error;
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::KeepTheirs, &error), RecordWriter::Conflict);
    QVERIFY2(error.contains(fixture.seedFile) && error.contains(QLatin1String("changed on disk")), qPrintable(error));
    QCOMPARE(readFile(fixture.seedFile), theirs);
    QVERIFY(seed->isModified());
}

void RecordWriterTest::conflictOverwriteTheirs()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 4);
    QVERIFY(writeFile(fixture.seedFile, readFile(SeedPath).replace("\"error_code\": null", "\"error_code\": \"E\"")));

    QString error;
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::OverwriteTheirs, &error), RecordWriter::Written);
    const QByteArray written = readFile(fixture.seedFile);
    QCOMPARE(written, seed->originalText());
    QVERIFY(written.contains("\"evidence_count\": 4"));
    QVERIFY(written.contains("\"error_code\": null"));
    QVERIFY(!RecordWriter::changedOnDisk(*seed));
}

void RecordWriterTest::removedOnDiskIsAConflict()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 4);
    QVERIFY(QFile::remove(fixture.seedFile));

    QString error;
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::KeepTheirs, &error), RecordWriter::Conflict);
    QVERIFY2(error.contains(QLatin1String("removed on disk")), qPrintable(error));
    QVERIFY(!QFile::exists(fixture.seedFile));
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::OverwriteTheirs, &error), RecordWriter::Written);
    QVERIFY(QFile::exists(fixture.seedFile));
}

// A FIFO in place of the record's file: opening it in the conflict check would wait for ever. It is a change on disk,
// found without waiting.
void RecordWriterTest::fifoOnDiskIsAConflict()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 4);
    QVERIFY(QFile::remove(fixture.seedFile));
    QCOMPARE(::mkfifo(QFile::encodeName(fixture.seedFile).constData(), 0600), 0);

    QVERIFY(RecordWriter::changedOnDisk(*seed));
    QString error;
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::KeepTheirs, &error), RecordWriter::Conflict);
    QVERIFY(!error.isEmpty());
    QVERIFY(!RecordWriter::saveAll({seed}, &error));
    QVERIFY(QFileInfo(fixture.seedFile).exists() && !QFileInfo(fixture.seedFile).isFile()); // left alone
}

void RecordWriterTest::newRecordConflictsWithAFileThatAppeared()
{
    QTemporaryDir dir;
    Record record;
    record.setJson(OrderedJson::parse(otherRecord(QStringLiteral("disk/full")).toStdString()));
    record.setFilePath(dir.filePath(QStringLiteral("disk/full.json")));
    QVERIFY(record.originalText().isEmpty());
    QVERIFY(!RecordWriter::changedOnDisk(record));

    QVERIFY(writeFile(record.filePath(), "{}"));
    QString error;
    QCOMPARE(RecordWriter::save(record, RecordWriter::KeepTheirs, &error), RecordWriter::Conflict);
    QVERIFY2(error.contains(QLatin1String("already exists")), qPrintable(error));
    QCOMPARE(readFile(record.filePath()), QByteArray("{}"));

    QVERIFY(QFile::remove(record.filePath()));
    QCOMPARE(RecordWriter::save(record, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    QCOMPARE(readFile(record.filePath()), record.originalText());
}

void RecordWriterTest::invalidUtf8Fails()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    fixture.kb.setValue(seed, QStringLiteral("/workarounds/1/how"), std::string("bad \xFF\xFE bytes"));

    QString error;
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::OverwriteTheirs, &error), RecordWriter::Failed);
    QVERIFY2(error.contains(fixture.seedFile), qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("/workarounds/1/how")) && error.contains(QLatin1String("UTF-8")),
             qPrintable(error));
    QCOMPARE(readFile(fixture.seedFile), readFile(SeedPath));
    QVERIFY(seed->isModified());
    QCOMPARE(QDir(QFileInfo(fixture.seedFile).path()).entryList(QDir::Files),
             QStringList{QStringLiteral("nan-loss-step.json")});

    // A key is named as well.
    fixture.kb.setValue(seed, QStringLiteral("/workarounds/1/how"), "fine");
    fixture.kb.setValue(seed, QStringLiteral("/os_specific"), OrderedJson::object({{std::string("li\xC3nux"), "x"}}));
    QCOMPARE(RecordWriter::save(*seed, RecordWriter::KeepTheirs, &error), RecordWriter::Failed);
    QVERIFY2(error.contains(QLatin1String("/os_specific/li")), qPrintable(error));
}

void RecordWriterTest::saveAllWritesEveryRecord()
{
    SeedKb fixture({{QStringLiteral("disk/full.json"), otherRecord(QStringLiteral("disk/full"))}});
    Record *seed = fixture.seed();
    Record *other = fixture.kb.find(QStringLiteral("disk/full"));
    QVERIFY(other);
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 7);
    fixture.kb.setValue(other, QStringLiteral("/category"), "disk");

    QString error;
    QVERIFY2(RecordWriter::saveAll({seed, other}, &error), qPrintable(error));
    QVERIFY(!seed->isModified() && !other->isModified());
    QVERIFY(readFile(fixture.seedFile).contains("\"evidence_count\": 7"));
    QVERIFY(readFile(other->filePath()).contains("\"category\": \"disk\""));
    QCOMPARE(readFile(other->filePath()), other->originalText());
}

void RecordWriterTest::saveAllConflictWritesNothing()
{
    SeedKb fixture({{QStringLiteral("disk/full.json"), otherRecord(QStringLiteral("disk/full"))}});
    Record *seed = fixture.seed();
    Record *other = fixture.kb.find(QStringLiteral("disk/full"));
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 7);
    fixture.kb.setValue(other, QStringLiteral("/category"), "disk");
    const QByteArray theirs = otherRecord(QStringLiteral("disk/full")).replace("io_error", "theirs");
    QVERIFY(writeFile(other->filePath(), theirs));
    const FileStamp seedStamp = stampOf(fixture.seedFile);

    QString error;
    QVERIFY(!RecordWriter::saveAll({seed, other}, &error));
    QVERIFY2(error.contains(other->filePath()), qPrintable(error));
    QCOMPARE(readFile(fixture.seedFile), readFile(SeedPath));
    QVERIFY(stampOf(fixture.seedFile) == seedStamp);
    QCOMPARE(readFile(other->filePath()), theirs);
    QVERIFY(seed->isModified() && other->isModified());
}

void RecordWriterTest::saveAllSkipsUnchangedFiles()
{
    SeedKb fixture({{QStringLiteral("disk/full.json"), otherRecord(QStringLiteral("disk/full"))}});
    Record *seed = fixture.seed();
    Record *other = fixture.kb.find(QStringLiteral("disk/full"));
    fixture.kb.setValue(other, QStringLiteral("/category"), "disk");
    const FileStamp seedStamp = stampOf(fixture.seedFile);
    QTest::qSleep(20);

    QString error;
    QVERIFY2(RecordWriter::saveAll({seed, other}, &error), qPrintable(error));
    QVERIFY(stampOf(fixture.seedFile) == seedStamp);
    QVERIFY(readFile(other->filePath()).contains("\"category\": \"disk\""));
}

// The second record's path is a folder: its write fails after the first
// record was written, and the first file gets its old content back.
void RecordWriterTest::saveAllPutsBackOnAFailedWrite()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 7);
    Record blocked;
    blocked.setJson(OrderedJson::parse(otherRecord(QStringLiteral("disk/full")).toStdString()));
    blocked.setFilePath(fixture.dir.filePath(QStringLiteral("disk/full.json")));
    QVERIFY(QDir().mkpath(blocked.filePath()));

    QString error;
    QVERIFY(!RecordWriter::saveAll({seed, &blocked}, &error));
    QVERIFY2(error.contains(blocked.filePath()) && error.contains(QLatin1String("put back")), qPrintable(error));
    QCOMPARE(readFile(fixture.seedFile), readFile(SeedPath));
    QVERIFY(seed->isModified());
    QCOMPARE(seed->originalText(), readFile(SeedPath));
}

void RecordWriterTest::applyPutsBackEveryKindOfChange()
{
    QTemporaryDir dir;
    const QString changed = dir.filePath(QStringLiteral("a/changed.json"));
    const QString created = dir.filePath(QStringLiteral("b/new/created.json"));
    const QString removed = dir.filePath(QStringLiteral("a/removed.json"));
    const QString blocked = dir.filePath(QStringLiteral("c/blocked.json"));
    QVERIFY(writeFile(changed, "old changed"));
    QVERIFY(writeFile(removed, "old removed"));
    QVERIFY(QDir().mkpath(blocked));

    QString error;
    const QList<RecordWriter::FileChange> changes = {
        {changed, "new changed"}, {created, "new created"}, {removed, QByteArray(), true}, {blocked, "x"}};
    QVERIFY(!RecordWriter::apply(changes, &error));
    QVERIFY2(error.startsWith(blocked), qPrintable(error));
    QCOMPARE(readFile(changed), QByteArray("old changed"));
    QVERIFY(!QFile::exists(created));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("b")))); // the folders made for it are gone
    QCOMPARE(readFile(removed), QByteArray("old removed"));

    QVERIFY2(RecordWriter::apply(changes.mid(0, 3), &error), qPrintable(error));
    QCOMPARE(readFile(changed), QByteArray("new changed"));
    QCOMPARE(readFile(created), QByteArray("new created"));
    QVERIFY(!QFile::exists(removed));
}

void RecordWriterTest::knowledgeBaseSaveSignals()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    QSignalSpy saved(&fixture.kb, &KnowledgeBase::recordSaved);
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 2);
    QString error;
    QCOMPARE(fixture.kb.save(seed, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    QCOMPARE(saved.count(), 1);
    QCOMPARE(saved.at(0).at(0).value<const Record *>(), seed);

    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 3);
    QVERIFY(writeFile(fixture.seedFile, "{}"));
    QCOMPARE(fixture.kb.save(seed, RecordWriter::KeepTheirs, &error), RecordWriter::Conflict);
    QCOMPARE(saved.count(), 1);
    QVERIFY(!fixture.kb.saveAll({seed}, &error));
    QCOMPARE(saved.count(), 1);
    QCOMPARE(fixture.kb.save(seed, RecordWriter::OverwriteTheirs, &error), RecordWriter::Written);
    QCOMPARE(saved.count(), 2);
}

// A full disk (a file size limit below the record's size): the save fails
// and says so, the file keeps its old text, the record stays unsaved.
void RecordWriterTest::fullDiskKeepsTheFile()
{
    SeedKb fixture;
    Record *seed = fixture.seed();
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 7);
    QString error;
    RecordWriter::Outcome outcome = RecordWriter::Written;
    {
        FileSizeLimit full(64);
        QVERIFY(full.isActive());
        outcome = fixture.kb.save(seed, RecordWriter::KeepTheirs, &error);
    }
    QCOMPARE(outcome, RecordWriter::Failed);
    QVERIFY2(error.startsWith(fixture.seedFile + QStringLiteral(": cannot be written: ")), qPrintable(error));
    QCOMPARE(readFile(fixture.seedFile), readFile(SeedPath));
    QVERIFY(seed->isModified());
    QCOMPARE(seed->originalText(), readFile(SeedPath));
    QCOMPARE(QDir(QFileInfo(fixture.seedFile).path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("nan-loss-step.json")});

    QCOMPARE(fixture.kb.save(seed, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    QVERIFY(readFile(fixture.seedFile).contains("\"evidence_count\": 7"));
}

void RecordWriterTest::saveAllOnAFullDiskKeepsEveryFile()
{
    SeedKb fixture({{QStringLiteral("disk/full.json"), otherRecord(QStringLiteral("disk/full"))}});
    Record *seed = fixture.seed();
    Record *other = fixture.kb.find(QStringLiteral("disk/full"));
    fixture.kb.setValue(seed, QStringLiteral("/evidence_count"), 7);
    fixture.kb.setValue(other, QStringLiteral("/category"), "disk");
    QString error;
    bool saved = true;
    {
        FileSizeLimit full(16);
        QVERIFY(full.isActive());
        saved = RecordWriter::saveAll({seed, other}, &error);
    }
    QVERIFY(!saved);
    QVERIFY2(error.contains(QLatin1String("cannot be written")), qPrintable(error));
    QCOMPARE(readFile(fixture.seedFile), readFile(SeedPath));
    QCOMPARE(readFile(other->filePath()), otherRecord(QStringLiteral("disk/full")));
    QVERIFY(seed->isModified() && other->isModified());
}

// The rule for links: a record file that is a symbolic link is read-only.
// Saving fails with a message that says so; the link and the file it
// points to are left as they were.
void RecordWriterTest::symlinkedRecordIsReadOnly()
{
    QTemporaryDir kb;
    QTemporaryDir outside;
    QVERIFY(kb.isValid() && outside.isValid());
    const QString target = outside.filePath(QStringLiteral("elsewhere.json"));
    const QByteArray text = otherRecord(QStringLiteral("disk/full"));
    QVERIFY(writeFile(target, text));
    const QString link = kb.filePath(QStringLiteral("disk/full.json"));
    QVERIFY(QDir().mkpath(QFileInfo(link).path()));
    QVERIFY(QFile::link(target, link));
    Record record;
    Record::LoadError loadError;
    QVERIFY(record.parse(text, &loadError));
    record.setFilePath(link);
    OrderedJson json = record.json();
    json["category"] = "disk";
    record.setJson(json);

    QString error;
    for (const auto overwrite : {RecordWriter::KeepTheirs, RecordWriter::OverwriteTheirs}) {
        QCOMPARE(RecordWriter::save(record, overwrite, &error), RecordWriter::Failed);
        QCOMPARE(error, link + QStringLiteral(" is a symbolic link; Errata does not write through links"));
    }
    QVERIFY(!RecordWriter::saveAll({&record}, &error));
    QVERIFY2(error.contains(QLatin1String("is a symbolic link")), qPrintable(error));
    QVERIFY(record.isModified());
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(QFileInfo(link).symLinkTarget(), target);
    QCOMPARE(readFile(target), text);
    QCOMPARE(QDir(outside.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("elsewhere.json")});
}

QTEST_GUILESS_MAIN(RecordWriterTest)
#include "RecordWriterTest.moc"
