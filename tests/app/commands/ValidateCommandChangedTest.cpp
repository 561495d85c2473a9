// `errata validate DIR --changed [REV]` as a KB's CI runs it on a pull
// request, in git repositories made with libgit2: only the records changed
// since REV (in commits, the index or on disk) and the records linked to or
// from them are reported, and the exit code follows them alone.

#include "support/ErrataProcess.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata::TestSupport;

namespace {

// A clean record (with its translations), linking to `leadsTo` if given.
QByteArray record(const QString &id, const QString &extra = QString(), const QString &leadsTo = QString())
{
    const QString links = leadsTo.isEmpty()
        ? QString()
        : QStringLiteral(",\n  \"transition_graph\": {\"leads_to\": [{\"error_id\": \"%1\", \"probability\": 0.5}]}")
              .arg(leadsTo);
    return QStringLiteral("{\n  \"id\": \"%1\",\n  \"signature\": \"Error in %1\",\n  \"signature_zh\": \"%1 出错\",\n"
                          "  \"regex\": \"Error in %1\",\n  \"domain\": \"%2\",\n  \"category\": \"general\",\n"
                          "  \"root_cause\": \"The cause of %1.\",\n  \"root_cause_zh\": \"%1 的原因。\"%3%4\n}\n")
        .arg(id, id.section(QLatin1Char('/'), 0, 0), extra, links)
        .toUtf8();
}

const QString BadConfidence = QStringLiteral(",\n  \"confidence\": 7");

} // namespace

class ValidateCommandChangedTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void onlyChangedRecordsAreReported();
    void cleanChangeSucceedsDespiteOldErrors();
    void recordsLinkingToADeletedOneAreReported();
    void sinceAnEarlierCommit();
    void json();
    void refusals();
    void submoduleRecordsAreAllReported();

private:
    Run validate(const QStringList &more);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<GitTestRepository> m_repository;
};

void ValidateCommandChangedTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_repository = std::make_unique<GitTestRepository>(m_dir->path());
    QVERIFY(m_repository->isValid());
    // An old error nobody touches, a record linked to by another.
    QVERIFY(m_repository->write(QStringLiteral("app/old.json"), record(QStringLiteral("app/old"), BadConfidence)));
    QVERIFY(m_repository->write(QStringLiteral("app/target.json"), record(QStringLiteral("app/target"))));
    QVERIFY(m_repository->write(QStringLiteral("app/source.json"),
                                record(QStringLiteral("app/source"), QString(), QStringLiteral("app/target"))));
    QVERIFY(m_repository->write(QStringLiteral("app/edited.json"), record(QStringLiteral("app/edited"))));
    QVERIFY(!m_repository->commitAll(QStringLiteral("first")).isEmpty());
}

Run ValidateCommandChangedTest::validate(const QStringList &more)
{
    RunOptions options;
    options.workingDirectory = m_dir->path();
    options.cacheHome = m_dir->filePath(QStringLiteral(".cache"));
    return runErrata(QStringList{QStringLiteral("validate"), QStringLiteral("."), QStringLiteral("--no-cache"),
                                 QStringLiteral("--today"), QStringLiteral("2026-12-01")}
                         + more,
                     options);
}

void ValidateCommandChangedTest::onlyChangedRecordsAreReported()
{
    QVERIFY(
        m_repository->write(QStringLiteral("app/edited.json"), record(QStringLiteral("app/edited"), BadConfidence)));
    const Run all = validate({});
    QVERIFY(all.out.contains(QStringLiteral("app/old.json")));
    const Run changed = validate({QStringLiteral("--changed")});
    QCOMPARE(changed.exitCode, 1);
    QVERIFY2(changed.out.contains(QStringLiteral("./app/edited.json:")), qPrintable(changed.out));
    QVERIFY2(!changed.out.contains(QStringLiteral("app/old.json")), qPrintable(changed.out));
    QVERIFY(changed.out.contains(QStringLiteral(": 1 errors")));
}

void ValidateCommandChangedTest::cleanChangeSucceedsDespiteOldErrors()
{
    QVERIFY(m_repository->write(QStringLiteral("app/new.json"), record(QStringLiteral("app/new"))));
    QCOMPARE(validate({}).exitCode, 1);
    const Run changed = validate({QStringLiteral("--changed")});
    QCOMPARE(changed.exitCode, 0);
    QVERIFY2(changed.out.contains(QStringLiteral("only the 1 records changed")), qPrintable(changed.out));
}

// Deleting a record breaks the links to it: the records holding them are
// reported, though their files did not change.
void ValidateCommandChangedTest::recordsLinkingToADeletedOneAreReported()
{
    QVERIFY(m_repository->removeFile(QStringLiteral("app/target.json")));
    const Run changed = validate({QStringLiteral("--changed")});
    QVERIFY2(changed.out.contains(QStringLiteral("./app/source.json:")), qPrintable(changed.out));
    QVERIFY2(changed.out.contains(QStringLiteral("app/target")), qPrintable(changed.out));
    QVERIFY(!changed.out.contains(QStringLiteral("app/old.json")));
}

void ValidateCommandChangedTest::sinceAnEarlierCommit()
{
    const QByteArray second = [this] {
        if (!m_repository->write(QStringLiteral("app/edited.json"),
                                 record(QStringLiteral("app/edited"), BadConfidence)))
            return QByteArray();
        return m_repository->commitAll(QStringLiteral("second"));
    }();
    QVERIFY(!second.isEmpty());
    // Committed: nothing changed against HEAD, but since HEAD~1.
    QCOMPARE(validate({QStringLiteral("--changed")}).exitCode, 0);
    const Run since = validate({QStringLiteral("--changed"), QStringLiteral("HEAD~1")});
    QCOMPARE(since.exitCode, 1);
    QVERIFY2(since.out.contains(QStringLiteral("./app/edited.json:")), qPrintable(since.out));
    QVERIFY(!since.out.contains(QStringLiteral("app/old.json")));
}

void ValidateCommandChangedTest::json()
{
    QVERIFY(
        m_repository->write(QStringLiteral("app/edited.json"), record(QStringLiteral("app/edited"), BadConfidence)));
    const Run result = validate({QStringLiteral("--changed"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(result.exitCode, 1);
    const QJsonObject summary =
        QJsonDocument::fromJson(result.out.toUtf8()).object().value(QStringLiteral("summary")).toObject();
    QCOMPARE(summary.value(QStringLiteral("changed_records")).toInt(), 1);
    QCOMPARE(summary.value(QStringLiteral("errors")).toInt(), 1);
    QCOMPARE(summary.value(QStringLiteral("records")).toInt(), 4);
}

void ValidateCommandChangedTest::refusals()
{
    const Run unknown = validate({QStringLiteral("--changed"), QStringLiteral("no-such-branch")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains(QStringLiteral("unknown revision \"no-such-branch\"")), qPrintable(unknown.err));
    QCOMPARE(validate({QStringLiteral("HEAD")}).exitCode, 2); // a revision without --changed
    QTemporaryDir plain;
    QVERIFY(writeFile(plain.filePath(QStringLiteral("app/one.json")), record(QStringLiteral("app/one"))));
    RunOptions options;
    options.cacheHome = m_dir->filePath(QStringLiteral(".cache"));
    const Run outside = runErrata({QStringLiteral("validate"), plain.path(), QStringLiteral("--changed")}, options);
    QCOMPARE(outside.exitCode, 2);
    QVERIFY2(outside.err.contains(QStringLiteral("not in a git checkout")), qPrintable(outside.err));
}

// A full validate found 3 errors in a submodule's records, --changed 0: git's
// state does not look into it, so its records are all reported, and why.
void ValidateCommandChangedTest::submoduleRecordsAreAllReported()
{
    if (!GitTestRepository::hasGit())
        QSKIP("git is not installed: a submodule is made with git");
    QVERIFY(GitTestRepository::addSubmodule(
        m_dir->path(), QStringLiteral("vendor"), m_dir->filePath(QStringLiteral(".sub")),
        {{QStringLiteral("lib/a.json"), record(QStringLiteral("lib/a"), BadConfidence)},
         {QStringLiteral("lib/b.json"), record(QStringLiteral("lib/b"))}}));
    const Run result = validate({QStringLiteral("--changed")});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.out.contains(QStringLiteral("vendor/lib/a.json")), qPrintable(result.out));
    QVERIFY2(!result.out.contains(QStringLiteral("app/old.json")), qPrintable(result.out));
    QVERIFY2(result.err.contains(QStringLiteral("warning: the records in the git submodule vendor are not covered")),
             qPrintable(result.err));
}

QTEST_GUILESS_MAIN(ValidateCommandChangedTest)
#include "ValidateCommandChangedTest.moc"
