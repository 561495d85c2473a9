// The search field hands a paste of several lines on whole, by every way
// of pasting (keys, the context menu, a drop, a middle click), and pastes one line as usual.
// The dock sets the field's text for a pasted text; these tests check only
// what the field hands on.

#include "ui/browser/SearchField.h"

#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QSignalSpy>
#include <QtTest>

#include <memory>

using namespace Errata;

class SearchFieldTest : public QObject
{
    Q_OBJECT

private slots:
    void severalLinesAreHandedOnWhole();
    void oneLineIsPastedAsUsual();
    void contextMenuPasteHandsOnToo();
    void insertingSeveralLinesHandsOn();
    void readOnlyFieldTakesNothing();

private:
    static QAction *pasteAction(QMenu *menu);
};

void SearchFieldTest::severalLinesAreHandedOnWhole()
{
    SearchField field;
    field.show();
    QSignalSpy pasted(&field, &SearchField::multiLinePasted);
    const QString text = QStringLiteral("first line\n  second line\nlast line\n");
    QApplication::clipboard()->setText(text);
    QTest::keySequence(&field, QKeySequence::Paste);
    QCOMPARE(pasted.size(), 1);
    QCOMPARE(pasted.at(0).at(0).toString(), text);
    QVERIFY(field.text().isEmpty()); // the dock decides what the field shows
}

void SearchFieldTest::oneLineIsPastedAsUsual()
{
    SearchField field;
    field.show();
    QSignalSpy pasted(&field, &SearchField::multiLinePasted);
    QApplication::clipboard()->setText(QStringLiteral("KeyError: 'user'"));
    QTest::keySequence(&field, QKeySequence::Paste);
    QCOMPARE(pasted.size(), 0);
    QCOMPARE(field.text(), QStringLiteral("KeyError: 'user'"));
    QVERIFY(!SearchField::isMultiLine(QStringLiteral("one line\n")));
    QVERIFY(!SearchField::isMultiLine(QStringLiteral("\r\n one line \r\n")));
    QVERIFY(SearchField::isMultiLine(QStringLiteral("one\r\ntwo")));
}

QAction *SearchFieldTest::pasteAction(QMenu *menu)
{
    for (QAction *action : menu->actions()) {
        if (action->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Paste")))
            return action;
    }
    return nullptr;
}

void SearchFieldTest::contextMenuPasteHandsOnToo()
{
    SearchField field;
    field.show();
    QSignalSpy pasted(&field, &SearchField::multiLinePasted);
    QApplication::clipboard()->setText(QStringLiteral("a\nb"));
    std::unique_ptr<QMenu> menu(field.createStandardContextMenu());
    QAction *paste = pasteAction(menu.get());
    QVERIFY(paste);
    paste->trigger();
    QCOMPARE(pasted.size(), 1);
    QCOMPARE(pasted.at(0).at(0).toString(), QStringLiteral("a\nb"));
    // One line through the menu goes into the field as it is.
    field.clear();
    QApplication::clipboard()->setText(QStringLiteral("oom"));
    std::unique_ptr<QMenu> again(field.createStandardContextMenu());
    pasteAction(again.get())->trigger();
    QCOMPARE(field.text(), QStringLiteral("oom"));
    QCOMPARE(pasted.size(), 1);
}

// What a drop and a middle click do: QLineEdit::insert() as the user's edit.
void SearchFieldTest::insertingSeveralLinesHandsOn()
{
    SearchField field;
    field.show();
    QSignalSpy pasted(&field, &SearchField::multiLinePasted);
    field.insert(QStringLiteral("x\ny"));
    QCOMPARE(pasted.size(), 1);
    QCOMPARE(pasted.at(0).at(0).toString(), QStringLiteral("x\ny"));
    field.setText(QStringLiteral("set\nby the program")); // not an edit
    QCOMPARE(pasted.size(), 1);
}

void SearchFieldTest::readOnlyFieldTakesNothing()
{
    SearchField field;
    field.setReadOnly(true);
    field.show();
    QSignalSpy pasted(&field, &SearchField::multiLinePasted);
    QApplication::clipboard()->setText(QStringLiteral("a\nb"));
    QTest::keySequence(&field, QKeySequence::Paste);
    QCOMPARE(pasted.size(), 0);
    QVERIFY(field.text().isEmpty());
}

QTEST_MAIN(SearchFieldTest)
#include "SearchFieldTest.moc"
