#include "ui/editing/RecordEditor.h"
#include "models/itemmodels/ArrayTableModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"
#include "ui/editing/DiffView.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/RecordIdDialog.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTextBlock>
#include <QUndoStack>
#include <QtTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QList<QByteArray> changedLines(const QByteArray &before, const QByteArray &after)
{
    const QList<QByteArray> a = before.split('\n');
    const QList<QByteArray> b = after.split('\n');
    QList<QByteArray> changed;
    for (qsizetype i = 0; i < qMax(a.size(), b.size()); ++i)
        if (a.value(i) != b.value(i))
            changed << b.value(i);
    return changed;
}

} // namespace

class RecordEditorTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void typingIsOneUndoStep();
    void lineFieldsWriteJson();
    void tableRowsAddEditMoveAndUndo();
    void workaroundRowsMoveTheirChineseText();
    void saveIsByteStable();
    void saveRefusedWhileErrors();
    void revertGoesBackToDisk();
    void rateDateChoiceAndListWidgets();
    void idDialogRefusesUnsafeAndTakenIds();
    void longWordWrapsAnywhere();
    void changesPageIsADiff();
    void changesAgainstTheLastCommit();

private:
    Record *seed() const { return m_kb->find(QStringLiteral("pytorch/nan-loss-step")); }
    QWidget *focusedField(const QString &pointer);

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<KnowledgeBase> m_kb;
    std::unique_ptr<RecordValidator> m_validator;
    std::unique_ptr<EditSession> m_session;
    std::unique_ptr<RecordEditor> m_editor;
};

void RecordEditorTest::init()
{
    m_path = m_dir.path() + QStringLiteral("/pytorch/nan-loss-step.json");
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QFile::remove(m_path);
    QVERIFY(QFile::copy(QStringLiteral(ERRATA_TEST_DATA "/seed.json"), m_path));
    QFile::setPermissions(m_path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    m_editor.reset();
    m_session.reset();
    m_kb = std::make_unique<KnowledgeBase>();
    m_kb->adopt(KnowledgeBaseLoader::load(m_dir.path()));
    QVERIFY(seed());
    m_validator = std::make_unique<RecordValidator>(QDate(2026, 12, 2));
    m_session = std::make_unique<EditSession>(m_kb.get(), seed(), m_validator.get());
    m_editor = std::make_unique<RecordEditor>(m_session.get());
}

QWidget *RecordEditorTest::focusedField(const QString &pointer)
{
    m_editor->show();
    m_editor->activateWindow();
    if (!QTest::qWaitForWindowActive(m_editor.get()))
        return nullptr;
    m_editor->focusField(pointer);
    return QApplication::focusWidget();
}

void RecordEditorTest::typingIsOneUndoStep()
{
    auto *edit = qobject_cast<QPlainTextEdit *>(focusedField(QStringLiteral("/root_cause_zh")));
    QVERIFY(edit);
    edit->moveCursor(QTextCursor::End);
    QTest::keyClicks(edit, QStringLiteral(" ok"));
    QVERIFY(seed()->rootCauseZh().endsWith(QLatin1String(" ok")));
    QCOMPARE(m_session->undoStack()->count(), 1);
    QVERIFY(m_session->isDirty());
    m_session->undoStack()->undo();
    QVERIFY(!seed()->rootCauseZh().endsWith(QLatin1String("ok")));
    QCOMPARE(edit->toPlainText(), seed()->rootCauseZh());
    QVERIFY(!m_session->isDirty());
}

void RecordEditorTest::lineFieldsWriteJson()
{
    auto *edit = qobject_cast<QLineEdit *>(focusedField(QStringLiteral("/subcategory")));
    QVERIFY(edit);
    QTest::keyClicks(edit, QStringLiteral("numeric"));
    QCOMPARE(seed()->value(QStringLiteral("/subcategory")), OrderedJson("numeric"));
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QVERIFY(seed()->value(QStringLiteral("/subcategory")).is_null()); // nullable fields go back to null
}

void RecordEditorTest::tableRowsAddEditMoveAndUndo()
{
    ArrayTableModel *deadEnds = nullptr;
    for (ArrayTableModel *candidate : m_editor->findChildren<ArrayTableModel *>())
        if (candidate->arrayPointer() == QLatin1String("/dead_ends"))
            deadEnds = candidate;
    QVERIFY(deadEnds);
    QCOMPARE(deadEnds->rowCount(), 2);
    deadEnds->addRow();
    QCOMPARE(deadEnds->rowCount(), 3);
    QVERIFY(deadEnds->setData(deadEnds->index(2, 0), QStringLiteral("Pray")));
    QVERIFY(deadEnds->setData(deadEnds->index(2, 2), 0.99));
    QCOMPARE(seed()->value(QStringLiteral("/dead_ends/2/action")), OrderedJson("Pray"));
    QCOMPARE(seed()->value(QStringLiteral("/dead_ends/2/fail_rate")), OrderedJson(0.99));
    deadEnds->moveRow(2, -1);
    QCOMPARE(seed()->value(QStringLiteral("/dead_ends/1/action")), OrderedJson("Pray"));
    QVERIFY(deadEnds->setData(deadEnds->index(1, 4), QStringLiteral("https://a.example/x https://b.example/y")));
    QCOMPARE(seed()->value(QStringLiteral("/dead_ends/1/sources")),
             OrderedJson::array({"https://a.example/x", "https://b.example/y"}));
    while (m_session->undoStack()->canUndo())
        m_session->undoStack()->undo();
    QCOMPARE(deadEnds->rowCount(), 2);
    QCOMPARE(seed()->serialize(), readFile(m_path));
}

void RecordEditorTest::workaroundRowsMoveTheirChineseText()
{
    ArrayTableModel *workarounds = nullptr;
    for (ArrayTableModel *candidate : m_editor->findChildren<ArrayTableModel *>())
        if (candidate->arrayPointer() == QLatin1String("/workarounds"))
            workarounds = candidate;
    QVERIFY(workarounds);
    const int zhColumn = workarounds->columnCount() - 1;
    QVERIFY(workarounds->setData(workarounds->index(0, zhColumn), QStringLiteral("添加梯度裁剪")));
    QCOMPARE(seed()->workaroundsZh().value(0), QStringLiteral("添加梯度裁剪"));
    workarounds->moveRow(0, 1);
    QCOMPARE(seed()->workaroundsZh().value(1), QStringLiteral("添加梯度裁剪"));
    QVERIFY(seed()->workarounds().value(1).action.startsWith(QLatin1String("Add gradient clipping")));
    workarounds->removeRowsAt({1});
    QCOMPARE(seed()->workarounds().size(), 2);
    QCOMPARE(seed()->workaroundsZh().size(), 2);
    QVERIFY(!seed()->workaroundsZh().contains(QStringLiteral("添加梯度裁剪")));
}

void RecordEditorTest::saveIsByteStable()
{
    const QByteArray before = readFile(m_path);
    m_session->setValue(QStringLiteral("/confidence"), 0.5, QStringLiteral("Edit confidence"));
    QString message;
    QCOMPARE(m_session->save(false, &message), EditSession::Saved);
    const QByteArray after = readFile(m_path);
    QCOMPARE(changedLines(before, after), QList<QByteArray>{QByteArrayLiteral("  \"confidence\": 0.5,")});
    QVERIFY(!m_session->isDirty());
    Record reread;
    Record::LoadError error;
    QVERIFY(reread.load(m_path, &error));
    QCOMPARE(m_validator->validate(reread).size(), m_validator->validate(*seed()).size());
    QCOMPARE(m_session->save(false, &message), EditSession::NothingToSave);
}

void RecordEditorTest::saveRefusedWhileErrors()
{
    const QByteArray before = readFile(m_path);
    m_session->setValue(QStringLiteral("/regex"), "(unclosed", QStringLiteral("Edit regex"));
    QString message;
    QCOMPARE(m_session->save(false, &message), EditSession::RefusedErrors);
    QVERIFY2(message.contains(QLatin1String("regex")), qPrintable(message));
    QCOMPARE(readFile(m_path), before);
    m_session->undoStack()->undo();
    QCOMPARE(m_session->save(false, &message), EditSession::NothingToSave);
}

void RecordEditorTest::revertGoesBackToDisk()
{
    const QByteArray before = readFile(m_path);
    m_session->setValue(QStringLiteral("/signature"), "changed", QStringLiteral("Edit signature"));
    QVERIFY(m_session->isDirty());
    QString message;
    QVERIFY(m_session->revert(&message));
    QVERIFY(!m_session->isDirty());
    QCOMPARE(seed()->serialize(), before);
    QCOMPARE(m_session->undoStack()->count(), 0);
}

void RecordEditorTest::rateDateChoiceAndListWidgets()
{
    auto *rate = qobject_cast<QDoubleSpinBox *>(focusedField(QStringLiteral("/confidence")));
    QVERIFY(rate);
    rate->setValue(0.35);
    QCOMPARE(seed()->value(QStringLiteral("/confidence")), OrderedJson(0.35));
    rate->setValue(rate->minimum()); // "not set"
    QVERIFY(!seed()->json().contains("confidence"));

    auto *date = qobject_cast<QDateEdit *>(focusedField(QStringLiteral("/last_confirmed")));
    QVERIFY(date);
    date->setDate(QDate(2026, 11, 30));
    QCOMPARE(seed()->value(QStringLiteral("/last_confirmed")), OrderedJson("2026-11-30"));

    auto *tier = qobject_cast<QComboBox *>(focusedField(QStringLiteral("/verification_tier")));
    QVERIFY(tier);
    tier->setCurrentText(QStringLiteral("expert_verified"));
    QCOMPARE(seed()->value(QStringLiteral("/verification_tier")), OrderedJson("expert_verified"));

    auto *tags = qobject_cast<QPlainTextEdit *>(focusedField(QStringLiteral("/tags")));
    QVERIFY(tags);
    tags->setPlainText(QStringLiteral("nan\n  gradients \n\n"));
    QCOMPARE(seed()->value(QStringLiteral("/tags")), OrderedJson::array({"nan", "gradients"}));

    // Undo walks all of it back, widgets included.
    while (m_session->undoStack()->canUndo())
        m_session->undoStack()->undo();
    QCOMPARE(seed()->serialize(), readFile(m_path));
    QCOMPARE(tier->currentText(), QStringLiteral("ai_generated"));
    QCOMPARE(date->date(), QDate(2024, 6, 1));
    QCOMPARE(rate->value(), 0.9);
}

void RecordEditorTest::idDialogRefusesUnsafeAndTakenIds()
{
    RecordIdDialog dialog(*m_kb, QStringLiteral("New"), QStringLiteral("Id:"), QString());
    auto *edit = dialog.findChild<QLineEdit *>();
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    for (const QString &bad : {QStringLiteral("../evil/x"), QStringLiteral("/etc/passwd"), QStringLiteral("a\\b/c"),
                               QStringLiteral("pytorch/nan-loss-step"), QStringLiteral("nodomain")}) {
        edit->setText(bad);
        QVERIFY2(!ok->isEnabled(), qPrintable(bad));
    }
    edit->setText(QStringLiteral("pytorch/new-one"));
    QVERIFY(ok->isEnabled());
}

// A text field breaks lines at word boundaries, which costs N² in one word
// of N characters: a field that holds a very long word wraps anywhere.
void RecordEditorTest::longWordWrapsAnywhere()
{
    auto *edit = qobject_cast<QPlainTextEdit *>(focusedField(QStringLiteral("/root_cause")));
    QVERIFY(edit);
    QCOMPARE(edit->wordWrapMode(), QTextOption::WrapAtWordBoundaryOrAnywhere);
    const QString token(300000, QLatin1Char('x'));
    m_session->setValue(QStringLiteral("/root_cause"), OrderedJson(token.toStdString()), QStringLiteral("Edit"), false);
    QCOMPARE(edit->toPlainText(), token);
    QCOMPARE(edit->wordWrapMode(), QTextOption::WrapAnywhere);
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("short words again"));
    QCOMPARE(edit->wordWrapMode(), QTextOption::WrapAtWordBoundaryOrAnywhere);
    edit->insertPlainText(token); // pasted
    QCOMPARE(edit->wordWrapMode(), QTextOption::WrapAnywhere);
    QCOMPARE(seed()->rootCause(), QStringLiteral("short words again") + token);
}

// The Changes page: the old line (-) before the new one (+), coloured,
// wrapped at the page's width.
void RecordEditorTest::changesPageIsADiff()
{
    const QString old = QString::fromStdString(seed()->value(QStringLiteral("/confidence")).dump());
    m_session->setValue(QStringLiteral("/confidence"), 0.5, QStringLiteral("Edit confidence"));
    DiffView *changes = m_editor->changesView();
    QVERIFY(changes);
    auto *pages = m_editor->findChild<QTabWidget *>();
    QVERIFY(pages);
    pages->setCurrentWidget(changes->parentWidget());
    const QStringList lines = changes->lines();
    const qsizetype removed = lines.indexOf(QStringLiteral("-  \"confidence\": %1,").arg(old));
    const qsizetype added = lines.indexOf(QStringLiteral("+  \"confidence\": 0.5,"));
    QVERIFY2(removed >= 0 && added == removed + 1, qPrintable(lines.join(QLatin1Char('\n'))));
    QCOMPARE(changes->lineWrapMode(), QPlainTextEdit::WidgetWidth);
    QTextBlock block = changes->document()->findBlockByNumber(int(removed));
    QCOMPARE(block.blockFormat().background().color(), DiffView::removedBackground(changes->palette()));
    QCOMPARE(block.next().blockFormat().background().color(), DiffView::addedBackground(changes->palette()));
    m_session->undoStack()->undo();
    QCOMPARE(changes->toPlainText(), QStringLiteral("No changes against the file on disk."));
}

// In a git checkout, the Changes page also compares with the last commit:
// a saved edit is no change against the file on disk, but one against HEAD.
void RecordEditorTest::changesAgainstTheLastCommit()
{
    auto *pages = m_editor->findChild<QTabWidget *>();
    pages->setCurrentWidget(m_editor->changesView()->parentWidget());
    m_editor->changesBase()->setCurrentIndex(1); // no repository yet
    QCOMPARE(m_editor->changesView()->toPlainText(),
             QStringLiteral("The KB is not in a git checkout: there is no last commit."));
    m_editor->changesBase()->setCurrentIndex(0);
    TestSupport::GitTestRepository repository(m_dir.path());
    QVERIFY(!repository.commitAll(QStringLiteral("the KB")).isEmpty());
    const QString old = QString::fromStdString(seed()->value(QStringLiteral("/confidence")).dump());
    m_session->setValue(QStringLiteral("/confidence"), 0.5, QStringLiteral("Edit confidence"));
    QString message;
    QCOMPARE(m_session->save(false, &message), EditSession::Saved);
    DiffView *changes = m_editor->changesView();
    pages->setCurrentWidget(changes->parentWidget());
    QCOMPARE(changes->toPlainText(), QStringLiteral("No changes against the file on disk."));
    m_editor->changesBase()->setCurrentIndex(1);
    const QStringList lines = changes->lines();
    QVERIFY2(lines.contains(QStringLiteral("-  \"confidence\": %1,").arg(old)),
             qPrintable(lines.join(QLatin1Char('\n'))));
    QVERIFY(lines.contains(QStringLiteral("+  \"confidence\": 0.5,")));
    QVERIFY(!repository.commitAll(QStringLiteral("saved")).isEmpty());
    m_editor->changesBase()->setCurrentIndex(0);
    m_editor->changesBase()->setCurrentIndex(1);
    QCOMPARE(changes->toPlainText(), QStringLiteral("No changes against the last commit."));
}

QTEST_MAIN(RecordEditorTest)
#include "RecordEditorTest.moc"
