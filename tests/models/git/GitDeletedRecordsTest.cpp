// GitDeletedRecords lists the record files deleted since HEAD that are no
// longer on disk, read from HEAD; GitRestore brings them back as HEAD has
// them, so that git reports them unchanged again. Repositories are made
// with libgit2 (no git executable needed).

#include "models/git/GitDeletedRecords.h"
#include "models/git/GitRestore.h"
#include "models/git/GitStatus.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray record(const QString &id, const char *domain, const char *category)
{
    return QStringLiteral("{\n  \"id\": \"%1\",\n  \"signature\": \"%1 failed\",\n  \"domain\": \"%2\",\n"
                          "  \"category\": \"%3\",\n  \"root_cause\": \"The cause of %1.\"\n}\n")
        .arg(id, QLatin1String(domain), QLatin1String(category))
        .toUtf8();
}

// "path id domain/category" for each item.
QStringList described(const GitDeletedRecords &deleted)
{
    QStringList lines;
    for (const GitDeletedRecords::Item &item : deleted.items())
        lines << QStringLiteral("%1 %2 %3/%4").arg(item.path, item.id, item.domain, item.category);
    return lines;
}

} // namespace

class GitDeletedRecordsTest : public QObject
{
    Q_OBJECT

private slots:
    void listsWhatIsGoneFromDisk();
    void unreadableTextIsNamedByItsPath();
    void restoreFromTheWorkTreeAndTheIndex();
    void restoreMakesTheFolderAgain();
    void restoreRefusesWhatHeadLacks();
    void notARepository();
};

// Deleted from the disk only, deleted and staged (git rm), and removed from
// the index but still on disk (git rm --cached, a record of the KB still).
void GitDeletedRecordsTest::listsWhatIsGoneFromDisk()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.write(QStringLiteral("net/dns/gone.json"), record(QStringLiteral("gone"), "net", "dns")));
    QVERIFY(repository.write(QStringLiteral("net/dns/staged.json"), record(QStringLiteral("staged"), "net", "dns")));
    QVERIFY(repository.write(QStringLiteral("app/kept.json"), record(QStringLiteral("kept"), "app", "io")));
    QVERIFY(repository.write(QStringLiteral("app/same.json"), record(QStringLiteral("same"), "app", "io")));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(repository.removeFile(QStringLiteral("net/dns/gone.json")));
    QVERIFY(repository.removeFile(QStringLiteral("net/dns/staged.json")));
    QVERIFY(repository.unstage(QStringLiteral("net/dns/staged.json")));
    QVERIFY(repository.unstage(QStringLiteral("app/kept.json")));

    const GitStatus status = GitStatus::read(dir.path());
    QCOMPARE(status.entries().size(), 3);
    const GitDeletedRecords deleted = GitDeletedRecords::read(dir.path(), status);
    QCOMPARE(described(deleted),
             QStringList({QStringLiteral("net/dns/gone.json gone net/dns"),
                          QStringLiteral("net/dns/staged.json staged net/dns")}));
    QCOMPARE(deleted.find(QStringLiteral("net/dns/gone.json"))->text, record(QStringLiteral("gone"), "net", "dns"));
    QCOMPARE(deleted.find(QStringLiteral("app/kept.json")), nullptr);
    QVERIFY(deleted.samePaths(GitDeletedRecords::read(dir.path(), status)));
    QVERIFY(!deleted.samePaths(GitDeletedRecords()));

    GitDeletedRecords held = deleted;
    held.dropIf([](const GitDeletedRecords::Item &item) { return item.id == QLatin1String("gone"); });
    QCOMPARE(described(held), QStringList({QStringLiteral("net/dns/staged.json staged net/dns")}));
}

void GitDeletedRecordsTest::unreadableTextIsNamedByItsPath()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.write(QStringLiteral("web/http/broken.json"), "{\"id\": \"x\",\n"));
    QVERIFY(repository.write(QStringLiteral("top.json"), "[]\n"));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(repository.removeFile(QStringLiteral("web/http/broken.json")));
    QVERIFY(repository.removeFile(QStringLiteral("top.json")));
    const GitDeletedRecords deleted = GitDeletedRecords::read(dir.path(), GitStatus::read(dir.path()));
    QCOMPARE(described(deleted),
             QStringList({QStringLiteral("top.json top /"), QStringLiteral("web/http/broken.json broken web/http")}));
}

void GitDeletedRecordsTest::restoreFromTheWorkTreeAndTheIndex()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    const QByteArray gone = record(QStringLiteral("gone"), "net", "dns");
    const QByteArray staged = record(QStringLiteral("staged"), "net", "dns");
    QVERIFY(repository.write(QStringLiteral("net/gone.json"), gone));
    QVERIFY(repository.write(QStringLiteral("net/staged.json"), staged));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(repository.removeFile(QStringLiteral("net/gone.json")));
    QVERIFY(repository.removeFile(QStringLiteral("net/staged.json")));
    QVERIFY(repository.unstage(QStringLiteral("net/staged.json")));
    QCOMPARE(GitStatus::read(dir.path()).entries().size(), 2);

    QString error;
    QVERIFY2(GitRestore::restore(dir.path(), QStringLiteral("net/gone.json"), &error), qPrintable(error));
    QVERIFY2(GitRestore::restore(dir.path(), QStringLiteral("net/staged.json"), &error), qPrintable(error));
    QCOMPARE(readFile(dir.filePath(QStringLiteral("net/gone.json"))), gone);
    QCOMPARE(readFile(dir.filePath(QStringLiteral("net/staged.json"))), staged);
    const GitStatus status = GitStatus::read(dir.path());
    QVERIFY2(status.entries().isEmpty(), qPrintable(status.entries().value(0).path));
    QVERIFY(GitDeletedRecords::read(dir.path(), status).isEmpty());
}

// A deleted folder's last record: the folder is made again.
void GitDeletedRecordsTest::restoreMakesTheFolderAgain()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.write(QStringLiteral("kb/deep/er/one.json"), record(QStringLiteral("one"), "deep", "er")));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QVERIFY(QDir(dir.filePath(QStringLiteral("kb/deep"))).removeRecursively());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    const GitDeletedRecords deleted = GitDeletedRecords::read(kb, GitStatus::read(kb));
    QCOMPARE(described(deleted), QStringList({QStringLiteral("deep/er/one.json one deep/er")}));
    QString error;
    QVERIFY2(GitRestore::restore(kb, QStringLiteral("deep/er/one.json"), &error), qPrintable(error));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("kb/deep/er/one.json"))));
    QVERIFY(GitStatus::read(kb).entries().isEmpty());
}

void GitDeletedRecordsTest::restoreRefusesWhatHeadLacks()
{
    QTemporaryDir dir;
    GitTestRepository repository(dir.path());
    QVERIFY(repository.write(QStringLiteral("one.json"), record(QStringLiteral("one"), "a", "b")));
    QVERIFY(!repository.commitAll(QStringLiteral("first")).isEmpty());
    QString error;
    QVERIFY(!GitRestore::restore(dir.path(), QStringLiteral("never.json"), &error));
    QCOMPARE(error, QStringLiteral("never.json: not in the last commit, nothing to restore"));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("never.json"))));
}

void GitDeletedRecordsTest::notARepository()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("one.json")), record(QStringLiteral("one"), "a", "b")));
    QVERIFY(GitDeletedRecords::read(dir.path(), GitStatus::read(dir.path())).isEmpty());
    QString error;
    QVERIFY(!GitRestore::restore(dir.path(), QStringLiteral("one.json"), &error));
    QVERIFY(!error.isEmpty());
}

QTEST_GUILESS_MAIN(GitDeletedRecordsTest)
#include "GitDeletedRecordsTest.moc"
