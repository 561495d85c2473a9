#include "ui/card/RecordCardView.h"
#include "models/kb/KnowledgeBase.h"
#include "models/util/LongWords.h"
#include "ui/card/RecordCardHtml.h"

#include <QApplication>
#include <QClipboard>
#include <QtTest>

using namespace Errata;

class RecordCardViewTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void longWordsGetBreaks();
    void copyLeavesTheBreaksOut();
    void lineBreaksAreKept();
    void showsRegexTagsAliasesAndSubcategory();
    void coloursComeFromThePalette();

private:
    Record *add(const OrderedJson &json);

    std::unique_ptr<KnowledgeBase> m_kb;
};

void RecordCardViewTest::init()
{
    m_kb = std::make_unique<KnowledgeBase>();
    KnowledgeBaseLoader::Result empty;
    empty.root = QStringLiteral("/kb");
    m_kb->adopt(std::move(empty));
}

Record *RecordCardViewTest::add(const OrderedJson &json)
{
    auto record = std::make_unique<Record>();
    record->setFilePath(QStringLiteral("/kb/") + QString::fromStdString(json.at("id").get<std::string>())
                        + QStringLiteral(".json"));
    record->setJson(json);
    return m_kb->add(std::move(record));
}

// Qt's layout of one unbroken word of N characters costs N², which freezes the window on a long token: the card gives
// it break opportunities.
void RecordCardViewTest::longWordsGetBreaks()
{
    const std::string token(300000, 'x');
    Record *record = add({{"id", "blob/long"}, {"signature", token}, {"root_cause", "before " + token + " after"}});
    RecordCardView view(record, m_kb.get());
    const QString shown = view.document()->toPlainText();
    QVERIFY(LongWords::longestRun(shown) <= LongWords::DefaultLimit);
    QString text = shown;
    text.remove(LongWords::ZeroWidthSpace);
    QVERIFY(text.contains(QStringLiteral("before ") + QString::fromStdString(token) + QStringLiteral(" after")));
}

void RecordCardViewTest::copyLeavesTheBreaksOut()
{
    const std::string token(500, 'y');
    Record *record = add({{"id", "blob/copy"}, {"signature", "s"}, {"root_cause", token}});
    RecordCardView view(record, m_kb.get());
    QVERIFY(view.find(QStringLiteral("yyyy")));
    QTextCursor cursor = view.textCursor();
    cursor.movePosition(QTextCursor::StartOfBlock);
    cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    view.setTextCursor(cursor);
    QVERIFY(cursor.selectedText().contains(LongWords::ZeroWidthSpace));
    view.copy();
    QCOMPARE(QApplication::clipboard()->text(), QString::fromStdString(token));
}

// 14% of the public corpus has numbered steps on lines of their own; HTML
// ran them together.
void RecordCardViewTest::lineBreaksAreKept()
{
    Record *record = add(
        {{"id", "steps/one"},
         {"signature", "s"},
         {"root_cause", "Two causes:\n1. the first\n2. the second"},
         {"workarounds", {{{"action", "a"}, {"how", "1. stop it\n2. start it"}, {"success_rate", 0.5}}}}});
    const QString html = RecordCardHtml::build(*record, *m_kb);
    QVERIFY2(html.contains(QLatin1String("Two causes:<br>1. the first<br>2. the second")), qPrintable(html));
    QVERIFY(html.contains(QLatin1String("1. stop it<br>2. start it")));
    RecordCardView view(record, m_kb.get());
    QVERIFY(view.document()->toPlainText().contains(QStringLiteral("1. the first\u20282. the second"))
            || view.document()->toPlainText().contains(QStringLiteral("1. the first\n2. the second")));
}

void RecordCardViewTest::showsRegexTagsAliasesAndSubcategory()
{
    Record *record = add({{"id", "net/refused"},
                          {"signature", "connect ECONNREFUSED"},
                          {"regex", "connect ECONNREFUSED \\d+<x>"},
                          {"domain", "net"},
                          {"category", "network_error"},
                          {"subcategory", "socket"},
                          {"aliases", {"Connection refused"}},
                          {"tags", {"tcp", "port"}}});
    const QString text = RecordCardView(record, m_kb.get()).document()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("connect ECONNREFUSED \\d+<x>")), qPrintable(text)); // escaped, shown whole
    QVERIFY(text.contains(QStringLiteral("net / network_error / socket")));
    QVERIFY(text.contains(QStringLiteral("Connection refused")));
    QVERIFY(text.contains(QStringLiteral("tcp, port")));
}

// The card's colours come from the palette, not fixed CSS colours that would nearly vanish on a dark palette.
void RecordCardViewTest::coloursComeFromThePalette()
{
    Record *record = add({{"id", "zh/one"}, {"signature", "s"}, {"signature_zh", "中文"}});
    const QPalette before = QGuiApplication::palette();
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(30, 30, 30));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    dark.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    QGuiApplication::setPalette(dark);
    const QString html = RecordCardHtml::build(*record, *m_kb);
    QGuiApplication::setPalette(before);
    QVERIFY(!html.contains(QLatin1String("#333")));
    QVERIFY(!html.contains(QLatin1String("#b00020"))); // the light palette's red
    QVERIFY(html.contains(QColor(150, 150, 150).name()));
}

QTEST_MAIN(RecordCardViewTest)
#include "RecordCardViewTest.moc"
