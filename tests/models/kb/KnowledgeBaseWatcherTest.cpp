// Following a KB folder on disk: changes by others reload unmodified
// records and are reported as conflicts for modified ones, removals and new
// files are reported, bursts are handled once, and Errata's own writes
// cause no signal. Real files in a temporary folder.

#include "models/kb/KnowledgeBaseWatcher.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/RecordOperations.h"
#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <memory>
#include <thread>

using namespace Errata;

namespace {

// Long enough for a debounced batch to have been handled.
constexpr int QuietMs = 3 * KnowledgeBaseWatcher::DebounceMs + 300;

// Writes in place, as an editor without atomic saves does.
bool writeInPlace(const QString &path, const QByteArray &bytes)
{
    return TestSupport::writeFile(path, bytes);
}

// Writes a temporary file and renames it over, as git and most tools do.
bool writeAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

QByteArray recordText(const QString &id, const QString &category = QStringLiteral("io_error"))
{
    const OrderedJson json = {{"id", id.toStdString()},
                              {"signature", "Error: disk full"},
                              {"regex", "Error: disk full"},
                              {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
                              {"category", category.toStdString()}};
    return QByteArray::fromStdString(json.dump(2)) + '\n';
}

struct Fixture
{
    QTemporaryDir dir;
    KnowledgeBase kb;
    std::unique_ptr<KnowledgeBaseWatcher> watcher;
    std::unique_ptr<QSignalSpy> reloaded, conflict, removed, added, failed;

    Fixture()
    {
        writeInPlace(path(QStringLiteral("disk/full")), recordText(QStringLiteral("disk/full")));
        writeInPlace(path(QStringLiteral("disk/slow")), recordText(QStringLiteral("disk/slow")));
        writeInPlace(path(QStringLiteral("net/dns/timeout")), recordText(QStringLiteral("net/dns/timeout")));
        kb.adopt(KnowledgeBaseLoader::load(dir.path()));
        watcher = std::make_unique<KnowledgeBaseWatcher>(&kb);
        reloaded = std::make_unique<QSignalSpy>(watcher.get(), &KnowledgeBaseWatcher::reloaded);
        conflict = std::make_unique<QSignalSpy>(watcher.get(), &KnowledgeBaseWatcher::conflict);
        removed = std::make_unique<QSignalSpy>(watcher.get(), &KnowledgeBaseWatcher::removedOnDisk);
        added = std::make_unique<QSignalSpy>(watcher.get(), &KnowledgeBaseWatcher::added);
        failed = std::make_unique<QSignalSpy>(watcher.get(), &KnowledgeBaseWatcher::loadFailed);
    }
    QString path(const QString &id) const { return dir.filePath(id + QStringLiteral(".json")); }
    Record *record(const QString &id) const { return kb.find(id); }
    int signalCount() const
    {
        return int(reloaded->count() + conflict->count() + removed->count() + added->count() + failed->count());
    }
};

Record *recordIn(const QSignalSpy &spy, int index)
{
    return spy.at(index).at(0).value<Record *>();
}

} // namespace

class KnowledgeBaseWatcherTest : public QObject
{
    Q_OBJECT

private slots:
    void changeReloadsUnmodifiedRecord_data();
    void changeReloadsUnmodifiedRecord();
    void changeOfModifiedRecordIsAConflict();
    void burstIsHandledOnce();
    void streamIsHandledAlongTheWay();
    void ownSaveCausesNothing();
    void ownOperationsCauseNothing();
    void removedFile();
    void slotThatTakesRecords();
    void newFiles();
    void newFileThatDoesNotLoadYet();
    void followsAReset();
    void largeKbIsWatchedInBatches();
    void recordReplacedByFifo();
    void newLinks();
};

void KnowledgeBaseWatcherTest::changeReloadsUnmodifiedRecord_data()
{
    QTest::addColumn<bool>("atomic");
    QTest::newRow("in place") << false;
    QTest::newRow("rename over") << true;
}

void KnowledgeBaseWatcherTest::changeReloadsUnmodifiedRecord()
{
    QFETCH(bool, atomic);
    Fixture fixture;
    Record *record = fixture.record(QStringLiteral("disk/full"));
    QSignalSpy changed(&fixture.kb, &KnowledgeBase::recordChanged);
    const QByteArray theirs = recordText(QStringLiteral("disk/full"), QStringLiteral("storage"));
    const QString path = fixture.path(QStringLiteral("disk/full"));
    QVERIFY(atomic ? writeAtomically(path, theirs) : writeInPlace(path, theirs));

    QVERIFY(fixture.reloaded->wait(5000));
    QCOMPARE(fixture.reloaded->count(), 1);
    QCOMPARE(recordIn(*fixture.reloaded, 0), record);
    QCOMPARE(record->category(), QStringLiteral("storage"));
    QCOMPARE(record->originalText(), theirs);
    QVERIFY(!record->isModified());
    QCOMPARE(changed.count(), 1);

    // Still watched after the file was replaced: a second change is seen too.
    const QByteArray again = recordText(QStringLiteral("disk/full"), QStringLiteral("again"));
    QVERIFY(atomic ? writeAtomically(path, again) : writeInPlace(path, again));
    QTRY_COMPARE(fixture.reloaded->count(), 2);
    QCOMPARE(record->category(), QStringLiteral("again"));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.signalCount(), 2);
}

void KnowledgeBaseWatcherTest::changeOfModifiedRecordIsAConflict()
{
    Fixture fixture;
    Record *record = fixture.record(QStringLiteral("disk/full"));
    fixture.kb.setValue(record, QStringLiteral("/category"), "mine");
    const QString path = fixture.path(QStringLiteral("disk/full"));
    QVERIFY(writeAtomically(path, recordText(QStringLiteral("disk/full"), QStringLiteral("theirs"))));

    QVERIFY(fixture.conflict->wait(5000));
    QCOMPARE(recordIn(*fixture.conflict, 0), record);
    QCOMPARE(record->category(), QStringLiteral("mine"));
    QVERIFY(record->isModified());
    QVERIFY(RecordWriter::changedOnDisk(*record));

    // The same content is not reported twice; new content is.
    QVERIFY(writeInPlace(path, recordText(QStringLiteral("disk/full"), QStringLiteral("theirs"))));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.conflict->count(), 1);
    QVERIFY(writeInPlace(path, recordText(QStringLiteral("disk/full"), QStringLiteral("theirs too"))));
    QTRY_COMPARE(fixture.conflict->count(), 2);
    QCOMPARE(fixture.reloaded->count(), 0);

    // Answered by overwriting: Errata's write causes nothing more.
    QString error;
    QCOMPARE(RecordWriter::save(*record, RecordWriter::OverwriteTheirs, &error), RecordWriter::Written);
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.signalCount(), 2);
}

void KnowledgeBaseWatcherTest::burstIsHandledOnce()
{
    Fixture fixture;
    const QString path = fixture.path(QStringLiteral("disk/slow"));
    for (int i = 0; i < 5; ++i) {
        QVERIFY(writeInPlace(path, recordText(QStringLiteral("disk/slow"), QStringLiteral("step%1").arg(i))));
        QTest::qWait(20);
    }
    QVERIFY(fixture.reloaded->wait(5000));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.reloaded->count(), 1);
    QCOMPARE(fixture.record(QStringLiteral("disk/slow"))->category(), QStringLiteral("step4"));
}

void KnowledgeBaseWatcherTest::streamIsHandledAlongTheWay()
{
    Fixture fixture;
    const QString path = fixture.path(QStringLiteral("disk/slow"));
    QElapsedTimer writing;
    writing.start();
    for (int i = 0; writing.elapsed() < 2 * KnowledgeBaseWatcher::MaxDelayMs; ++i) {
        QVERIFY(writeInPlace(path, recordText(QStringLiteral("disk/slow"), QStringLiteral("step%1").arg(i))));
        QTest::qWait(KnowledgeBaseWatcher::DebounceMs / 4);
    }
    QVERIFY(fixture.reloaded->count() >= 1); // not held back until the writes stop
}

void KnowledgeBaseWatcherTest::ownSaveCausesNothing()
{
    Fixture fixture;
    Record *record = fixture.record(QStringLiteral("disk/full"));
    fixture.kb.setValue(record, QStringLiteral("/category"), "mine");
    QString error;
    QCOMPARE(RecordWriter::save(*record, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    Record *other = fixture.record(QStringLiteral("net/dns/timeout"));
    fixture.kb.setValue(other, QStringLiteral("/category"), "dns");
    QVERIFY(RecordWriter::saveAll({other}, &error));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.signalCount(), 0);

    // And the files are still followed afterwards.
    QVERIFY(writeInPlace(record->filePath(), recordText(QStringLiteral("disk/full"), QStringLiteral("theirs"))));
    QVERIFY(fixture.reloaded->wait(5000));
    QCOMPARE(record->category(), QStringLiteral("theirs"));
}

void KnowledgeBaseWatcherTest::ownOperationsCauseNothing()
{
    Fixture fixture;
    QString error;
    Record *created = RecordOperations::createRecord(fixture.kb, QStringLiteral("disk"), QStringLiteral("new"),
                                                     QDate(2024, 7, 1), &error);
    QVERIFY2(created, qPrintable(error));
    QCOMPARE(RecordWriter::save(*created, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    Record *full = fixture.record(QStringLiteral("disk/full"));
    QVERIFY2(RecordOperations::renameRecord(fixture.kb, full, QStringLiteral("store/full"), &error), qPrintable(error));
    std::unique_ptr<Record> deleted = RecordOperations::deleteRecord(
        fixture.kb, fixture.record(QStringLiteral("disk/slow")), &error);
    QVERIFY2(deleted, qPrintable(error));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.signalCount(), 0);
    QVERIFY2(RecordOperations::restoreRecord(fixture.kb, std::move(deleted), &error), qPrintable(error));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.signalCount(), 0);

    // The saved new record and the renamed one are followed at their files.
    QVERIFY(writeInPlace(created->filePath(), recordText(QStringLiteral("disk/new"), QStringLiteral("theirs"))));
    QVERIFY(writeInPlace(full->filePath(), recordText(QStringLiteral("store/full"), QStringLiteral("theirs"))));
    QTRY_COMPARE(fixture.reloaded->count(), 2);
    QCOMPARE(created->category(), QStringLiteral("theirs"));
    QCOMPARE(full->category(), QStringLiteral("theirs"));
    QCOMPARE(fixture.kb.count(), 4);
}

void KnowledgeBaseWatcherTest::removedFile()
{
    Fixture fixture;
    Record *record = fixture.record(QStringLiteral("disk/full"));
    const QByteArray original = record->originalText();
    QVERIFY(QFile::remove(record->filePath()));
    QVERIFY(fixture.removed->wait(5000));
    QCOMPARE(recordIn(*fixture.removed, 0), record);
    QCOMPARE(fixture.kb.find(QStringLiteral("disk/full")), record); // the user decides
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.removed->count(), 1);

    // Back as it was: nothing to say; removed again: said again.
    QVERIFY(writeInPlace(record->filePath(), original));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.signalCount(), 1);
    QVERIFY(QFile::remove(record->filePath()));
    QTRY_COMPARE(fixture.removed->count(), 2);

    // A whole folder.
    QVERIFY(QDir(fixture.dir.filePath(QStringLiteral("net"))).removeRecursively());
    QTRY_COMPARE(fixture.removed->count(), 3);
    QCOMPARE(recordIn(*fixture.removed, 2), fixture.record(QStringLiteral("net/dns/timeout")));
}

// A slot that takes records out of the KB: the signals of the same batch
// for those records are not delivered any more.
void KnowledgeBaseWatcherTest::slotThatTakesRecords()
{
    Fixture fixture;
    Record *full = fixture.record(QStringLiteral("disk/full"));
    Record *slow = fixture.record(QStringLiteral("disk/slow"));
    std::vector<std::unique_ptr<Record>> taken;
    connect(fixture.watcher.get(), &KnowledgeBaseWatcher::removedOnDisk, this, [&](Record *) {
        for (Record *record : {full, slow}) {
            if (fixture.kb.findFile(record->filePath()))
                taken.push_back(fixture.kb.take(record));
        }
    });
    QVERIFY(QFile::remove(full->filePath()));
    QVERIFY(QFile::remove(slow->filePath()));
    QVERIFY(fixture.removed->wait(5000));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.removed->count(), 1);
    QCOMPARE(taken.size(), size_t(2));
    QCOMPARE(fixture.kb.count(), 1);
}

void KnowledgeBaseWatcherTest::newFiles()
{
    Fixture fixture;
    QVERIFY(writeAtomically(fixture.path(QStringLiteral("disk/added")), recordText(QStringLiteral("disk/added"))));
    QVERIFY(fixture.added->wait(5000));
    Record *added = fixture.record(QStringLiteral("disk/added"));
    QVERIFY(added);
    QCOMPARE(recordIn(*fixture.added, 0), added);
    QVERIFY(!added->isModified());
    QCOMPARE(fixture.kb.count(), 4);

    // In a new folder tree, and then changed there.
    QVERIFY(writeInPlace(fixture.path(QStringLiteral("gpu/cuda/oom")), recordText(QStringLiteral("gpu/cuda/oom"))));
    QTRY_VERIFY(fixture.record(QStringLiteral("gpu/cuda/oom")));
    QCOMPARE(fixture.added->count(), 2);
    QVERIFY(writeInPlace(fixture.path(QStringLiteral("gpu/cuda/oom")),
                         recordText(QStringLiteral("gpu/cuda/oom"), QStringLiteral("memory"))));
    QTRY_COMPARE(fixture.reloaded->count(), 1);
    QCOMPARE(fixture.record(QStringLiteral("gpu/cuda/oom"))->category(), QStringLiteral("memory"));
    QVERIFY(writeInPlace(fixture.path(QStringLiteral("gpu/cuda/deeper/x")), recordText(QStringLiteral("gpu/cuda/x"))));
    QTRY_COMPARE(fixture.added->count(), 3);

    // Hidden files, hidden folders and other files are not records.
    QVERIFY(writeInPlace(fixture.dir.filePath(QStringLiteral("disk/.hidden.json")), recordText(QStringLiteral("h/a"))));
    QVERIFY(writeInPlace(fixture.dir.filePath(QStringLiteral(".git/x.json")), recordText(QStringLiteral("h/b"))));
    QVERIFY(writeInPlace(fixture.dir.filePath(QStringLiteral("disk/notes.txt")), "notes"));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.added->count(), 3);
    QCOMPARE(fixture.kb.count(), 6);
    QCOMPARE(fixture.failed->count(), 0);
}

void KnowledgeBaseWatcherTest::newFileThatDoesNotLoadYet()
{
    Fixture fixture;
    const QString path = fixture.path(QStringLiteral("disk/partial"));
    QVERIFY(writeInPlace(path, "{\n  \"id\": \"disk/par"));
    QVERIFY(fixture.failed->wait(5000));
    QCOMPARE(fixture.failed->at(0).at(0).toString(), path);
    QVERIFY2(fixture.failed->at(0).at(1).toString().contains(QLatin1String("line 2")),
             qPrintable(fixture.failed->at(0).at(1).toString()));
    QCOMPARE(fixture.kb.count(), 3);

    QVERIFY(writeInPlace(path, recordText(QStringLiteral("disk/partial"))));
    QVERIFY(fixture.added->wait(5000));
    QVERIFY(fixture.record(QStringLiteral("disk/partial")));
}

void KnowledgeBaseWatcherTest::followsAReset()
{
    Fixture fixture;
    QTemporaryDir other;
    QVERIFY(writeInPlace(other.filePath(QStringLiteral("a/b.json")), recordText(QStringLiteral("a/b"))));
    fixture.kb.adopt(KnowledgeBaseLoader::load(other.path()));

    // The old folder is no longer followed, the new one is.
    QVERIFY(writeInPlace(fixture.path(QStringLiteral("disk/full")),
                         recordText(QStringLiteral("disk/full"), QStringLiteral("x"))));
    QVERIFY(writeInPlace(fixture.path(QStringLiteral("disk/more")), recordText(QStringLiteral("disk/more"))));
    QTest::qWait(QuietMs);
    QCOMPARE(fixture.signalCount(), 0);
    QVERIFY(writeInPlace(other.filePath(QStringLiteral("a/b.json")),
                         recordText(QStringLiteral("a/b"), QStringLiteral("y"))));
    QVERIFY(fixture.reloaded->wait(5000));
    QCOMPARE(fixture.kb.find(QStringLiteral("a/b"))->category(), QStringLiteral("y"));
}

// Past the first batch, files are watched a batch per turn of the event
// loop: a change to the last file is still seen once the batches ran.
void KnowledgeBaseWatcherTest::largeKbIsWatchedInBatches()
{
    QTemporaryDir dir;
    const int count = KnowledgeBaseWatcher::FirstBatch + 2 * KnowledgeBaseWatcher::Batch + 3;
    const auto pathOf = [&dir](int i) {
        return dir.filePath(QStringLiteral("bulk/e%1.json").arg(i, 5, 10, QLatin1Char('0')));
    };
    for (int i = 0; i < count; ++i)
        QVERIFY(writeInPlace(pathOf(i), recordText(QStringLiteral("bulk/e%1").arg(i, 5, 10, QLatin1Char('0')))));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    QCOMPARE(kb.count(), count);
    KnowledgeBaseWatcher watcher(&kb);
    QSignalSpy reloaded(&watcher, &KnowledgeBaseWatcher::reloaded);
    QVERIFY(!watcher.watchesEveryFile());
    QTRY_VERIFY_WITH_TIMEOUT(watcher.watchesEveryFile(), 30000); // the batches
    for (int i : {0, count - 1}) {
        const QString id = QStringLiteral("bulk/e%1").arg(i, 5, 10, QLatin1Char('0'));
        QVERIFY(writeInPlace(pathOf(i), recordText(id, QStringLiteral("changed"))));
    }
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 2, 5000);
    QCOMPARE(kb.recordAt(count - 1)->category(), QStringLiteral("changed"));
}

// A record file replaced by a FIFO is not read (reading it would block the
// window's thread until something writes to it): reported, not reloaded.
void KnowledgeBaseWatcherTest::recordReplacedByFifo()
{
    Fixture fixture;
    Record *record = fixture.record(QStringLiteral("disk/full"));
    const QByteArray original = record->originalText();
    const QByteArray fifo = QFile::encodeName(record->filePath());
    QVERIFY(QFile::remove(record->filePath()));
    QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
    // Should the watcher block in open(), this releases it after a while.
    std::atomic_bool done = false;
    std::thread releaser([&] {
        for (int waited = 0; !done && waited < 8000; waited += 50)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        while (!done) {
            const int fd = ::open(fifo.constData(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0)
                ::close(fd);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
    QElapsedTimer timer;
    timer.start();
    QTest::qWait(2 * QuietMs);
    const qint64 elapsed = timer.elapsed();
    done = true;
    releaser.join();
    QVERIFY2(elapsed < 5000, qPrintable(QStringLiteral("the watcher blocked for %1 ms").arg(elapsed)));
    QCOMPARE(fixture.reloaded->count(), 0);
    QCOMPARE(fixture.kb.find(QStringLiteral("disk/full")), record);
    QCOMPARE(record->originalText(), original);
    QVERIFY(fixture.failed->count() >= 1);
    QVERIFY2(fixture.failed->last().at(1).toString().contains(QLatin1String("FIFO")),
             qPrintable(fixture.failed->last().at(1).toString()));
}

// New links follow the rule of the loader: one that leads out of the KB
// folder is reported and not loaded; one inside it is loaded.
void KnowledgeBaseWatcherTest::newLinks()
{
    Fixture fixture;
    QTemporaryDir outside;
    const QString target = outside.filePath(QStringLiteral("secret.json"));
    QVERIFY(writeInPlace(target, recordText(QStringLiteral("disk/secret"))));
    const QString link = fixture.path(QStringLiteral("disk/secret"));
    QCOMPARE(::symlink(QFile::encodeName(target).constData(), QFile::encodeName(link).constData()), 0);
    QVERIFY(fixture.failed->wait(5000));
    QCOMPARE(fixture.failed->at(0).at(0).toString(), link);
    QVERIFY2(fixture.failed->at(0).at(1).toString().contains(QLatin1String("leads out of the KB folder")),
             qPrintable(fixture.failed->at(0).at(1).toString()));
    QCOMPARE(fixture.record(QStringLiteral("disk/secret")), nullptr);

    QVERIFY(writeInPlace(fixture.dir.filePath(QStringLiteral("shared/slow.json")), recordText(QStringLiteral("x/y"))));
    QTRY_COMPARE(fixture.added->count(), 1);
    QCOMPARE(
        ::symlink("../shared/slow.json", QFile::encodeName(fixture.path(QStringLiteral("disk/linked"))).constData()),
        0);
    QTRY_COMPARE(fixture.added->count(), 2);
    QCOMPARE(recordIn(*fixture.added, 1)->filePath(), fixture.path(QStringLiteral("disk/linked")));
    QCOMPARE(fixture.kb.count(), 5);
}

QTEST_GUILESS_MAIN(KnowledgeBaseWatcherTest)
#include "KnowledgeBaseWatcherTest.moc"
