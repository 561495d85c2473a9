#include "models/publish/LookupPage.h"

#include "PageChecks.h"
#include "SiteFixture.h"

#include <QTest>

using namespace Errata;

class LookupPageTest : public QObject
{
    Q_OBJECT

private slots:
    void rendersInBothLanguages()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        for (SiteLanguage language : siteLanguages) {
            const QByteArray page = LookupPage::render(fixture.context(), language);
            QVERIFY2(Test::pageProblem(page).isEmpty(), qPrintable(Test::pageProblem(page)));
            QCOMPARE(LookupPage::render(fixture.context(), language), page);
            QVERIFY(page.contains("<form id=\"lookup-form\" action=\"lookup.html\" method=\"get\">"));
            QVERIFY(page.contains("<label for=\"lookup-text\">"));
            QVERIFY(
                page.contains("<textarea id=\"lookup-text\" name=\"q\" rows=\"10\" spellcheck=\"false\"></textarea>"));
            QVERIFY(page.contains("<button id=\"lookup-go\" type=\"submit\">"));
            QVERIFY(page.contains("<p id=\"lookup-status\" role=\"status\" aria-live=\"polite\"></p>"));
            QVERIFY(page.contains("<ol id=\"lookup-results\" class=\"results\"></ol>"));
            QVERIFY(page.contains("<noscript>") && page.contains("errata lookup"));
            const qsizetype a = page.indexOf("data/records.js"), b = page.indexOf("data/lookup.js"),
                            c = page.indexOf("assets/lookup.js"), d = page.indexOf("assets/lookup-ui.js");
            QVERIFY(a > 0 && a < b && b < c && c < d);
        }
    }
};

QTEST_GUILESS_MAIN(LookupPageTest)
#include "LookupPageTest.moc"
