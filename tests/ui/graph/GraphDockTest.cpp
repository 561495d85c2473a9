// The Graph dock in the main window (offscreen): it shows the current
// record and its neighbours without overlapping boxes, follows the depth
// (remembered), selects on click, opens a record on double-click, zooms,
// exports PNG and SVG, follows deletions, and counts dangling links as the
// Problems dock does, on the sample KB and on the imported shared corpus.

#include "ui/graph/GraphDock.h"
#include "models/convert/FolderConverter.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecordOperations.h"
#include "models/kb/RecoveryStore.h"
#include "models/links/GraphLayout.h"
#include "models/links/LinkGraph.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"
#include "ui/browser/ProblemsDock.h"
#include "ui/card/RecordTab.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/window/MainWindow.h"

#include <QGraphicsRectItem>
#include <QImage>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QStringList strings(std::initializer_list<const char *> items)
{
    QStringList list;
    for (const char *item : items)
        list << QString::fromUtf8(item);
    return list;
}

// Dangling-link findings as the Problems dock lists them.
int danglingInProblemsDock(const ProblemsDock *dock)
{
    const QAbstractItemModel *model = dock->view()->model();
    int count = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        for (int column = 0; column < model->columnCount(); ++column) {
            if (model->index(row, column).data().toString().contains(QLatin1String("which is not in the KB"))) {
                ++count;
                break;
            }
        }
    }
    return count;
}

} // namespace

class GraphDockTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void showsTheRecordAndItsNeighbours();
    void depthWidensAndIsRemembered();
    void clickSelectsAndDoubleClickOpens();
    void zoomAndFit();
    void exportsPngAndSvg();
    void followsDeletion();
    void danglingLinksAgreeWithProblems_data();
    void danglingLinksAgreeWithProblems();

private:
    void open(MainWindow &window, const QString &folder);
    QStringList shownIds(const GraphDock *dock) const;

    QTemporaryDir m_dir;
    QString m_kb;
};

void GraphDockTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_kb = m_dir.filePath(QStringLiteral("sample"));
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), m_kb));
}

void GraphDockTest::init()
{
    QSettings().clear();
    QDir(RecoveryStore().baseDir()).removeRecursively();
}

void GraphDockTest::open(MainWindow &window, const QString &folder)
{
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &MainWindow::loaded);
    window.openKnowledgeBase(folder);
    QVERIFY(loaded.wait(60000));
}

QStringList GraphDockTest::shownIds(const GraphDock *dock) const
{
    QStringList ids;
    for (const QGraphicsRectItem *item : dock->scene()->nodeItems())
        ids << item->data(GraphScene::IdKey).toString();
    ids.sort();
    return ids;
}

void GraphDockTest::showsTheRecordAndItsNeighbours()
{
    MainWindow window;
    open(window, m_kb);
    QVERIFY(window.openRecord(QStringLiteral("kubernetes/oomkilled")));
    window.showGraph();
    QTest::qWait(100); // the dock takes its size
    GraphDock *dock = window.graph();
    QVERIFY(dock->isVisible());
    QCOMPARE(dock->recordId(), QStringLiteral("kubernetes/oomkilled"));
    QCOMPARE(
        shownIds(dock),
        strings({"kubernetes/crashloopbackoff", "kubernetes/oomkilled", "kubernetes/pending-insufficient-resources",
                 "node/heap-out-of-memory", "pytorch/cuda-out-of-memory"}));
    QList<QRectF> boxes;
    for (const QGraphicsRectItem *item : dock->scene()->nodeItems())
        boxes << item->sceneBoundingRect();
    QVERIFY(!GraphLayout::anyOverlap(boxes));
    QVERIFY2(dock->summary().contains(QLatin1String("5 record(s)")), qPrintable(dock->summary()));
    // Switching tabs follows the current record.
    QVERIFY(window.openRecord(QStringLiteral("git/dubious-ownership")));
    QCOMPARE(shownIds(dock), strings({"docker/daemon-socket-permission-denied", "git/dubious-ownership"}));
}

void GraphDockTest::depthWidensAndIsRemembered()
{
    MainWindow window;
    open(window, m_kb);
    window.openRecord(QStringLiteral("kubernetes/oomkilled"));
    window.showGraph();
    QTest::qWait(100); // the dock takes its size
    GraphDock *dock = window.graph();
    QCOMPARE(dock->depth(), 1);
    const int atOne = int(shownIds(dock).size());
    dock->setDepth(2);
    QVERIFY(shownIds(dock).size() > atOne);
    QVERIFY(shownIds(dock).contains(QStringLiteral("docker/exec-format-error"))); // via crashloopbackoff
    QCOMPARE(QSettings().value(QStringLiteral("graph/depth")).toInt(), 2);
    GraphDock another;
    QCOMPARE(another.depth(), 2);
}

void GraphDockTest::clickSelectsAndDoubleClickOpens()
{
    MainWindow window;
    open(window, m_kb);
    window.openRecord(QStringLiteral("kubernetes/oomkilled"));
    window.showGraph();
    QTest::qWait(100); // the dock takes its size
    GraphView *view = window.graph()->view();
    QGraphicsRectItem *node = window.graph()->scene()->nodeItem(QStringLiteral("node/heap-out-of-memory"));
    QVERIFY(node);
    const QPoint point = view->mapFromScene(node->sceneBoundingRect().center());
    QVERIFY(view->viewport()->rect().contains(point));
    QSignalSpy selected(view, &GraphView::recordSelected);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, point);
    QCOMPARE(view->selectedId(), QStringLiteral("node/heap-out-of-memory"));
    QCOMPARE(selected.last().at(0).toString(), QStringLiteral("node/heap-out-of-memory"));
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, point);
    QTRY_COMPARE(window.currentTab()->record()->id(), QStringLiteral("node/heap-out-of-memory"));
    QCOMPARE(window.graph()->recordId(), QStringLiteral("node/heap-out-of-memory"));
}

void GraphDockTest::zoomAndFit()
{
    MainWindow window;
    open(window, m_kb);
    window.openRecord(QStringLiteral("kubernetes/oomkilled"));
    window.showGraph();
    QTest::qWait(100); // the dock takes its size
    GraphView *view = window.graph()->view();
    const double fitted = view->zoom();
    QTest::keyClick(view, Qt::Key_Plus);
    QVERIFY(view->zoom() > fitted);
    QTest::keyClick(view, Qt::Key_Minus);
    QTest::keyClick(view, Qt::Key_Minus);
    QVERIFY(view->zoom() < fitted);
    QWheelEvent wheel(QPointF(50, 50), view->viewport()->mapToGlobal(QPointF(50, 50)), QPoint(), QPoint(0, 240),
                      Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    const double before = view->zoom();
    QApplication::sendEvent(view->viewport(), &wheel);
    QVERIFY(view->zoom() > before);
    QTest::keyClick(view, Qt::Key_F);
    QVERIFY(view->zoom() <= fitted);
    const QRectF visible = view->mapToScene(view->viewport()->rect()).boundingRect();
    QVERIFY(visible.adjusted(-1, -1, 1, 1).contains(window.graph()->scene()->contentRect()));
    for (int i = 0; i < 40; ++i)
        view->zoomBy(2.0);
    QCOMPARE(view->zoom(), GraphView::MaxScale);
}

void GraphDockTest::exportsPngAndSvg()
{
    MainWindow window;
    open(window, m_kb);
    window.openRecord(QStringLiteral("kubernetes/oomkilled"));
    window.showGraph();
    QTest::qWait(100); // the dock takes its size
    QString error;
    const QString png = m_dir.filePath(QStringLiteral("graph.png"));
    QVERIFY2(window.graph()->exportPng(png, &error), qPrintable(error));
    const QImage image(png);
    QVERIFY(!image.isNull());
    const QRectF content = window.graph()->scene()->contentRect();
    QCOMPARE(image.width(), qRound(content.width() * 2));
    const QString svg = m_dir.filePath(QStringLiteral("graph.svg"));
    QVERIFY2(window.graph()->exportSvg(svg, &error), qPrintable(error));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("kubernetes/crashloopbackoff"));
    QVERIFY(!window.graph()->exportPng(m_dir.filePath(QStringLiteral("no/such/folder/g.png")), &error));
    QVERIFY(error.contains(QLatin1String("no/such/folder")));
}

void GraphDockTest::followsDeletion()
{
    QTemporaryDir dir;
    QVERIFY(copyFolder(m_kb, dir.path()));
    MainWindow window;
    open(window, dir.path());
    window.openRecord(QStringLiteral("kubernetes/oomkilled"));
    window.showGraph();
    QTest::qWait(100); // the dock takes its size
    GraphDock *dock = window.graph();
    auto *kb = const_cast<KnowledgeBase *>(window.knowledgeBase());
    QString error;
    QVERIFY(RecordOperations::deleteRecord(*kb, kb->find(QStringLiteral("node/heap-out-of-memory")), &error));
    // oomkilled lists it in preceded_by: the node stays, now missing.
    QTRY_VERIFY(dock->summary().contains(QLatin1String("1 dangling")));
    QTRY_VERIFY(danglingInProblemsDock(window.problems()) == 2); // and overlay-storage-full, from the start
}

void GraphDockTest::danglingLinksAgreeWithProblems_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("import");
    QTest::newRow("sample KB") << m_kb << false;
    QTest::newRow("shared corpus, imported") << QStringLiteral(ERRATA_CORPUS_DIR "/deadends-canons") << true;
}

// Whole-KB dangling links: the Problems dock, the graph of the whole KB and
// the sum over the records' graphs in the dock all count the same.
void GraphDockTest::danglingLinksAgreeWithProblems()
{
    QFETCH(QString, source);
    QFETCH(bool, import);
    QString folder = source;
    QTemporaryDir imported;
    if (import) {
        if (!QFileInfo(source).isDir())
            QSKIP("the shared corpus is not there");
        const FolderConverter::Report report = FolderConverter::convert(FolderConverter::ImportCanons, source,
                                                                        imported.path(), false);
        QVERIFY(report.converted > 0);
        folder = imported.path();
    }
    MainWindow window;
    open(window, folder);
    const KnowledgeBase *kb = window.knowledgeBase();
    int findings = 0;
    for (const Problem &problem : kb->allProblems())
        findings += problem.rule == QLatin1String("link-dangling");
    QCOMPARE(danglingInProblemsDock(window.problems()), findings);
    QCOMPARE(LinkGraph::whole(*kb).danglingCount(), findings);
    // Each record's own dangling links, as the dock shows them around it.
    window.showGraph();
    QTest::qWait(100); // the dock takes its size
    int shown = 0;
    for (int i = 0; i < kb->count(); ++i) {
        const Record *record = kb->recordAt(i);
        int own = 0;
        for (const Problem &problem : kb->problems(record))
            own += problem.rule == QLatin1String("link-dangling");
        if (own == 0)
            continue;
        window.graph()->showRecord(record->id());
        const LinkGraph &graph = window.graph()->scene()->graph();
        int fromRecord = 0;
        for (const LinkGraph::Edge &edge : graph.edges())
            fromRecord += edge.dangling && graph.nodes().at(edge.source).id == record->id();
        QCOMPARE(fromRecord, own);
        shown += fromRecord;
    }
    QCOMPARE(shown, findings);
    qInfo("%d records, %d dangling links", kb->count(), findings);
}

QTEST_MAIN(GraphDockTest)
#include "GraphDockTest.moc"
