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

    void hostileDomainNames()
    {
        QTemporaryDir dir;
        const QByteArray a = "{\"id\": \"a/one\", \"signature\": \"<script>x</script>\", \"domain\": \"a/b\", \"category\": \"\\\"><img src=x>\"}\n";
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
