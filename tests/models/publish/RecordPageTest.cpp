#include "models/publish/RecordPage.h"

#include "models/publish/HomePage.h"

#include "PageChecks.h"
#include "SiteFixture.h"
#include "support/TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using Test::jsonString;
using Test::recordJson;

class RecordPageTest : public QObject
{
    Q_OBJECT

private:
    static const QString &hostile()
    {
        static const QString text = QStringLiteral("<script>alert(1)</script>\"><img src=x onerror=alert(1)><!--")
            + QChar(0x202E) + QChar(0x2028) + QChar(0x01) + QChar(0x1b);
        return text;
    }

private slots:
    void sampleRecordPagesPassTheChecks()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        const SiteContext &site = fixture.context();
        QVERIFY(!site.published.empty());
        qsizetype largest = 0;
        for (const Record *record : site.published) {
            for (SiteLanguage language : siteLanguages) {
                const QByteArray page = RecordPage::render(site, *record, language);
                QVERIFY2(Test::pageProblem(page).isEmpty(),
                         qPrintable(record->id() + QLatin1String(": ") + Test::pageProblem(page)));
                QVERIFY(page.contains("<h1><code>"));
                QVERIFY(page.contains("data-root=\"../"));
                largest = std::max(largest, page.size());
                QCOMPARE(RecordPage::render(site, *record, language), page); // deterministic
            }
        }
        QVERIFY2(largest < 100 * 1024, qPrintable(QString::number(largest)));
        qInfo("largest sample record page: %lld bytes", qlonglong(largest));
    }

    void homePagePassesTheChecks()
    {
        Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
        for (SiteLanguage language : siteLanguages) {
            const QByteArray page = HomePage::render(fixture.context(), language);
            QVERIFY2(Test::pageProblem(page).isEmpty(), qPrintable(Test::pageProblem(page)));
            QVERIFY(page.contains("id=\"home-search\" name=\"q\""));
            QVERIFY(page.contains("id=\"home-lookup\" name=\"q\""));
            QVERIFY(page.contains("domains/docker.html"));
            QVERIFY(!page.contains("<script"));
            QCOMPARE(HomePage::render(fixture.context(), language), page);
            qInfo("sample home page: %lld bytes", qlonglong(page.size()));
        }
    }

    void hostileRecordIsEscaped()
    {
        QTemporaryDir dir;
        const QString bad = hostile();
        const QString big = QString(1024 * 1024, QLatin1Char('x'));
        const QByteArray extra = ",\n  \"root_cause\": " + jsonString(big) + ",\n  \"tags\": [" + jsonString(bad)
            + "],\n  \"workarounds\": [{\"action\": " + jsonString(bad)
            + ", \"how\": \"</script>\", \"sources\": [\"javascript:alert(1)\", \"data:text/html,x\", \"../x\", "
              "\"https://ok.example/a\"]}]"
            + ",\n  \"transition_graph\": {\"leads_to\": [{\"error_id\": \"d/missing\"}, {\"error_id\": \"d/two\"}]}";
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("d/one.json")),
                                       recordJson(QStringLiteral("d/one"), bad, extra)));
        QVERIFY(TestSupport::writeFile(
            dir.filePath(QStringLiteral("d/two.json")),
            recordJson(QStringLiteral("d/two"), QStringLiteral("two"),
                       ",\n  \"transition_graph\": {\"preceded_by\": [{\"error_id\": \"d/one\"}]}")));
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("d/x.json")),
                                       recordJson(QStringLiteral("../x"), QStringLiteral("dot dot"))));
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("d/z-duplicate.json")),
                                       recordJson(QStringLiteral("d/two"), QStringLiteral("second two"))));
        Test::SiteFixture fixture(dir.path());
        for (const Record *record : fixture.context().published) {
            const QByteArray each = RecordPage::render(fixture.context(), *record, SiteLanguage::Chinese);
            QVERIFY2(Test::pageProblem(each).isEmpty(), qPrintable(record->filePath() + Test::pageProblem(each)));
        }
        const Record *one = fixture.record(QStringLiteral("d/one"));
        QVERIFY(one);
        const QByteArray page = RecordPage::render(fixture.context(), *one, SiteLanguage::English);
        QVERIFY2(Test::pageProblem(page).isEmpty(), qPrintable(Test::pageProblem(page)));
        QVERIFY(!page.contains("<script>alert"));
        QVERIFY(!page.contains("<img"));
        QVERIFY(!page.contains("</script>"));
        QVERIFY(!page.contains("<!--"));
        QVERIFY(page.contains("&lt;script&gt;"));
        QVERIFY(page.contains("<span class=\"cc\">U+202E</span>"));
        // The title is text only: markup there would show as it is.
        const QByteArray title = page.mid(page.indexOf("<title>"), page.indexOf("</title>") - page.indexOf("<title>"));
        QVERIFY2(!title.contains("<span") && title.contains("U+202E"), title.constData());
        QVERIFY(!page.contains("href=\"data:"));
        QVERIFY(!page.contains("href=\"../x\""));
        QVERIFY(page.contains("href=\"https://ok.example/a\""));
        QVERIFY(page.contains("more characters"));
        QVERIFY2(page.size() < 100 * 1024, qPrintable(QString::number(page.size())));
        QVERIFY(page.contains("class=\"badge dangling\""));
        QVERIFY(page.contains("<a href=\"two.html\"><code>two</code></a>")); // the first of the duplicates
        const Record *two = fixture.record(QStringLiteral("d/two"));
        QVERIFY(two);
        const QByteArray twoPage = RecordPage::render(fixture.context(), *two, SiteLanguage::English);
        QVERIFY(twoPage.contains("class=\"backlink\""));
        const Record *dots = fixture.record(QStringLiteral("../x"));
        QVERIFY(dots);
        const QByteArray dotsPage = RecordPage::render(fixture.context(), *dots, SiteLanguage::English);
        QVERIFY2(Test::pageProblem(dotsPage).isEmpty(), qPrintable(Test::pageProblem(dotsPage)));
        const QByteArray home = HomePage::render(fixture.context(), SiteLanguage::English);
        QVERIFY2(Test::pageProblem(home).isEmpty(), qPrintable(Test::pageProblem(home)));
    }

    // A measurement on a larger KB, run by hand: ERRATA_SITE_KB=<an imported
    // corpus> RecordPageTest corpusPageSizes.
    void corpusPageSizes()
    {
        const QString folder = qEnvironmentVariable("ERRATA_SITE_KB");
        if (folder.isEmpty())
            QSKIP("set ERRATA_SITE_KB to a KB folder to measure its pages");
        Test::SiteFixture fixture(folder);
        qsizetype largest = 0;
        for (const Record *record : fixture.context().published)
            for (SiteLanguage language : siteLanguages)
                largest = std::max(largest, RecordPage::render(fixture.context(), *record, language).size());
        const qsizetype home = HomePage::render(fixture.context(), SiteLanguage::Chinese).size();
        qInfo("%zu records: largest record page %lld bytes, home page %lld bytes", fixture.context().published.size(),
              qlonglong(largest), qlonglong(home));
        QVERIFY(largest < 100 * 1024);
        QVERIFY(home < 100 * 1024);
    }

    void chinesePageMarksUntranslatedFields()
    {
        QTemporaryDir dir;
        QVERIFY(TestSupport::writeFile(
            dir.filePath(QStringLiteral("d/one.json")),
            recordJson(QStringLiteral("d/one"), QStringLiteral("boom"), ",\n  \"root_cause\": \"English only\"")));
        Test::SiteFixture fixture(dir.path());
        const QByteArray zh = RecordPage::render(fixture.context(), *fixture.record(QStringLiteral("d/one")),
                                                 SiteLanguage::Chinese);
        QVERIFY(zh.startsWith("<!DOCTYPE html>\n<html lang=\"zh-CN\">"));
        QVERIFY(zh.contains("<span lang=\"en\" class=\"untranslated\">English only</span>"));
        QVERIFY(zh.contains("未翻译"));
        QVERIFY(zh.contains("data-lang=\"zh-CN\""));
        const QByteArray en = RecordPage::render(fixture.context(), *fixture.record(QStringLiteral("d/one")),
                                                 SiteLanguage::English);
        QVERIFY(!en.contains("untranslated"));

        QTemporaryDir translatedDir;
        QVERIFY(TestSupport::writeFile(
            translatedDir.filePath(QStringLiteral("d/one.json")),
            recordJson(QStringLiteral("d/one"), QStringLiteral("boom"),
                       ",\n  \"root_cause\": \"English only\",\n  \"root_cause_zh\": \"中文原因\"")));
        Test::SiteFixture translated(translatedDir.path());
        const QByteArray zhTranslated = RecordPage::render(
            translated.context(), *translated.record(QStringLiteral("d/one")), SiteLanguage::Chinese);
        QVERIFY(zhTranslated.contains("<p>中文原因</p>"));
        QVERIFY(!zhTranslated.contains("untranslated"));
    }
};

QTEST_GUILESS_MAIN(RecordPageTest)
#include "RecordPageTest.moc"
