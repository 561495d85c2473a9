// The link editor of the record editor: adding a link by typing (with the
// completer), refusing self and repeated links, marking missing targets,
// bare strings and missing links back, converting bare strings, removing
// and reordering, every change one undo step; the records linking here;
// and the reciprocal link added to the other record as an undoable edit.

#include "ui/editing/LinkListEditor.h"
#include "models/itemmodels/ArrayTableModel.h"
#include "models/itemmodels/LinkTargetModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/RecoveryStore.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"
#include "support/TestFiles.h"
#include "ui/card/RecordCardView.h"
#include "ui/card/RecordTab.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/LinkTargetCompleter.h"
#include "ui/editing/ReciprocalLinksDialog.h"
#include "ui/editing/RecordEditor.h"
#include "ui/window/MainWindow.h"

#include <QAbstractItemView>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace Errata;
using namespace Errata::TestSupport;

// QCOMPARE for JSON values, printing both on failure.
#define COMPARE_JSON(actual, expected) \
    do { \
        const OrderedJson actualJson_ = (actual); \
        const OrderedJson expectedJson_ = (expected); \
        QVERIFY2(actualJson_ == expectedJson_, \
                 qPrintable(QString::fromStdString(actualJson_.dump() + " != " + expectedJson_.dump()))); \
    } while (false)

namespace {

// In the layout Errata writes, so that undoing every edit leaves the record unmodified.
QByteArray recordText(const char *id, const char *signature, const OrderedJson &graph)
{
    const OrderedJson json = {{"id", id},      {"signature", signature}, {"regex", "x"},
                              {"domain", "a"}, {"category", "c"},        {"transition_graph", graph}};
    return QByteArray::fromStdString(json.dump(2)) + '\n';
}

} // namespace

class LinkListEditorTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void addByTypingWithCompletion();
    void refusesSelfAndRepeatedLinks();
    void marksMissingBareAndUnreciprocated();
    void convertBareToObjectIsUndoable();
    void removeAndReorderAreUndoable();
    void reciprocalButtonAsksForTheLinkBack();
    void backlinksListEveryLinkHere();
    void reciprocalEditsTheOtherRecordAndUndoRestores();
    void dialogListsMissingAndReturnsTicked();

private:
    OrderedJson leadsTo() const
    {
        return m_kb->find(QStringLiteral("a/one"))->value(QStringLiteral("/transition_graph/leads_to"));
    }
    LinkListEditor *leadsEditor() const { return m_editor->linkEditor(Link::LeadsTo); }
    ArrayTableModel *leadsModel() const { return qobject_cast<ArrayTableModel *>(leadsEditor()->view()->model()); }

    QTemporaryDir m_dir;
    std::unique_ptr<KnowledgeBase> m_kb;
    std::unique_ptr<RecordValidator> m_validator;
    std::unique_ptr<EditSession> m_session;
    std::unique_ptr<RecordEditor> m_editor;
};

void LinkListEditorTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void LinkListEditorTest::init()
{
    // a/one leads_to "a/two" (bare) and a/gone (missing); a/two has no way
    // back; a/three, about disk quotas, leads_to a/one (no way back either).
    QDir(m_dir.path()).removeRecursively();
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("a/one.json")),
                      recordText("a/one", "First error", {{"leads_to", {"a/two", {{"error_id", "a/gone"}}}}})));
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("a/two.json")),
                      recordText("a/two", "Second error", OrderedJson::object())));
    QVERIFY(writeFile(
        m_dir.filePath(QStringLiteral("a/three.json")),
        recordText("a/three", "Disk quota exceeded", {{"leads_to", {{{"error_id", "a/one"}, {"probability", 0.3}}}}})));
    m_editor.reset();
    m_session.reset();
    m_kb = std::make_unique<KnowledgeBase>();
    m_kb->adopt(KnowledgeBaseLoader::load(m_dir.path()));
    m_validator = std::make_unique<RecordValidator>();
    m_validator->validateAll(*m_kb);
    m_session = std::make_unique<EditSession>(m_kb.get(), m_kb->find(QStringLiteral("a/one")), m_validator.get());
    m_editor = std::make_unique<RecordEditor>(m_session.get());
    m_editor->resize(1000, 800);
}

void LinkListEditorTest::addByTypingWithCompletion()
{
    m_editor->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_editor.get()));
    QLineEdit *field = leadsEditor()->targetField();
    auto *completer = field->findChild<LinkTargetCompleter *>();
    QVERIFY(completer);
    field->setFocus();
    QTest::keyClicks(field, QStringLiteral("quota"));
    QCOMPARE(completer->targets()->rowCount(), 1);
    QTRY_VERIFY(completer->popup()->isVisible());
    completer->popup()->setCurrentIndex(completer->completionModel()->index(0, 0));
    QTest::keyClick(completer->popup(), Qt::Key_Return);
    QVERIFY2(leadsTo().size() == 3, leadsTo().dump().c_str());
    COMPARE_JSON(leadsTo()[2], (OrderedJson{{"error_id", "a/three"}}));
    QVERIFY(field->text().isEmpty());
    QCOMPARE(m_session->undoStack()->count(), 1);
    // Enter without choosing an entry adds what is typed.
    QTest::keyClicks(field, QStringLiteral("a/new-one"));
    QTest::keyClick(field, Qt::Key_Return);
    COMPARE_JSON(leadsTo()[3], (OrderedJson{{"error_id", "a/new-one"}}));
    m_session->undoStack()->undo();
    m_session->undoStack()->undo();
    COMPARE_JSON(leadsTo(), (OrderedJson{"a/two", {{"error_id", "a/gone"}}}));
    QVERIFY(!m_session->isDirty());
}

void LinkListEditorTest::refusesSelfAndRepeatedLinks()
{
    QVERIFY(!leadsEditor()->addLink(QStringLiteral("a/one")));
    QVERIFY(!leadsEditor()->addLink(QStringLiteral("a/two"))); // already there, as a bare string
    QVERIFY(!leadsEditor()->addLink(QString()));
    QCOMPARE(m_session->undoStack()->count(), 0);
    QVERIFY(m_editor->linkEditor(Link::ConfusedWith)->addLink(QStringLiteral("a/two"))); // another list
}

void LinkListEditorTest::marksMissingBareAndUnreciprocated()
{
    const ArrayTableModel *model = leadsModel();
    const QModelIndex bare = model->index(0, 0);
    const QModelIndex missing = model->index(1, 0);
    QVERIFY(bare.data(ArrayTableModel::BareLinkRole).toBool());
    QVERIFY(!bare.data(ArrayTableModel::TargetMissingRole).toBool());
    QVERIFY(bare.data(ArrayTableModel::ReciprocalMissingRole).toBool()); // a/two has no preceded_by a/one
    QVERIFY(!(model->flags(model->index(0, 1)) & Qt::ItemIsEditable));   // no probability on a bare string
    QVERIFY(missing.data(ArrayTableModel::TargetMissingRole).toBool());
    QVERIFY(!missing.data(ArrayTableModel::ReciprocalMissingRole).toBool());
    QVERIFY(missing.data(Qt::ToolTipRole).toString().contains(QLatin1String("dangles")));
    QCOMPARE(bare.data().toString(), QStringLiteral("a/two")); // shown as written
    const auto *preceded = qobject_cast<ArrayTableModel *>(m_editor->linkEditor(Link::PrecededBy)->view()->model());
    QCOMPARE(preceded->rowCount(), 0);
}

void LinkListEditorTest::convertBareToObjectIsUndoable()
{
    leadsEditor()->view()->setCurrentIndex(leadsModel()->index(0, 0));
    leadsEditor()->convertSelected();
    COMPARE_JSON(leadsTo()[0], (OrderedJson{{"error_id", "a/two"}}));
    QVERIFY(leadsModel()->flags(leadsModel()->index(0, 1)) & Qt::ItemIsEditable);
    QVERIFY(leadsModel()->setData(leadsModel()->index(0, 1), 0.25));
    COMPARE_JSON(leadsTo()[0], (OrderedJson{{"error_id", "a/two"}, {"probability", 0.25}}));
    m_session->undoStack()->undo();
    m_session->undoStack()->undo();
    COMPARE_JSON(leadsTo()[0], OrderedJson("a/two"));
}

void LinkListEditorTest::removeAndReorderAreUndoable()
{
    QTableView *view = leadsEditor()->view();
    view->setCurrentIndex(leadsModel()->index(1, 0));
    leadsEditor()->moveCurrent(-1);
    COMPARE_JSON(leadsTo(), (OrderedJson{{{"error_id", "a/gone"}}, "a/two"}));
    QCOMPARE(view->currentIndex().row(), 0);
    leadsEditor()->moveCurrent(-1); // already first: nothing
    QCOMPARE(m_session->undoStack()->count(), 1);
    view->selectRow(1);
    leadsEditor()->removeSelected();
    COMPARE_JSON(leadsTo(), (OrderedJson{{{"error_id", "a/gone"}}}));
    m_session->undoStack()->undo();
    m_session->undoStack()->undo();
    COMPARE_JSON(leadsTo(), (OrderedJson{"a/two", {{"error_id", "a/gone"}}}));
}

void LinkListEditorTest::reciprocalButtonAsksForTheLinkBack()
{
    QSignalSpy asked(m_editor.get(), &RecordEditor::reciprocalRequested);
    leadsEditor()->view()->setCurrentIndex(leadsModel()->index(0, 0));
    leadsEditor()->requestReciprocal();
    QCOMPARE(asked.size(), 1);
    const auto missing = asked.first().at(0).value<ReciprocalLinks::Missing>();
    QCOMPARE(missing, (ReciprocalLinks::Missing{QStringLiteral("a/one"), Link::LeadsTo, QStringLiteral("a/two")}));
}

void LinkListEditorTest::backlinksListEveryLinkHere()
{
    QTreeWidget *list = m_editor->backlinks();
    QCOMPARE(list->topLevelItemCount(), 1); // a/three, leads_to 0.30 (a/one lists no preceded_by a/three)
    const QTreeWidgetItem *item = list->topLevelItem(0);
    QCOMPARE(item->text(0), QStringLiteral("a/three"));
    QCOMPARE(item->text(1), QStringLiteral("leads_to"));
    QVERIFY(item->text(2).contains(QLatin1String("0")));
    QCOMPARE(item->text(3), QStringLiteral("missing"));
    // a/two starts linking here: the list follows.
    m_kb->setValue(m_kb->find(QStringLiteral("a/two")), QStringLiteral("/transition_graph/preceded_by"),
                   OrderedJson{"a/one"});
    QTRY_COMPARE(list->topLevelItemCount(), 2);
    QCOMPARE(list->topLevelItem(1)->text(3), QStringLiteral("yes (leads_to)"));
}

void LinkListEditorTest::reciprocalEditsTheOtherRecordAndUndoRestores()
{
    QSettings().clear();
    QDir(RecoveryStore().baseDir()).removeRecursively();
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(m_dir.path());
    QVERIFY(loaded.wait(10000));
    Record *two = const_cast<KnowledgeBase *>(window.knowledgeBase())->find(QStringLiteral("a/two"));
    const OrderedJson before = two->json();
    QVERIFY(window.openRecord(QStringLiteral("a/one")));
    QVERIFY(window.addReciprocal({QStringLiteral("a/one"), Link::LeadsTo, QStringLiteral("a/two")}));
    QCOMPARE(window.currentTab()->record(), two);
    QVERIFY(window.currentTab()->isEditing());
    COMPARE_JSON(two->value(QStringLiteral("/transition_graph/preceded_by")), (OrderedJson{{{"error_id", "a/one"}}}));
    QVERIFY(window.currentTab()->isDirty());
    QVERIFY(ReciprocalLinks::of(*window.knowledgeBase(), QStringLiteral("a/two")).isEmpty());
    window.currentTab()->session()->undoStack()->undo();
    COMPARE_JSON(two->json(), before);
    QVERIFY(!window.currentTab()->isDirty());
    // The card of a/three offers its missing link back, in a/one.
    QVERIFY(window.openRecord(QStringLiteral("a/three")));
    QVERIFY(window.currentTab()->card()->toHtml().contains(QLatin1String("reciprocal:add")));
}

void LinkListEditorTest::dialogListsMissingAndReturnsTicked()
{
    const QList<ReciprocalLinks::Missing> missing = ReciprocalLinks::all(*m_kb);
    QCOMPARE(missing.size(), 2); // a/one lacks preceded_by a/three; a/two lacks preceded_by a/one
    ReciprocalLinksDialog dialog(missing);
    QCOMPARE(dialog.list()->topLevelItemCount(), 2);
    QCOMPARE(dialog.chosen(), missing);
    dialog.list()->topLevelItem(0)->setCheckState(0, Qt::Unchecked);
    QCOMPARE(dialog.chosen(), missing.mid(1));
}

QTEST_MAIN(LinkListEditorTest)
#include "LinkListEditorTest.moc"
