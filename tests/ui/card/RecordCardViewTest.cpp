#include "card/RecordCardView.h"
#include "kb/KnowledgeBase.h"
#include "util/LongWords.h"

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

// Qt's layout of one unbroken word of N characters costs N² (a 256 KB
// token froze the window for 10 s): the card gives it break opportunities.
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

QTEST_MAIN(RecordCardViewTest)
#include "RecordCardViewTest.moc"
