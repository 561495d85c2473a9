#include "models/publish/DomainPage.h"

#include "PageChecks.h"
#include "SiteFixture.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Errata;

class DomainPageTest : public QObject
{
    Q_OBJECT

private slots:
    void everyDomainOfTheSample()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        const QStringList domains = DomainPage::domains(fixture.context());
        QVERIFY(domains.contains(QStringLiteral("docker")));
        QVERIFY(std::is_sorted(domains.begin(), domains.end()));
        for (const QString &domain : domains) {
            for (SiteLanguage language : siteLanguages) {
                const QByteArray page = DomainPage::render(fixture.context(), domain, language);
                QVERIFY2(Test::pageProblem(page).isEmpty(), qPrintable(domain + Test::pageProblem(page)));
                QVERIFY(page.contains("href=\"../records/"));
                QCOMPARE(DomainPage::render(fixture.context(), domain, language), page);
            }
        }
    }

    // A measurement, run by hand: ERRATA_SITE_KB=<an imported corpus> DomainPageTest corpusPageSizes.
    void corpusPageSizes()
    {
        const QString folder = qEnvironmentVariable("ERRATA_SITE_KB");
        if (folder.isEmpty())
            QSKIP("set ERRATA_SITE_KB to a KB folder to measure its pages");
        Test::SiteFixture fixture(folder);
        qsizetype largest = 0;
        for (const QString &domain : DomainPage::domains(fixture.context()))
            largest = std::max(largest, DomainPage::render(fixture.context(), domain, SiteLanguage::Chinese).size());
        qInfo("largest domain page: %lld bytes", qlonglong(largest));
    }

    void hostileDomainNames()
    {
        QTemporaryDir dir;
        const QByteArray a = "{\"id\": \"a/one\", \"signature\": \"<script>x</script>\", \"domain\": \"a/b\", "
                             "\"category\": \"\\\"><img src=x>\"}\n";
        const QByteArray b = "{\"id\": \"api/one\", \"signature\": \"s\", \"domain\": \"api\", \"category\": \"c\"}\n";
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("a/one.json")), a));
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("api/one.json")), b));
        Test::SiteFixture fixture(dir.path());
        QCOMPARE(DomainPage::domains(fixture.context()), (QStringList{QStringLiteral("a/b"), QStringLiteral("api")}));
        const QByteArray page = DomainPage::render(fixture.context(), QStringLiteral("a/b"), SiteLanguage::English);
        QVERIFY2(Test::pageProblem(page).isEmpty(), qPrintable(Test::pageProblem(page)));
        QVERIFY(!page.contains("<script>x") && !page.contains("<img"));
        QVERIFY(page.contains("&lt;script&gt;"));
    }
};

QTEST_GUILESS_MAIN(DomainPageTest)
#include "DomainPageTest.moc"
