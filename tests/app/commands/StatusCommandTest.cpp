// `errata status` as a user runs it (ERRATA_BINARY), in git repositories
// made with libgit2: exactly the changed records with their states and
// findings, text and JSON, the exit codes (clean, errors, a conflict), a KB
// below the repository's root, and a folder that is not a repository.

#include "support/ErrataProcess.h"
#include "support/GitTestRepository.h"
#include "support/JsonKeys.h"
#include "support/TestFiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata::TestSupport;

namespace {

QByteArray record(const QString &id, double confidence = 0.8)
{
    return QStringLiteral("{\n  \"id\": \"%1\",\n  \"signature\": \"Error in %1\",\n  \"signature_zh\": \"%1 出错\",\n"
                          "  \"regex\": \"Error in %1\",\n  \"domain\": \"%2\",\n  \"category\": \"general\",\n"
                          "  \"root_cause\": \"The cause of %1.\",\n  \"root_cause_zh\": \"%1 的原因。\",\n"
                          "  \"confidence\": %3\n}\n")
        .arg(id, id.section(QLatin1Char('/'), 0, 0))
        .arg(confidence)
        .toUtf8();
}

} // namespace

class StatusCommandTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanCheckoutSaysSo();
    void changedRecordsWithStates();
    void json();
    void errorsFail();
    void conflictFails();
    void kbBelowTheRepositoryRoot();
    void notARepository();
    void badUsage();
    void submoduleIsNamedAsNotCovered();

private:
    Run run(const QStringList &arguments);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<GitTestRepository> m_repository;
};

void StatusCommandTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_repository = std::make_unique<GitTestRepository>(m_dir->path());
    QVERIFY(m_repository->isValid());
    for (const QString &id : {QStringLiteral("app/edited"), QStringLiteral("app/gone"), QStringLiteral("net/same")})
        QVERIFY(m_repository->write(id + QStringLiteral(".json"), record(id)));
    QVERIFY(!m_repository->commitAll(QStringLiteral("first")).isEmpty());
}

Run StatusCommandTest::run(const QStringList &arguments)
{
    RunOptions options;
    options.workingDirectory = m_dir->path();
    options.cacheHome = m_dir->filePath(QStringLiteral(".cache"));
    return runErrata(QStringList{QStringLiteral("status")} + arguments, options);
}

void StatusCommandTest::cleanCheckoutSaysSo()
{
    const Run result = run({});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out, QStringLiteral("On branch main: no changed records\n"));
}

void StatusCommandTest::changedRecordsWithStates()
{
    QVERIFY(m_repository->write(QStringLiteral("app/edited.json"), record(QStringLiteral("app/edited"), 0.5)));
    QVERIFY(m_repository->removeFile(QStringLiteral("app/gone.json")));
    QVERIFY(m_repository->write(QStringLiteral("app/new.json"), record(QStringLiteral("app/new"))));
    QVERIFY(m_repository->write(QStringLiteral("app/staged.json"), record(QStringLiteral("app/staged"))));
    QVERIFY(m_repository->stage(QStringLiteral("app/staged.json")));
    QVERIFY(m_repository->write(QStringLiteral("notes.txt"), "not a record"));
    const Run result = run({QStringLiteral("--kb"), QStringLiteral(".")});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out,
             QStringLiteral("On branch main: 4 changed records\n"
                            "  modified    ./app/edited.json\n"
                            "  deleted     ./app/gone.json\n"
                            "  untracked   ./app/new.json\n"
                            "  added       ./app/staged.json\n"));
}

void StatusCommandTest::json()
{
    QVERIFY(m_repository->write(QStringLiteral("app/edited.json"), record(QStringLiteral("app/edited"), 5)));
    QVERIFY(m_repository->removeFile(QStringLiteral("app/gone.json")));
    const Run result = run({QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(result.exitCode, 1);
    const QJsonObject root = QJsonDocument::fromJson(result.out.toUtf8()).object();
    QCOMPARE(keysNotInSnakeCase(root), QStringList());
    QCOMPARE(root.value(QStringLiteral("branch")).toString(), QStringLiteral("main"));
    const QJsonArray records = root.value(QStringLiteral("records")).toArray();
    QCOMPARE(records.size(), 2);
    const QJsonObject edited = records.at(0).toObject();
    QCOMPARE(edited.value(QStringLiteral("id")).toString(), QStringLiteral("app/edited"));
    QCOMPARE(edited.value(QStringLiteral("path")).toString(), QStringLiteral("./app/edited.json"));
    QCOMPARE(edited.value(QStringLiteral("status")).toString(), QStringLiteral("modified"));
    const QJsonArray findings = edited.value(QStringLiteral("findings")).toArray();
    QCOMPARE(findings.size(), 1);
    QCOMPARE(findings.at(0).toObject().value(QStringLiteral("pointer")).toString(), QStringLiteral("/confidence"));
    QCOMPARE(findings.at(0).toObject().value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
    QCOMPARE(findings.at(0).toObject().value(QStringLiteral("file")).toString(), QStringLiteral("./app/edited.json"));
    const QJsonObject gone = records.at(1).toObject();
    QCOMPARE(gone.value(QStringLiteral("id")).toString(), QStringLiteral("app/gone"));
    QCOMPARE(gone.value(QStringLiteral("status")).toString(), QStringLiteral("deleted"));
    QCOMPARE(gone.value(QStringLiteral("findings")).toArray().size(), 0);
}

void StatusCommandTest::errorsFail()
{
    QVERIFY(m_repository->write(QStringLiteral("app/broken.json"), "{\"id\": "));
    const Run result = run({});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.out.contains(QStringLiteral("untracked   ./app/broken.json\n    ./app/broken.json:1:8: error: "
                                                "invalid JSON")),
             qPrintable(result.out));
}

void StatusCommandTest::conflictFails()
{
    const QByteArray base = record(QStringLiteral("net/same"));
    QVERIFY(m_repository->conflict(QStringLiteral("net/same.json"), base, record(QStringLiteral("net/same"), 0.5),
                                   record(QStringLiteral("net/same"), 0.6), base));
    const Run result = run({QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(result.exitCode, 1);
    const QJsonArray records =
        QJsonDocument::fromJson(result.out.toUtf8()).object().value(QStringLiteral("records")).toArray();
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.at(0).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("conflicted"));
}

void StatusCommandTest::kbBelowTheRepositoryRoot()
{
    QVERIFY(m_repository->write(QStringLiteral("kb/app/one.json"), record(QStringLiteral("app/one"))));
    QVERIFY(!m_repository->commitAll(QStringLiteral("second")).isEmpty());
    QVERIFY(m_repository->write(QStringLiteral("kb/app/one.json"), record(QStringLiteral("app/one"), 0.1)));
    QVERIFY(m_repository->write(QStringLiteral("app/edited.json"), record(QStringLiteral("app/edited"), 0.1)));
    const Run result = run({QStringLiteral("--kb"), QStringLiteral("kb")});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out, QStringLiteral("On branch main: 1 changed record\n  modified    kb/app/one.json\n"));
}

void StatusCommandTest::notARepository()
{
    QTemporaryDir plain;
    QVERIFY(writeFile(plain.filePath(QStringLiteral("app/one.json")), record(QStringLiteral("app/one"))));
    const Run result = run({QStringLiteral("--kb"), plain.path()});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(QStringLiteral("not in a git checkout")), qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
}

void StatusCommandTest::badUsage()
{
    QCOMPARE(run({QStringLiteral("--format"), QStringLiteral("xml")}).exitCode, 2);
    QCOMPARE(run({QStringLiteral("somewhere")}).exitCode, 2);
    QCOMPARE(run({QStringLiteral("--kb"), m_dir->filePath(QStringLiteral("missing"))}).exitCode, 2);
    const Run help = run({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains(QStringLiteral("Usage: errata status")));
}

// "no changed records" while the records of a submodule held errors: the
// submodule is named, in text and JSON.
void StatusCommandTest::submoduleIsNamedAsNotCovered()
{
    if (!GitTestRepository::hasGit())
        QSKIP("git is not installed: a submodule is made with git");
    QVERIFY(GitTestRepository::addSubmodule(
        m_dir->path(), QStringLiteral("vendor"), m_dir->filePath(QStringLiteral(".sub")),
        {{QStringLiteral("lib/inner.json"), record(QStringLiteral("lib/inner"), 7)}}));
    const Run result = run({});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out,
             QStringLiteral("On branch main: no changed records\n"
                            "Not covered: the records in the git submodule vendor are not covered: git's "
                            "state of this checkout does not look into submodules\n"));
    const Run json = run({QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonObject document = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(document.value(QStringLiteral("not_covered")).toArray().size(), 1);
    QVERIFY(document.value(QStringLiteral("not_covered"))
                .toArray()
                .at(0)
                .toString()
                .contains(QStringLiteral("submodule vendor")));
}

QTEST_GUILESS_MAIN(StatusCommandTest)
#include "StatusCommandTest.moc"
