#include "models/publish/SearchPage.h"

#include "PageChecks.h"
#include "SiteFixture.h"

#include <QTest>

using namespace Errata;

class SearchPageTest : public QObject
{
    Q_OBJECT

private slots:
    void rendersInBothLanguages()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        for (SiteLanguage language : siteLanguages) {
            const QByteArray page = SearchPage::render(fixture.context(), language);
            QVERIFY2(Test::pageProblem(page).isEmpty(), qPrintable(Test::pageProblem(page)));
            QCOMPARE(SearchPage::render(fixture.context(), language), page);
            QVERIFY(page.contains("<form id=\"search-form\" action=\"search.html\" method=\"get\" role=\"search\">"));
            QVERIFY(page.contains("<label for=\"search-query\">"));
            QVERIFY(page.contains(
                "<input id=\"search-query\" name=\"q\" type=\"search\" autocomplete=\"off\" spellcheck=\"false\">"));
            QVERIFY(page.contains("<p id=\"search-status\" role=\"status\" aria-live=\"polite\"></p>"));
            QVERIFY(page.contains("<ol id=\"search-results\" class=\"results\"></ol>"));
            QVERIFY(page.contains("<noscript>") && page.contains("Ctrl+K"));
            const qsizetype a = page.indexOf("data/records.js"), b = page.indexOf("data/search.js"),
                            c = page.indexOf("assets/search.js"), d = page.indexOf("assets/search-ui.js");
            QVERIFY(a > 0 && a < b && b < c && c < d);
        }
    }
};

QTEST_GUILESS_MAIN(SearchPageTest)
#include "SearchPageTest.moc"
