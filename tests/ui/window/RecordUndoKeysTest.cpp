// The keyboard path of undo in an editor tab, as a user presses the keys: Ctrl+Z and Ctrl+Shift+Z act on the record's
// history wherever the focus is (not the focused field's own undo), and a rename leaves the record clean (not marked ●
// with nothing to save).

#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecordOperations.h"
#include "models/kb/RecoveryStore.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"
#include "ui/card/RecordTab.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/RecordEditor.h"
#include "ui/editing/RenameRecordCommand.h"
#include "ui/window/MainWindow.h"

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QUndoStack>
#include <QtTest>

using namespace Errata;

class RecordUndoKeysTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void ctrlZInAFieldUndoesTheRecord();
    void ctrlZInAnUntouchedFieldUndoesTheRecord();
    void renameLeavesTheRecordClean();

private:
    QWidget *focus(const QString &pointer);
    Record *record() const;

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void RecordUndoKeysTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void RecordUndoKeysTest::init()
{
    QSettings().clear();
    QDir(RecoveryStore().baseDir()).removeRecursively();
    QVERIFY(TestSupport::writeFile(m_dir.filePath(QStringLiteral("a/one.json")),
                                   "{\n  \"id\": \"a/one\",\n  \"signature\": \"first\",\n  \"root_cause\": \"why\",\n"
                                   "  \"domain\": \"a\",\n  \"category\": \"general\"\n}\n"));
    m_window = std::make_unique<MainWindow>();
    QSignalSpy loaded(m_window.get(), &MainWindow::loaded);
    m_window->openKnowledgeBase(m_dir.path());
    QVERIFY(loaded.wait(10000));
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(m_window->editRecord(QStringLiteral("a/one")));
}

void RecordUndoKeysTest::cleanup()
{
    if (RecordTab *tab = m_window->currentTab())
        tab->session()->undoStack()->setClean(); // no question on closing
    m_window.reset();
}

Record *RecordUndoKeysTest::record() const
{
    return m_window->currentTab()->record();
}

QWidget *RecordUndoKeysTest::focus(const QString &pointer)
{
    m_window->currentTab()->editor()->focusField(pointer);
    return QApplication::focusWidget();
}

void RecordUndoKeysTest::ctrlZInAFieldUndoesTheRecord()
{
    auto *signature = qobject_cast<QPlainTextEdit *>(focus(QStringLiteral("/signature")));
    QVERIFY(signature);
    signature->moveCursor(QTextCursor::End);
    QTest::keyClicks(signature, QStringLiteral(" typed"));
    QCOMPARE(record()->signature(), QStringLiteral("first typed"));
    auto *rootCause = qobject_cast<QPlainTextEdit *>(focus(QStringLiteral("/root_cause")));
    QVERIFY(rootCause);
    rootCause->moveCursor(QTextCursor::End);
    QTest::keyClicks(rootCause, QStringLiteral(" more"));
    QCOMPARE(record()->rootCause(), QStringLiteral("why more"));

    // In the field typed into last: the record's last edit goes, and the
    // field shows the record.
    QTest::keyClick(rootCause, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(record()->rootCause(), QStringLiteral("why"));
    QCOMPARE(rootCause->toPlainText(), QStringLiteral("why"));
    // Again, still there: the edit before it, made in another field.
    QTest::keyClick(rootCause, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(record()->signature(), QStringLiteral("first"));
    QCOMPARE(signature->toPlainText(), QStringLiteral("first"));
    QVERIFY(!m_window->currentTab()->isDirty());
    QTest::keyClick(rootCause, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(record()->signature(), QStringLiteral("first typed"));
    QCOMPARE(record()->rootCause(), QStringLiteral("why"));
}

void RecordUndoKeysTest::ctrlZInAnUntouchedFieldUndoesTheRecord()
{
    EditSession *session = m_window->currentTab()->session();
    session->setValue(QStringLiteral("/signature"), "changed elsewhere", QStringLiteral("Edit signature"));
    auto *subcategory = qobject_cast<QLineEdit *>(focus(QStringLiteral("/subcategory")));
    QVERIFY(subcategory);
    QTest::keyClick(subcategory, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(record()->signature(), QStringLiteral("first"));
    QCOMPARE(session->undoStack()->index(), 0);
    // Nothing left to undo: the key does nothing, to the field either.
    QTest::keyClick(subcategory, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(record()->signature(), QStringLiteral("first"));
}

void RecordUndoKeysTest::renameLeavesTheRecordClean()
{
    RecordTab *tab = m_window->currentTab();
    auto *kb = const_cast<KnowledgeBase *>(m_window->knowledgeBase());
    QString error;
    QVERIFY2(RecordOperations::renameRecord(*kb, record(), QStringLiteral("a/uno"), &error), qPrintable(error));
    tab->session()->undoStack()->push(
        new RenameRecordCommand(kb, record(), QStringLiteral("a/one"), QStringLiteral("a/uno")));
    QVERIFY(!tab->isDirty());
    QVERIFY(!m_window->tabs()->tabText(m_window->tabs()->currentIndex()).startsWith(QStringLiteral("●")));
    tab->session()->undoStack()->undo(); // renamed back on disk: clean again
    QCOMPARE(record()->id(), QStringLiteral("a/one"));
    QVERIFY(!tab->isDirty());
    // An unsaved edit besides: the rename writes it too (the whole record
    // goes to its new file), so the record is clean after it as well.
    tab->session()->setValue(QStringLiteral("/signature"), "edited", QStringLiteral("Edit signature"));
    QVERIFY(tab->isDirty());
    QVERIFY(RecordOperations::renameRecord(*kb, record(), QStringLiteral("a/uno"), &error));
    tab->session()->undoStack()->push(
        new RenameRecordCommand(kb, record(), QStringLiteral("a/one"), QStringLiteral("a/uno")));
    QVERIFY(TestSupport::readFile(m_dir.filePath(QStringLiteral("a/uno.json"))).contains("edited"));
    QVERIFY(!tab->isDirty());
}

QTEST_MAIN(RecordUndoKeysTest)
#include "RecordUndoKeysTest.moc"
