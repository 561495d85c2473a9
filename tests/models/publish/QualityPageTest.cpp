#include "models/publish/QualityPage.h"
#include "models/quality/QualityModel.h"
#include "tests/models/publish/SiteFixture.h"

#include <QXmlStreamReader>
#include <QtTest>

using namespace Errata;

class QualityPageTest : public QObject
{
    Q_OBJECT

private slots:
    void structure();
    void hostileDomainIsEscaped();
};

static int count(const QByteArray &html, const QByteArray &needle)
{
    int n = 0;
    for (qsizetype at = html.indexOf(needle); at >= 0; at = html.indexOf(needle, at + 1))
        ++n;
    return n;
}

static void checkSvgs(const QByteArray &html)
{
    int svgs = 0;
    for (qsizetype at = html.indexOf("<svg"); at >= 0; at = html.indexOf("<svg", at + 1)) {
        const qsizetype end = html.indexOf("</svg>", at);
        QVERIFY(end > at);
        QXmlStreamReader reader(html.mid(at, end + 6 - at));
        while (!reader.atEnd())
            reader.readNext();
        QVERIFY2(!reader.hasError(), qPrintable(reader.errorString()));
        ++svgs;
    }
    QVERIFY(svgs > 0);
}

void QualityPageTest::structure()
{
    Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
    const QualityReport report = QualityModel::compute(fixture.kb(), fixture.context().options.today);
    fixture.context().quality = &report;
    for (SiteLanguage language : siteLanguages) {
        const QByteArray html = QualityPage::render(fixture.context(), language);
        QCOMPARE(count(html, "<h1"), 1);
        QVERIFY(html.contains("<div class=\"table-wrap\"><table"));
        QVERIFY(html.contains("<th scope=\"col\">"));
        QVERIFY(html.contains("2026-06-01"));
        QVERIFY(!html.contains(" style="));
        checkSvgs(html);
        QCOMPARE(html, QualityPage::render(fixture.context(), language));
    }
    QVERIFY(QualityPage::render(fixture.context(), SiteLanguage::Chinese).contains("数据质量"));
}

void QualityPageTest::hostileDomainIsEscaped()
{
    Test::SiteFixture fixture(Test::SiteFixture::sampleKb());
    QualityReport report;
    QualityReport::Row row;
    row.domain = QStringLiteral("<script>alert(1)</script>") + QChar(0x202E);
    row.ids[QualityReport::Records] << QStringLiteral("<img src=x onerror=alert(1)>");
    row.ids[QualityReport::Stale] << QStringLiteral("<img src=x onerror=alert(1)>");
    report.byDomain << row;
    report.total = row;
    fixture.context().quality = &report;
    const QByteArray html = QualityPage::render(fixture.context(), SiteLanguage::English);
    QVERIFY(!html.contains("<script>alert"));
    QVERIFY(!html.contains("<img src=x"));
    QVERIFY(!html.contains(QStringLiteral("\u202E").toUtf8()));
    checkSvgs(html);
}

QTEST_GUILESS_MAIN(QualityPageTest)
#include "QualityPageTest.moc"
