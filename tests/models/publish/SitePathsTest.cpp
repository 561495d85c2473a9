#include "models/publish/SitePaths.h"

#include "SiteFixture.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Errata;

class SitePathsTest : public QObject
{
    Q_OBJECT

private slots:
    void plainIdsAreTheirPaths();
    void unsafeAndDuplicateIdsAreHashed();
    void domainPages();
    void relativeLinks();
    void absoluteUrls();
};

namespace {

void writeRecord(const QString &root, const QString &file, const QString &id)
{
    const QString text =
        QStringLiteral("{\n  \"id\": \"%1\",\n  \"signature\": \"x\",\n  \"domain\": \"d\"\n}\n").arg(id);
    QVERIFY(TestSupport::writeFile(root + QLatin1Char('/') + file, text.toUtf8()));
}

} // namespace

void SitePathsTest::plainIdsAreTheirPaths()
{
    Test::SiteFixture site(Test::SiteFixture::sampleKb());
    const Record *record = site.record(QStringLiteral("docker/exec-format-error"));
    QVERIFY(record);
    QCOMPARE(site.context().paths.recordPage(*record), QStringLiteral("records/docker/exec-format-error.html"));
    QCOMPARE(site.context().paths.recordJson(*record), QStringLiteral("api/v1/records/docker/exec-format-error.json"));
    QCOMPARE(site.context().paths.recordById(QStringLiteral("docker/exec-format-error")), record);
    QCOMPARE(site.context().paths.recordById(QStringLiteral("docker/none")), nullptr);
}

void SitePathsTest::unsafeAndDuplicateIdsAreHashed()
{
    QTemporaryDir dir;
    writeRecord(dir.path(), QStringLiteral("a/one.json"), QStringLiteral("a/same"));
    writeRecord(dir.path(), QStringLiteral("a/two.json"), QStringLiteral("a/SAME"));
    writeRecord(dir.path(), QStringLiteral("b/x.json"), QStringLiteral("../../etc/passwd"));
    writeRecord(dir.path(), QStringLiteral("b/y.json"), QStringLiteral("b/<script>"));
    writeRecord(dir.path(), QStringLiteral("b/z.json"), QStringLiteral("_/0123456789abcdef"));
    Test::SiteFixture site(dir.path());
    const SitePaths &paths = site.context().paths;
    QSet<QString> pages;
    for (const Record *record : site.context().published) {
        const QString page = paths.recordPage(*record);
        QVERIFY2(!page.contains(QLatin1String("..")) && !page.contains(QLatin1Char('<')), qPrintable(page));
        pages.insert(page);
    }
    QCOMPARE(pages.size(), 5);
    const Record *first = site.kb().findFile(dir.filePath(QStringLiteral("a/one.json")));
    const Record *second = site.kb().findFile(dir.filePath(QStringLiteral("a/two.json")));
    QCOMPARE(paths.recordPage(*first), QStringLiteral("records/a/same.html"));
    QVERIFY(paths.recordPage(*second).startsWith(QLatin1String("records/_/")));
    QCOMPARE(paths.recordPage(*second).size(), QStringLiteral("records/_/0123456789abcdef.html").size());
    const Record *underscore = site.kb().findFile(dir.filePath(QStringLiteral("b/z.json")));
    QVERIFY(paths.recordPage(*underscore) != QStringLiteral("records/_/0123456789abcdef.html"));
}

void SitePathsTest::domainPages()
{
    QCOMPARE(SitePaths::domainPage(QStringLiteral("docker")), QStringLiteral("domains/docker.html"));
    QVERIFY(SitePaths::domainPage(QStringLiteral("../x")).startsWith(QLatin1String("domains/_/")));
    QVERIFY(SitePaths::domainPage(QString()).startsWith(QLatin1String("domains/_/")));
    QVERIFY(SitePaths::domainPage(QStringLiteral("_")).startsWith(QLatin1String("domains/_/")));
    QVERIFY(SitePaths::domainPage(QStringLiteral("a")) != SitePaths::domainPage(QStringLiteral("b/")));
}

void SitePathsTest::relativeLinks()
{
    QCOMPARE(SitePaths::href(QStringLiteral("index.html"), QStringLiteral("assets/site.css")),
             QStringLiteral("assets/site.css"));
    QCOMPARE(SitePaths::href(QStringLiteral("records/a/b.html"), QStringLiteral("assets/site.css")),
             QStringLiteral("../../assets/site.css"));
    QCOMPARE(SitePaths::href(QStringLiteral("records/a/b.html"), QStringLiteral("records/a/c.html")),
             QStringLiteral("c.html"));
    QCOMPARE(SitePaths::href(QStringLiteral("zh/records/a/b.html"), QStringLiteral("records/a/b.html")),
             QStringLiteral("../../../records/a/b.html"));
    QCOMPARE(SitePaths::href(QStringLiteral("index.html"), QStringLiteral("records/a b#?.html")),
             QStringLiteral("records/a%20b%23%3F.html"));
}

void SitePathsTest::absoluteUrls()
{
    QCOMPARE(SitePaths::absolute(QString(), QStringLiteral("index.html")), QString());
    QCOMPARE(SitePaths::absolute(QStringLiteral("https://kb.example/site"), QStringLiteral("zh/records/a.html")),
             QStringLiteral("https://kb.example/site/zh/records/a.html"));
}

QTEST_GUILESS_MAIN(SitePathsTest)
#include "SitePathsTest.moc"
