#include "models/publish/NotFoundPage.h"

#include "PageChecks.h"
#include "SiteFixture.h"

#include <QTest>

using namespace Errata;

class NotFoundPageTest : public QObject
{
    Q_OBJECT

private slots:
    void rendersInBothLanguages()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        for (SiteLanguage language : siteLanguages) {
            const QByteArray page = NotFoundPage::render(fixture.context(), language);
            QVERIFY2(Test::pageProblem(page).isEmpty(), qPrintable(Test::pageProblem(page)));
            QCOMPARE(NotFoundPage::render(fixture.context(), language), page);
            QVERIFY(page.contains("data-root=\"/\""));
            QVERIFY(page.contains("href=\"/" + languagePrefix(language).toUtf8() + "index.html\""));
            QVERIFY(page.contains("search.html\"") && page.contains("lookup.html\""));
        }
    }
};

QTEST_GUILESS_MAIN(NotFoundPageTest)
#include "NotFoundPageTest.moc"
