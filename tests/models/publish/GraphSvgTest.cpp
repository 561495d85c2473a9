#include "models/publish/GraphSvg.h"

#include "SiteFixture.h"
#include "support/TestFiles.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;

class GraphSvgTest : public QObject
{
    Q_OBJECT

private slots:
    void neighbourhoodCappedEscapedAndDanglingMarked()
    {
        QTemporaryDir dir;
        QByteArray links;
        for (int i = 0; i < 45; ++i)
            links += QByteArray(i ? ", " : "") + "{\"error_id\": \"d/<b>" + QByteArray::number(i) + "\"}";
        links += ", {\"error_id\": \"d/two\"}";
        const QByteArray one = "{\"id\": \"d/one\", \"signature\": \"one\", \"domain\": \"d\", \"category\": \"c\", "
                               "\"transition_graph\": {\"leads_to\": [{\"error_id\": \"d/two\"}], \"preceded_by\": ["
            + links + "]}}\n";
        QVERIFY(TestSupport::writeFile(dir.filePath(QStringLiteral("d/one.json")), one));
        QVERIFY(TestSupport::writeFile(
            dir.filePath(QStringLiteral("d/two.json")),
            "{\"id\": \"d/two\", \"signature\": \"two\", \"domain\": \"d\", \"category\": \"c\"}\n"));
        Test::SiteFixture fixture(dir.path());
        PageLayout::Page page;
        page.path = QStringLiteral("records/d/one.html");
        const QString svg = GraphSvg::render(fixture.context(), page, *fixture.record(QStringLiteral("d/one")));
        QVERIFY(svg.startsWith(QLatin1String("<svg class=\"graph\"")));
        QCOMPARE(svg.count(QLatin1String("<line ")), GraphSvg::MaxNodes);
        QVERIFY(svg.contains(QLatin1String("and 6 more")));
        QVERIFY(svg.contains(QLatin1String("<a href=\"two.html\">")));
        QVERIFY(svg.contains(QLatin1String("class=\"node dangling\"")));
        QVERIFY(!svg.contains(QLatin1String("<b>")));
        QVERIFY(!svg.contains(QLatin1String("style=")));
        QVERIFY(!QRegularExpression(QStringLiteral("\\s(cx|cy|x|y|x1|y1|x2|y2)=\"[^\"]*\\.")).match(svg).hasMatch());
        QCOMPARE(GraphSvg::render(fixture.context(), page, *fixture.record(QStringLiteral("d/one"))), svg);
        const QString alone = GraphSvg::render(fixture.context(), page, *fixture.record(QStringLiteral("d/two")));
        QVERIFY(alone.contains(QLatin1String("<a href=\"one.html\">"))); // its backlink
    }
};

QTEST_GUILESS_MAIN(GraphSvgTest)
#include "GraphSvgTest.moc"
