#include "ui/card/RecordCardHtml.h"
#include "models/kb/KnowledgeBase.h"
#include "ui/card/RecordCardView.h"

#include <QSignalSpy>
#include <QTextBlock>
#include <QTextDocument>
#include <QtTest>

using namespace Errata;

class RecordCardHtmlTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void escapesRecordText();
    void onlyWebUrlsBecomeLinks();
    void quotesInUrlsCannotAddAttributes();
    void recordLinksAndDanglingOnes();
    void backlinks();
    void viewShowsTextAndFollowsRecordLinks();

private:
    Record *add(const OrderedJson &json);

    std::unique_ptr<KnowledgeBase> m_kb;
};

void RecordCardHtmlTest::init()
{
    m_kb = std::make_unique<KnowledgeBase>();
    KnowledgeBaseLoader::Result empty;
    empty.root = QStringLiteral("/kb");
    m_kb->adopt(std::move(empty));
}

Record *RecordCardHtmlTest::add(const OrderedJson &json)
{
    auto record = std::make_unique<Record>();
    record->setFilePath(QStringLiteral("/kb/") + QString::fromStdString(json.at("id").get<std::string>())
                        + QStringLiteral(".json"));
    record->setJson(json);
    return m_kb->add(std::move(record));
}

void RecordCardHtmlTest::escapesRecordText()
{
    Record *record = add(
        {{"id", "web/xss"},
         {"signature", "<script>alert('x')</script> & <b>bold</b>"},
         {"root_cause", "a < b && c > d"},
         {"dead_ends",
          {{{"action", "<img src=x onerror=alert(1)>"}, {"why_fails", "\"quoted\""}, {"fail_rate", 0.5}}}}});
    const QString html = RecordCardHtml::build(*record, *m_kb);
    QVERIFY(!html.contains(QLatin1String("<script>")));
    QVERIFY(!html.contains(QLatin1String("<img")));
    QVERIFY(!html.contains(QLatin1String("<b>bold</b>")));
    QVERIFY(
        html.contains(QLatin1String("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"))
        || html.contains(QLatin1String("&lt;script&gt;")));
    QVERIFY(html.contains(QLatin1String("a &lt; b &amp;&amp; c &gt; d")));
}

void RecordCardHtmlTest::onlyWebUrlsBecomeLinks()
{
    Record *record = add({{"id", "web/urls"},
                          {"signature", "s"},
                          {"official_doc_url", "javascript:alert(1)"},
                          {"workarounds",
                           {{{"action", "a"},
                             {"success_rate", 0.9},
                             {"sources", {"https://example.org/fix?a=1&b=2", "file:///etc/passwd"}}}}}});
    const QString html = RecordCardHtml::build(*record, *m_kb);
    QVERIFY(!html.contains(QLatin1String("href=\"javascript")));
    QVERIFY(!html.contains(QLatin1String("href=\"file")));
    QVERIFY(html.contains(QLatin1String("href=\"https://example.org/fix?a=1&amp;b=2\"")));
    QVERIFY(html.contains(QLatin1String("javascript:alert(1)"))); // still shown, as text
}

// Every anchor of the card as Qt's rich text reads it: href and text.
static QList<QPair<QString, QString>> anchorsOf(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    QList<QPair<QString, QString>> anchors;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QTextCharFormat format = fragment.charFormat();
            if (format.isAnchor() || !format.anchorHref().isEmpty())
                anchors << qMakePair(format.anchorHref(), fragment.text());
        }
    }
    return anchors;
}

void RecordCardHtmlTest::quotesInUrlsCannotAddAttributes()
{
    const QString single = QStringLiteral("https://example.org/it's'title='injected'style='color:red");
    const QString doubled = QStringLiteral("https://example.org/say\"hi\"title=\"x");
    const QString script = QStringLiteral("javascript:alert('x')");
    Record *record = add({{"id", "web/quotes"},
                          {"signature", "s"},
                          {"official_doc_url", script.toStdString()},
                          {"dead_ends",
                           {{{"action", "a"},
                             {"why_fails", "w"},
                             {"fail_rate", 0.5},
                             {"sources", {single.toStdString(), doubled.toStdString()}}}}}});
    const QString html = RecordCardHtml::build(*record, *m_kb);
    const QList<QPair<QString, QString>> anchors = anchorsOf(html);
    QCOMPARE(anchors.size(), 1); // the URL with single quotes; the others are text
    QCOMPARE(QUrl(anchors.at(0).first), QUrl(single));
    QCOMPARE(anchors.at(0).second, single);
    QTextDocument document;
    document.setHtml(html);
    QVERIFY(document.toPlainText().contains(doubled));
    QVERIFY(document.toPlainText().contains(script));
}

void RecordCardHtmlTest::recordLinksAndDanglingOnes()
{
    add({{"id", "a/target"}, {"signature", "Target signature"}});
    Record *source = add(
        {{"id", "a/source"},
         {"signature", "s"},
         {"transition_graph",
          {{"leads_to", {OrderedJson{{"error_id", "a/target"}, {"probability", 0.4}}, "a/missing"}}}}});
    const QString html = RecordCardHtml::build(*source, *m_kb);
    QVERIFY(html.contains(QLatin1String("href=\"record:a/target\"")));
    QVERIFY(html.contains(QLatin1String("Target signature")));
    QVERIFY(html.contains(QLatin1String("40%")));
    QVERIFY(html.contains(QLatin1String("class='dangling'>a/missing")));
    QVERIFY(!html.contains(QLatin1String("href=\"record:a/missing\"")));
}

void RecordCardHtmlTest::backlinks()
{
    Record *target = add({{"id", "a/target"}, {"signature", "t"}});
    add({{"id", "a/source"}, {"signature", "s"}, {"transition_graph", {{"preceded_by", {"a/target"}}}}});
    const QString html = RecordCardHtml::build(*target, *m_kb);
    QVERIFY(html.contains(QLatin1String("Linked from")));
    QVERIFY(html.contains(QLatin1String("href=\"record:a/source\"")));
    QVERIFY(html.contains(QLatin1String("preceded_by")));
}

void RecordCardHtmlTest::viewShowsTextAndFollowsRecordLinks()
{
    add({{"id", "a/target"}, {"signature", "t"}});
    Record *source = add(
        {{"id", "a/source"}, {"signature", "<script>x</script>"}, {"transition_graph", {{"leads_to", {"a/target"}}}}});
    RecordCardView view(source, m_kb.get());
    QVERIFY(view.toPlainText().contains(QLatin1String("<script>x</script>")));
    QSignalSpy spy(&view, &RecordCardView::recordLinkActivated);
    emit view.anchorClicked(QUrl(QStringLiteral("record:a/target")));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("a/target"));
}

QTEST_MAIN(RecordCardHtmlTest)
#include "RecordCardHtmlTest.moc"
