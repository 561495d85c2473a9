// Unsaved edits surviving a crash: stored under the application data folder
// per KB, listed and restored by a later run (with the original text, so a
// save still sees changes made on disk meanwhile), dropped once saved; a
// full disk keeps what was stored before. A copy is capped (a record whose
// text is larger gets none, and store() says so) and read back only from a
// regular file within the cap: not a larger one, a link or a FIFO put in
// its place.

#include "models/kb/RecoveryStore.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/RecordOperations.h"
#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"
#include "support/FileSizeLimit.h"
#include "support/TestFiles.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <memory>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray recordText(const QString &id)
{
    const OrderedJson json = {
        {"id", id.toStdString()},      {"signature", "Error: disk full"},
        {"regex", "Error: disk full"}, {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
        {"category", "io_error"},      {"confidence", 0.5}};
    // "0.50": a spelling that must survive a restore.
    return QByteArray::fromStdString(json.dump(2)).replace("0.5", "0.50") + '\n';
}

ino_t inodeOf(const QString &path)
{
    struct stat info = {};
    return ::stat(QFile::encodeName(path).constData(), &info) == 0 ? info.st_ino : 0;
}

// Every file of `folder` with its bytes.
QMap<QString, QByteArray> filesOf(const QString &folder)
{
    QMap<QString, QByteArray> files;
    for (const QString &name : QDir(folder).entryList(QDir::Files | QDir::Hidden))
        files.insert(name, readFile(QDir(folder).filePath(name)));
    return files;
}

QList<const Record *> constRecords(const QList<Record *> &records)
{
    return QList<const Record *>(records.cbegin(), records.cend());
}

struct KbFolder
{
    QTemporaryDir dir;

    KbFolder()
    {
        for (const char *id : {"disk/full", "disk/slow", "net/timeout"})
            QVERIFY(writeFile(path(QString::fromLatin1(id)), recordText(QString::fromLatin1(id))));
    }
    QString path(const QString &id) const { return dir.filePath(id + QStringLiteral(".json")); }
    std::unique_ptr<KnowledgeBase> load() const
    {
        auto kb = std::make_unique<KnowledgeBase>();
        kb->adopt(KnowledgeBaseLoader::load(dir.path()));
        return kb;
    }
};

} // namespace

class RecoveryStoreTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void cleanupTestCase();
    void folderPerKnowledgeBase();
    void restoreAfterCrash();
    void restoredRecordStillDetectsConflicts();
    void clearAfterSave();
    void storeHoldsExactlyTheModifiedRecords();
    void unchangedTextIsNotRewritten();
    void recordThatCannotBeSerialised();
    void clearAll();
    void nothingToRecover();
    void fullDiskKeepsWhatWasStored();
    void manifestNamesNoFileOutsideTheFolder();
    void copyLargerThanTheCapIsNotKept();
    void copyIsReadOnlyFromARegularFileWithinTheCap();
};

void RecoveryStoreTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QDir(RecoveryStore().baseDir()).removeRecursively();
}

void RecoveryStoreTest::cleanup()
{
    QDir(RecoveryStore().baseDir()).removeRecursively();
}

void RecoveryStoreTest::cleanupTestCase()
{
    QDir().rmdir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)); // only when empty
}

void RecoveryStoreTest::folderPerKnowledgeBase()
{
    const RecoveryStore store;
    QCOMPARE(store.baseDir(),
             QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery"));
    QVERIFY2(store.baseDir().contains(QLatin1String(".qttest")), qPrintable(store.baseDir()));
    const QString root = QStringLiteral("/data/kb");
    const QString expected = QString::fromLatin1(
        QCryptographicHash::hash(root.toUtf8(), QCryptographicHash::Sha1).toHex());
    QCOMPARE(store.folder(root), store.baseDir() + QLatin1Char('/') + expected);
    QCOMPARE(store.folder(QStringLiteral("/data/kb/")), store.folder(root));
    QCOMPARE(store.folder(QStringLiteral("/data/./kb")), store.folder(root));
    QVERIFY(store.folder(QStringLiteral("/data/kb2")) != store.folder(root));
    QCOMPARE(RecoveryStore(QStringLiteral("/elsewhere")).folder(root), QStringLiteral("/elsewhere/") + expected);
}

void RecoveryStoreTest::restoreAfterCrash()
{
    KbFolder folder;
    OrderedJson fullJson;
    OrderedJson newJson;
    {
        auto kb = folder.load();
        Record *full = kb->find(QStringLiteral("disk/full"));
        kb->setValue(full, QStringLiteral("/root_cause_zh"), "磁盘已满。");
        kb->setValue(full, QStringLiteral("/id"), "disk/full-renamed"); // an edited id stays with its file
        fullJson = full->json();
        QString error;
        Record *created = RecordOperations::createRecord(*kb, QStringLiteral("gpu"), QStringLiteral("oom"),
                                                         QDate(2024, 7, 1), &error);
        QVERIFY2(created, qPrintable(error));
        newJson = created->json();
        RecoveryStore store;
        QVERIFY2(store.store(*kb, &error), qPrintable(error));
        // A crash: nothing is saved, nothing cleared; the objects just go.
    }

    auto kb = folder.load();
    const RecoveryStore store;
    const QList<RecoveryStore::Entry> entries = store.entries(kb->root());
    QCOMPARE(entries.size(), 2);
    QCOMPARE(entries.at(0).filePath, folder.path(QStringLiteral("disk/full")));
    QCOMPARE(entries.at(0).id, QStringLiteral("disk/full-renamed"));
    QVERIFY(!entries.at(0).isNew);
    QCOMPARE(entries.at(1).filePath, folder.path(QStringLiteral("gpu/oom")));
    QCOMPARE(entries.at(1).id, QStringLiteral("gpu/oom"));
    QVERIFY(entries.at(1).isNew);
    for (const RecoveryStore::Entry &entry : entries) {
        QVERIFY(entry.time.isValid());
        QVERIFY(qAbs(entry.time.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    }

    // The record with a file: the stored document over the file as read.
    Record restored;
    QString error;
    QVERIFY2(store.restore(kb->root(), entries.at(0).filePath, &restored, &error), qPrintable(error));
    QVERIFY(restored.json() == fullJson);
    QVERIFY(restored.isModified());
    QCOMPARE(restored.filePath(), folder.path(QStringLiteral("disk/full")));
    QCOMPARE(restored.originalText(), recordText(QStringLiteral("disk/full")));
    QVERIFY(!RecordWriter::changedOnDisk(restored));
    Record *full = kb->findFile(entries.at(0).filePath);
    kb->replaceRecord(full, std::move(restored));
    QCOMPARE(kb->find(QStringLiteral("disk/full-renamed")), full);
    QCOMPARE(RecordWriter::save(*full, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    const QByteArray saved = readFile(folder.path(QStringLiteral("disk/full")));
    QVERIFY(saved.contains("\"root_cause_zh\": \"磁盘已满。\""));
    QVERIFY(saved.contains("\"confidence\": 0.50")); // the spelling of the file
    QVERIFY(saved.endsWith("}\n"));

    // The record never saved.
    Record fresh;
    QVERIFY2(store.restore(kb->root(), entries.at(1).filePath, &fresh, &error), qPrintable(error));
    QVERIFY(fresh.json() == newJson);
    QVERIFY(fresh.isModified());
    QVERIFY(fresh.originalText().isEmpty());
    Record *added = kb->add(std::make_unique<Record>(std::move(fresh)));
    QCOMPARE(RecordWriter::save(*added, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    QVERIFY(readFile(added->filePath()).endsWith("}\n"));
}

void RecoveryStoreTest::restoredRecordStillDetectsConflicts()
{
    KbFolder folder;
    QString error;
    {
        auto kb = folder.load();
        kb->setValue(kb->find(QStringLiteral("disk/slow")), QStringLiteral("/category"), "mine");
        QVERIFY(RecoveryStore().store(*kb, &error));
    }
    // Someone else changed the file before the next run.
    const QByteArray theirs = recordText(QStringLiteral("disk/slow")).replace("io_error", "theirs");
    QVERIFY(writeFile(folder.path(QStringLiteral("disk/slow")), theirs));

    auto kb = folder.load();
    Record restored;
    QVERIFY2(RecoveryStore().restore(kb->root(), folder.path(QStringLiteral("disk/slow")), &restored, &error),
             qPrintable(error));
    QCOMPARE(restored.category(), QStringLiteral("mine"));
    QVERIFY(RecordWriter::changedOnDisk(restored));
    QCOMPARE(RecordWriter::save(restored, RecordWriter::KeepTheirs, &error), RecordWriter::Conflict);
    QCOMPARE(readFile(folder.path(QStringLiteral("disk/slow"))), theirs);
}

void RecoveryStoreTest::clearAfterSave()
{
    KbFolder folder;
    auto kb = folder.load();
    Record *full = kb->find(QStringLiteral("disk/full"));
    Record *slow = kb->find(QStringLiteral("disk/slow"));
    kb->setValue(full, QStringLiteral("/category"), "a");
    kb->setValue(slow, QStringLiteral("/category"), "b");
    RecoveryStore store;
    QString error;
    QVERIFY2(store.store(*kb, &error), qPrintable(error));
    QCOMPARE(store.entries(kb->root()).size(), 2);

    QCOMPARE(RecordWriter::save(*full, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    QVERIFY2(store.clear(kb->root(), full->filePath(), &error), qPrintable(error));
    const QList<RecoveryStore::Entry> left = store.entries(kb->root());
    QCOMPARE(left.size(), 1);
    QCOMPARE(left.at(0).filePath, slow->filePath());
    QCOMPARE(QDir(store.folder(kb->root())).entryList(QDir::Files).size(), 3); // slow's .json and .orig, manifest

    QVERIFY(store.clear(kb->root(), slow->filePath()));
    QVERIFY(store.entries(kb->root()).isEmpty());
    QVERIFY(!QFileInfo::exists(store.folder(kb->root())));
    QVERIFY(store.clear(kb->root(), slow->filePath())); // nothing to clear is fine
}

void RecoveryStoreTest::storeHoldsExactlyTheModifiedRecords()
{
    KbFolder folder;
    auto kb = folder.load();
    Record *full = kb->find(QStringLiteral("disk/full"));
    Record *slow = kb->find(QStringLiteral("disk/slow"));
    Record *timeout = kb->find(QStringLiteral("net/timeout"));
    kb->setValue(full, QStringLiteral("/category"), "a");
    kb->setValue(slow, QStringLiteral("/category"), "b");
    RecoveryStore store;
    QString error;
    QVERIFY(store.store(kb->root(), constRecords({full, slow, timeout}), &error));
    QCOMPARE(store.entries(kb->root()).size(), 2);

    // Saved meanwhile: its entry goes with the next store.
    QCOMPARE(RecordWriter::save(*full, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    QVERIFY(store.store(*kb, &error));
    QCOMPARE(store.entries(kb->root()).size(), 1);
    QCOMPARE(store.entries(kb->root()).at(0).filePath, slow->filePath());

    // Records no longer passed (deleted) go too; with none left, so does the folder.
    QVERIFY(store.store(kb->root(), constRecords({full, timeout}), &error));
    QVERIFY(store.entries(kb->root()).isEmpty());
    QVERIFY(!QFileInfo::exists(store.folder(kb->root())));

    // Only safe names in the folder: hashes and the manifest.
    QVERIFY2(kb->reload(slow, &error), qPrintable(error)); // reverted
    kb->setValue(timeout, QStringLiteral("/category"), "c");
    QVERIFY(store.store(*kb, &error));
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(QDir::cleanPath(timeout->filePath()).toUtf8(), QCryptographicHash::Sha1).toHex());
    QStringList files = QDir(store.folder(kb->root())).entryList(QDir::Files);
    files.sort();
    QCOMPARE(
        files,
        (QStringList{hash + QStringLiteral(".json"), hash + QStringLiteral(".orig"), QStringLiteral("manifest.json")}));
    QCOMPARE(readFile(store.folder(kb->root()) + QLatin1Char('/') + hash + QStringLiteral(".json")),
             timeout->serialize());
}

void RecoveryStoreTest::unchangedTextIsNotRewritten()
{
    KbFolder folder;
    auto kb = folder.load();
    Record *full = kb->find(QStringLiteral("disk/full"));
    kb->setValue(full, QStringLiteral("/category"), "a");
    RecoveryStore store;
    QString error;
    QVERIFY(store.store(*kb, &error));
    const QDateTime first = store.entries(kb->root()).at(0).time;
    const QDir dir(store.folder(kb->root()));
    const QString textFile = dir.filePath(dir.entryList({QStringLiteral("*.json")}).value(0));
    QVERIFY(textFile != dir.filePath(QStringLiteral("manifest.json")));
    const ino_t inode = inodeOf(textFile);
    QTest::qWait(20);

    QVERIFY(RecoveryStore().store(*kb, &error)); // a new object: the files tell what is stored
    QCOMPARE(inodeOf(textFile), inode);
    QCOMPARE(store.entries(kb->root()).at(0).time, first);

    kb->setValue(full, QStringLiteral("/category"), "b");
    QVERIFY(store.store(*kb, &error));
    QVERIFY(inodeOf(textFile) != inode);
    QVERIFY(store.entries(kb->root()).at(0).time > first);
}

void RecoveryStoreTest::recordThatCannotBeSerialised()
{
    KbFolder folder;
    auto kb = folder.load();
    Record *full = kb->find(QStringLiteral("disk/full"));
    Record *slow = kb->find(QStringLiteral("disk/slow"));
    kb->setValue(full, QStringLiteral("/category"), "good");
    RecoveryStore store;
    QString error;
    QVERIFY(store.store(*kb, &error));

    kb->setValue(full, QStringLiteral("/category"), std::string("bad \xFF"));
    kb->setValue(slow, QStringLiteral("/category"), "fine");
    QVERIFY(!store.store(*kb, &error));
    QVERIFY2(error.contains(full->filePath()) && error.contains(QLatin1String("/category")), qPrintable(error));
    QCOMPARE(store.entries(kb->root()).size(), 2); // the previous text of full is kept
    Record restored;
    QVERIFY(store.restore(kb->root(), full->filePath(), &restored, &error));
    QCOMPARE(restored.category(), QStringLiteral("good"));
    QVERIFY(store.restore(kb->root(), slow->filePath(), &restored, &error));
    QCOMPARE(restored.category(), QStringLiteral("fine"));
}

void RecoveryStoreTest::clearAll()
{
    KbFolder folder;
    KbFolder other;
    auto kb = folder.load();
    auto otherKb = other.load();
    kb->setValue(kb->find(QStringLiteral("disk/full")), QStringLiteral("/category"), "a");
    otherKb->setValue(otherKb->find(QStringLiteral("disk/full")), QStringLiteral("/category"), "b");
    RecoveryStore store;
    QString error;
    QVERIFY(store.store(*kb, &error));
    QVERIFY(store.store(*otherKb, &error));
    QVERIFY(store.clearAll(kb->root()));
    QVERIFY(store.entries(kb->root()).isEmpty());
    QCOMPARE(store.entries(otherKb->root()).size(), 1);
}

void RecoveryStoreTest::nothingToRecover()
{
    KbFolder folder;
    auto kb = folder.load();
    RecoveryStore store;
    QString error;
    QVERIFY(store.store(*kb, &error)); // nothing modified: no folder at all
    QVERIFY(!QFileInfo::exists(store.folder(kb->root())));
    QVERIFY(store.entries(kb->root()).isEmpty());
    Record record;
    QVERIFY(!store.restore(kb->root(), folder.path(QStringLiteral("disk/full")), &record, &error));
    QVERIFY2(error.contains(QLatin1String("nothing to recover")), qPrintable(error));
}

// A full disk (a file size limit): the store fails and says so, and every
// file of the recovery folder is as before, so the edits stored last are
// still restorable.
void RecoveryStoreTest::fullDiskKeepsWhatWasStored()
{
    KbFolder folder;
    auto kb = folder.load();
    Record *full = kb->find(QStringLiteral("disk/full"));
    kb->setValue(full, QStringLiteral("/category"), "stored");
    RecoveryStore store;
    QString error;
    QVERIFY2(store.store(*kb, &error), qPrintable(error));
    const QMap<QString, QByteArray> before = filesOf(store.folder(kb->root()));
    QCOMPARE(before.size(), 3); // manifest, text, original

    kb->setValue(full, QStringLiteral("/category"), "not stored");
    kb->setValue(kb->find(QStringLiteral("disk/slow")), QStringLiteral("/category"), "not stored either");
    bool stored = true;
    {
        FileSizeLimit diskFull(16);
        QVERIFY(diskFull.isActive());
        stored = store.store(*kb, &error);
    }
    QVERIFY(!stored);
    QVERIFY2(error.contains(QLatin1String("cannot be written")), qPrintable(error));
    QCOMPARE(filesOf(store.folder(kb->root())), before);
    Record restored;
    QVERIFY2(store.restore(kb->root(), full->filePath(), &restored, &error), qPrintable(error));
    QCOMPARE(restored.category(), QStringLiteral("stored"));
    QCOMPARE(store.entries(kb->root()).size(), 1);
}

// A damaged manifest whose entry names a file by another name than the
// store gives it ("../outside", an absolute path) is not trusted: the entry
// is not listed and nothing is read through it (found by fuzz-recovery-store).
void RecoveryStoreTest::manifestNamesNoFileOutsideTheFolder()
{
    KbFolder folder;
    auto kb = folder.load();
    kb->setValue(kb->find(QStringLiteral("disk/full")), QStringLiteral("/category"), "stored");
    RecoveryStore store;
    QString error;
    QVERIFY2(store.store(*kb, &error), qPrintable(error));
    const QString dir = store.folder(kb->root());
    const QString manifestPath = QDir(dir).filePath(QStringLiteral("manifest.json"));
    const QByteArray manifest = readFile(manifestPath);
    QVERIFY(!manifest.isEmpty());
    QCOMPARE(store.entries(kb->root()).size(), 1);

    const QByteArray outside = recordText(QStringLiteral("disk/outside"));
    QVERIFY(writeFile(QDir(dir).filePath(QStringLiteral("../outside.json")), outside));
    QVERIFY(writeFile(folder.dir.filePath(QStringLiteral("elsewhere.json")), outside));
    const QString filePath = folder.path(QStringLiteral("disk/full"));
    const QByteArray name = QCryptographicHash::hash(filePath.toUtf8(), QCryptographicHash::Sha1).toHex();
    for (const QString &bad : {QStringLiteral("../outside"), folder.dir.filePath(QStringLiteral("elsewhere"))}) {
        QVERIFY(writeFile(manifestPath, QByteArray(manifest).replace(name, bad.toUtf8())));
        QVERIFY2(store.entries(kb->root()).isEmpty(), qPrintable(bad));
        QByteArray text;
        QByteArray original;
        QVERIFY(!store.read(kb->root(), filePath, &text, &original, &error));
        QVERIFY(!text.contains("disk/outside") && !original.contains("disk/outside"));
        Record record;
        QVERIFY(!store.restore(kb->root(), filePath, &record, &error));
        QVERIFY2(error.contains(QLatin1String("nothing to recover")), qPrintable(error));
    }
    QVERIFY(writeFile(manifestPath, manifest));
    Record restored;
    QVERIFY2(store.restore(kb->root(), filePath, &restored, &error), qPrintable(error));
    QCOMPARE(restored.category(), QStringLiteral("stored"));
}

// A log pasted into a field (10 KB here, with the cap lowered to 4 KiB):
// no copy is written, the error names the file and the cap, the previous
// copy stays, and the other records are kept.
void RecoveryStoreTest::copyLargerThanTheCapIsNotKept()
{
    KbFolder folder;
    auto kb = folder.load();
    Record *full = kb->find(QStringLiteral("disk/full"));
    Record *slow = kb->find(QStringLiteral("disk/slow"));
    RecoveryStore store;
    store.setMaxCopyBytes(4096);
    kb->setValue(full, QStringLiteral("/root_cause"), "small");
    QString error;
    QVERIFY2(store.store(*kb, &error), qPrintable(error));
    kb->setValue(full, QStringLiteral("/root_cause"), std::string(10000, 'x'));
    kb->setValue(slow, QStringLiteral("/category"), "fine");
    QVERIFY(!store.store(*kb, &error));
    QVERIFY2(error.contains(full->filePath()) && error.contains(QLatin1String("more than the 4.0 KiB")),
             qPrintable(error));
    for (const QString &name : QDir(store.folder(kb->root())).entryList(QDir::Files))
        QVERIFY2(QFileInfo(QDir(store.folder(kb->root())).filePath(name)).size() <= 4096, qPrintable(name));
    Record restored;
    QVERIFY2(store.restore(kb->root(), full->filePath(), &restored, &error), qPrintable(error));
    QCOMPARE(restored.rootCause(), QStringLiteral("small"));
    QVERIFY2(store.restore(kb->root(), slow->filePath(), &restored, &error), qPrintable(error));
}

void RecoveryStoreTest::copyIsReadOnlyFromARegularFileWithinTheCap()
{
    KbFolder folder;
    auto kb = folder.load();
    Record *full = kb->find(QStringLiteral("disk/full"));
    kb->setValue(full, QStringLiteral("/category"), "stored");
    RecoveryStore store;
    QString error;
    QVERIFY2(store.store(*kb, &error), qPrintable(error));
    const QString filePath = full->filePath();
    const QString name = QString::fromLatin1(
        QCryptographicHash::hash(QDir::cleanPath(filePath).toUtf8(), QCryptographicHash::Sha1).toHex());
    const QString copy = QDir(store.folder(kb->root())).filePath(name + QStringLiteral(".json"));
    const QByteArray stored = readFile(copy);
    QVERIFY(!stored.isEmpty());
    Record restored;

    // Larger than the cap: refused, saying so.
    store.setMaxCopyBytes(stored.size() - 1);
    QVERIFY(!store.restore(kb->root(), filePath, &restored, &error));
    QVERIFY2(error.contains(QLatin1String("more than the")), qPrintable(error));
    store.setMaxCopyBytes(Record::MaxFileSize);

    // A link in its place, to a record outside the store: not followed.
    const QString outside = folder.dir.filePath(QStringLiteral("outside.txt"));
    QVERIFY(writeFile(outside, recordText(QStringLiteral("disk/outside"))));
    QVERIFY(QFile::remove(copy));
    QVERIFY(QFile::link(outside, copy));
    QVERIFY(!store.restore(kb->root(), filePath, &restored, &error));
    QVERIFY2(error.contains(QLatin1String("replaced by a link")), qPrintable(error));

    // A FIFO: refused at once, without waiting for a writer.
    QVERIFY(QFile::remove(copy));
    QCOMPARE(::mkfifo(QFile::encodeName(copy).constData(), 0600), 0);
    QVERIFY(!store.restore(kb->root(), filePath, &restored, &error));
    QVERIFY2(error.contains(QLatin1String("not a regular file")), qPrintable(error));

    QVERIFY(QFile::remove(copy));
    QVERIFY(writeFile(copy, stored));
    QVERIFY2(store.restore(kb->root(), filePath, &restored, &error), qPrintable(error));
    QCOMPARE(restored.category(), QStringLiteral("stored"));
}

QTEST_GUILESS_MAIN(RecoveryStoreTest)
#include "RecoveryStoreTest.moc"
