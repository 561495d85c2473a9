// ServeReloader: a reload swaps in a new snapshot after an edit (asked for,
// and watched: a file edited, a folder added), a snapshot a request holds
// stays usable after it is replaced and goes once let go, a KB caught
// mid-`git pull` keeps the last good snapshot (conflict markers, a file half
// written, git's MERGE_HEAD) until it is whole again, a storm of reloads is
// coalesced, and readers on other threads during reloads.

#include "models/serve/ServeReloader.h"
#include "models/serve/ServeWatcher.h"

#include "ServeFixture.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupResult.h"
#include "models/matching/LogMatcher.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

constexpr int Timeout = 20000; // a build of the sample KB takes well under a second; a sanitizer build is slower

const QByteArray OldEnd = "exec format error\",";
const QByteArray NewEnd = "exec format edited\",";
const QString Edited = QStringLiteral("exec /usr/local/bin/docker-entrypoint.sh: exec format edited");

QString signatureIn(const std::shared_ptr<const ServeSnapshot> &snapshot)
{
    const Record *record = snapshot ? snapshot->kb().kb().find(Test::dockerId()) : nullptr;
    return record ? record->signature() : QString();
}

} // namespace

class ServeReloaderTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void firstSnapshot();
    void reloadSwapsInTheEdit();
    void watchedEditIsReloaded();
    void watchedNewFolderIsReloaded();
    void heldSnapshotOutlivesItsReplacement();
    void midPullFileKeepsTheLastGoodSnapshot_data();
    void midPullFileKeepsTheLastGoodSnapshot();
    void mergeHeadKeepsTheLastGoodSnapshot();
    void stormOfReloadsIsCoalesced();
    void readersOnOtherThreadsDuringReloads();

private:
    ServeSnapshot::Options options() const;
    QString file() const { return m_kb + QLatin1Char('/') + Test::dockerFile(); }

    QTemporaryDir m_cache;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_kb;
    QByteArray m_text;
};

void ServeReloaderTest::initTestCase()
{
    QVERIFY(m_cache.isValid());
    qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8()); // the search-index caches, not the user's
}

void ServeReloaderTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_kb = m_dir->path() + QStringLiteral("/kb");
    QVERIFY(copyFolder(Test::sampleKb(), m_kb));
    m_text = readFile(file());
    QVERIFY(m_text.contains(OldEnd));
}

ServeSnapshot::Options ServeReloaderTest::options() const
{
    ServeSnapshot::Options options;
    options.renderSite = false;
    return options;
}

void ServeReloaderTest::firstSnapshot()
{
    ServeReloader reloader(m_kb, options());
    QVERIFY(!reloader.current());
    QVERIFY(!reloader.status().ready);
    QString error;
    QVERIFY2(reloader.loadFirst(&error), qPrintable(error));
    QVERIFY(reloader.current());
    const ServeReloader::Status status = reloader.status();
    QVERIFY(status.ready);
    QCOMPARE(status.current.root, QFileInfo(m_kb).absoluteFilePath());
    QCOMPARE(status.current.records, reloader.current()->kb().kb().count());
    QCOMPARE(status.reloads, 0);
    QCOMPARE(status.builds, 1);
    QVERIFY(status.lastAttempt.isValid());

    ServeReloader missing(m_kb + QStringLiteral("/missing"), options());
    QVERIFY(!missing.loadFirst(&error));
    QVERIFY(error.endsWith(QStringLiteral("not a readable folder")));
    QCOMPARE(missing.status().lastError, error);
    QVERIFY(!missing.current());
}

void ServeReloaderTest::reloadSwapsInTheEdit()
{
    ServeReloader reloader(m_kb, options());
    QString error;
    QVERIFY(reloader.loadFirst(&error));
    const std::shared_ptr<const ServeSnapshot> first = reloader.current();
    QCOMPARE(signatureIn(first), Test::dockerError());
    QSignalSpy reloaded(&reloader, &ServeReloader::reloaded);
    QVERIFY(writeFile(file(), Test::withSignature(m_text, OldEnd, NewEnd)));
    reloader.reload();
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 1, Timeout);
    QCOMPARE(reloaded.first().at(0).toBool(), true);
    QVERIFY2(reloaded.first().at(1).toString().contains(QStringLiteral("records of ")),
             qPrintable(reloaded.first().at(1).toString()));
    QVERIFY(reloader.current() != first);
    QCOMPARE(signatureIn(reloader.current()), Edited);
    QCOMPARE(signatureIn(first), Test::dockerError()); // frozen
    const ServeReloader::Status status = reloader.status();
    QCOMPARE(status.reloads, 1);
    QCOMPARE(status.failedReloads, 0);
    QVERIFY(!status.building);
    QVERIFY(status.current.loadedAt >= first->info().loadedAt);
}

void ServeReloaderTest::watchedEditIsReloaded()
{
    ServeReloader reloader(m_kb, options());
    QString error;
    QVERIFY(reloader.loadFirst(&error));
    reloader.startWatching();
    QSignalSpy reloaded(&reloader, &ServeReloader::reloaded);
    // Written in place, as an editor or `git pull` writes: no rename.
    QFile out(file());
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QVERIFY(out.write(Test::withSignature(m_text, OldEnd, NewEnd)) > 0);
    out.close();
    QTRY_COMPARE_WITH_TIMEOUT(signatureIn(reloader.current()), Edited, Timeout);
    QCOMPARE(reloaded.count(), 1);
    // A file nothing is made of changes nothing.
    QVERIFY(writeFile(m_kb + QStringLiteral("/docker/notes.txt"), "not a record"));
    QTest::qWait(3 * ServeWatcher::QuietMs);
    QCOMPARE(reloaded.count(), 1);
    QCOMPARE(reloader.status().builds, 2);
}

void ServeReloaderTest::watchedNewFolderIsReloaded()
{
    ServeReloader reloader(m_kb, options());
    QString error;
    QVERIFY(reloader.loadFirst(&error));
    reloader.startWatching();
    const int records = reloader.current()->info().records;
    QVERIFY(QDir().mkpath(m_kb + QStringLiteral("/rust")));
    QVERIFY(writeFile(
        m_kb + QStringLiteral("/rust/borrow.json"),
        R"({"id": "rust/borrow", "signature": "cannot borrow as mutable", "domain": "rust", "category": "c"})"));
    QTRY_VERIFY_WITH_TIMEOUT(reloader.current()->kb().kb().find(QStringLiteral("rust/borrow")), Timeout);
    QCOMPARE(reloader.current()->info().records, records + 1);
    // The new folder is watched from then on.
    QVERIFY(writeFile(m_kb + QStringLiteral("/rust/move.json"),
                      R"({"id": "rust/move", "signature": "use of moved value", "domain": "rust", "category": "c"})"));
    QTRY_VERIFY_WITH_TIMEOUT(reloader.current()->kb().kb().find(QStringLiteral("rust/move")), Timeout);
}

void ServeReloaderTest::heldSnapshotOutlivesItsReplacement()
{
    ServeReloader reloader(m_kb, options());
    QString error;
    QVERIFY(reloader.loadFirst(&error));
    std::shared_ptr<const ServeSnapshot> held = reloader.current(); // a request in flight
    const std::weak_ptr<const ServeSnapshot> watch = held;
    QVERIFY(writeFile(file(), Test::withSignature(m_text, OldEnd, NewEnd)));
    reloader.reload();
    QTRY_COMPARE_WITH_TIMEOUT(reloader.status().reloads, 1, Timeout);
    QVERIFY(reloader.current() != held);
    QCOMPARE(reloader.status().retired, 1);
    // The request finishes on the snapshot it began with.
    QCOMPARE(held->kb().lookup().lookup(Test::dockerError()).hits.value(0).id, Test::dockerId());
    QCOMPARE(signatureIn(held), Test::dockerError());
    QVERIFY(!held->kb().matcher().match(Test::dockerError().toUtf8()).matches.isEmpty());
    held.reset();
    QVERIFY(!watch.expired()); // the reloader's until its next sweep, on its own thread
    QTRY_VERIFY_WITH_TIMEOUT(watch.expired(), 3 * ServeReloader::SweepMs);
    QCOMPARE(reloader.status().retired, 0);
}

void ServeReloaderTest::midPullFileKeepsTheLastGoodSnapshot_data()
{
    QTest::addColumn<bool>("conflict");
    QTest::newRow("conflict markers") << true;
    QTest::newRow("half written") << false;
}

void ServeReloaderTest::midPullFileKeepsTheLastGoodSnapshot()
{
    QFETCH(bool, conflict);
    ServeReloader reloader(m_kb, options());
    QString error;
    QVERIFY(reloader.loadFirst(&error));
    const std::shared_ptr<const ServeSnapshot> good = reloader.current();
    reloader.startWatching();
    QSignalSpy reloaded(&reloader, &ServeReloader::reloaded);
    const QByteArray edited = Test::withSignature(m_text, OldEnd, NewEnd);
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QStringLiteral("^errata serve: reload refused: .*")
                                            + QRegularExpression::escape(Test::dockerFile())));
    QVERIFY(writeFile(file(), conflict ? Test::withConflictMarkers(m_text, edited) : Test::halfWritten(edited)));
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 1, Timeout);
    QCOMPARE(reloaded.first().at(0).toBool(), false);
    ServeReloader::Status status = reloader.status();
    QCOMPARE(status.failedReloads, 1);
    QCOMPARE(status.reloads, 0);
    QVERIFY2(status.lastError.contains(Test::dockerFile() + QStringLiteral(": ")), qPrintable(status.lastError));
    QCOMPARE(reloaded.first().at(1).toString(), status.lastError);
    QCOMPARE(reloader.current(), good);
    QCOMPARE(status.current.loadedAt, good->info().loadedAt);
    QCOMPARE(signatureIn(reloader.current()), Test::dockerError());

    QVERIFY(writeFile(file(), edited)); // the pull is over: the next watched reload is taken
    QTRY_COMPARE_WITH_TIMEOUT(reloader.status().reloads, 1, Timeout);
    status = reloader.status();
    QVERIFY(status.lastError.isEmpty());
    QCOMPARE(status.failedReloads, 1);
    QCOMPARE(signatureIn(reloader.current()), Edited);
}

void ServeReloaderTest::mergeHeadKeepsTheLastGoodSnapshot()
{
    GitTestRepository repository(m_kb);
    QVERIFY(repository.isValid());
    const QByteArray commit = repository.commitAll(QStringLiteral("first"));
    ServeReloader reloader(m_kb, options());
    QString error;
    QVERIFY(reloader.loadFirst(&error));
    QCOMPARE(reloader.status().current.commit, QString::fromLatin1(commit));
    const std::shared_ptr<const ServeSnapshot> good = reloader.current();
    reloader.startWatching();
    const QString mergeHead = m_kb + QStringLiteral("/.git/MERGE_HEAD");
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QStringLiteral("^errata serve: reload refused: .*")
                                            + QRegularExpression::escape(mergeHead)));
    QVERIFY(writeFile(mergeHead, commit + '\n'));
    QVERIFY(writeFile(file(), Test::withSignature(m_text, OldEnd, NewEnd)));
    QTRY_COMPARE_WITH_TIMEOUT(reloader.status().failedReloads, 1, Timeout);
    QVERIFY2(reloader.status().lastError.contains(mergeHead), qPrintable(reloader.status().lastError));
    QCOMPARE(reloader.current(), good);

    QVERIFY(QFile::remove(mergeHead)); // the merge concluded: seen in the git folder, reloaded
    QTRY_COMPARE_WITH_TIMEOUT(reloader.status().reloads, 1, Timeout);
    QCOMPARE(signatureIn(reloader.current()), Edited);
    QVERIFY(reloader.status().lastError.isEmpty());

    const QByteArray second = repository.commitAll(QStringLiteral("second")); // HEAD moves: reloaded for its commit
    QTRY_COMPARE_WITH_TIMEOUT(reloader.status().current.commit, QString::fromLatin1(second), Timeout);
}

void ServeReloaderTest::stormOfReloadsIsCoalesced()
{
    ServeReloader reloader(m_kb, options());
    QString error;
    QVERIFY(reloader.loadFirst(&error));
    QSignalSpy reloaded(&reloader, &ServeReloader::reloaded);
    for (int i = 0; i < 50; ++i) {
        reloader.reload();
        QVERIFY(reloader.status().building); // one build at a time: the others are one more to follow
    }
    std::thread other([&reloader] { // from another thread too (SIGHUP's handler)
        for (int i = 0; i < 20; ++i)
            reloader.reload();
    });
    other.join();
    QTRY_VERIFY_WITH_TIMEOUT(!reloader.status().building && reloaded.count() >= 2, Timeout);
    QTest::qWait(200);
    const ServeReloader::Status status = reloader.status();
    QVERIFY(!status.building);
    QVERIFY2(status.builds <= 4, qPrintable(QString::number(status.builds))); // the first, then at most three
    QCOMPARE(status.reloads + status.failedReloads, status.builds - 1);
    QCOMPARE(reloaded.count(), status.builds - 1);
    QCOMPARE(status.failedReloads, 0);
}

void ServeReloaderTest::readersOnOtherThreadsDuringReloads()
{
    ServeReloader reloader(m_kb, options());
    QString error;
    QVERIFY(reloader.loadFirst(&error));
    std::atomic_bool stop{false};
    std::atomic_int answers{0};
    std::atomic_int wrong{0};
    std::vector<std::thread> readers;
    for (int t = 0; t < 3; ++t)
        readers.emplace_back([&] {
            while (!stop) {
                const std::shared_ptr<const ServeSnapshot> snapshot = reloader.current();
                const QString error = signatureIn(snapshot); // as edited, or not, in this snapshot
                const LookupResult result = snapshot->kb().lookup().lookup(error);
                const bool right = (error == Edited || error == Test::dockerError()) && !result.hits.isEmpty()
                    && result.hits.first().id == Test::dockerId()
                    && !snapshot->kb().matcher().match(error.toUtf8()).matches.isEmpty() && reloader.status().ready;
                ++(right ? answers : wrong);
            }
        });
    for (int i = 0; i < 4; ++i) {
        QVERIFY(writeFile(file(), i % 2 ? m_text : Test::withSignature(m_text, OldEnd, NewEnd)));
        const int before = reloader.status().reloads;
        reloader.reload();
        QTRY_VERIFY_WITH_TIMEOUT(reloader.status().reloads > before, Timeout);
    }
    stop = true;
    for (std::thread &reader : readers)
        reader.join();
    QCOMPARE(wrong.load(), 0);
    QVERIFY(answers.load() > 0);
    QCOMPARE(reloader.status().reloads, 4);
}

QTEST_GUILESS_MAIN(ServeReloaderTest)
#include "ServeReloaderTest.moc"
