#include "ui/graph/GraphDock.h"

#include "models/kb/KnowledgeBase.h"
#include "models/links/LinkGraph.h"
#include "models/record/Record.h"
#include "models/settings/Settings.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsRectItem>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QSpinBox>
#include <QSvgGenerator>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace Errata {

namespace {

constexpr double PngScale = 2.0; // sharp on high-density screens and in documents

} // namespace

GraphDock::GraphDock(QWidget *parent)
    : QDockWidget(tr("Graph"), parent)
    , m_scene(new GraphScene(this))
    , m_view(new GraphView(m_scene))
    , m_depth(new QSpinBox)
    , m_summary(new QLabel)
{
    setObjectName(QStringLiteral("GraphDock"));
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(toolBar());
    layout->addWidget(m_view, 1);
    setWidget(content);
    m_redrawTimer.setSingleShot(true);
    m_redrawTimer.setInterval(150);
    connect(&m_redrawTimer, &QTimer::timeout, this, &GraphDock::redraw);
    connect(m_view, &GraphView::recordActivated, this, &GraphDock::recordActivated);
}

QWidget *GraphDock::toolBar()
{
    auto *bar = new QWidget;
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    auto *depthLabel = new QLabel(tr("&Depth:"));
    depthLabel->setBuddy(m_depth);
    m_depth->setRange(1, 3);
    m_depth->setValue(Settings::graphDepth());
    m_depth->setToolTip(tr("How many links away from the record to show"));
    connect(m_depth, &QSpinBox::valueChanged, this, [this](int value) {
        Settings::setGraphDepth(value);
        redraw();
    });
    row->addWidget(depthLabel);
    row->addWidget(m_depth);
    const auto button = [&](const QString &text, const QString &tip, auto action) {
        auto *b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        connect(b, &QToolButton::clicked, this, action);
        row->addWidget(b);
    };
    button(tr("−"), tr("Zoom out (-, Ctrl+wheel)"), [this] { m_view->zoomBy(1 / 1.2); });
    button(tr("+"), tr("Zoom in (+, Ctrl+wheel)"), [this] { m_view->zoomBy(1.2); });
    button(tr("Fit"), tr("Show the whole graph (F or 0)"), [this] { m_view->fit(); });
    button(tr("PNG…"), tr("Export the graph as a PNG image"), [this] { exportAs(QStringLiteral("png")); });
    button(tr("SVG…"), tr("Export the graph as an SVG drawing"), [this] { exportAs(QStringLiteral("svg")); });
    row->addWidget(m_summary, 1);
    m_summary->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return bar;
}

void GraphDock::setKnowledgeBase(const KnowledgeBase *kb)
{
    if (m_kb)
        disconnect(m_kb, nullptr, this, nullptr);
    m_kb = kb;
    m_id.clear();
    if (m_kb) {
        for (auto signal : {&KnowledgeBase::recordChanged, &KnowledgeBase::recordAdded})
            connect(m_kb, signal, &m_redrawTimer, qOverload<>(&QTimer::start));
        connect(m_kb, &KnowledgeBase::recordAboutToBeRemoved, &m_redrawTimer, qOverload<>(&QTimer::start));
        connect(m_kb, &KnowledgeBase::reset, &m_redrawTimer, qOverload<>(&QTimer::start));
    }
    redraw();
}

void GraphDock::showRecord(const QString &id)
{
    if (id == m_id && !m_scene->graph().isEmpty())
        return;
    m_id = id;
    redraw();
}

void GraphDock::setDepth(int depth)
{
    m_depth->setValue(depth);
}

int GraphDock::depth() const
{
    return m_depth->value();
}

QString GraphDock::summary() const
{
    return m_summary->text();
}

void GraphDock::redraw()
{
    m_redrawTimer.stop();
    const LinkGraph graph = m_kb && !m_id.isEmpty() ? LinkGraph::neighbourhood(*m_kb, m_id, depth()) : LinkGraph();
    QStringList domains;
    for (int i = 0; m_kb && i < m_kb->count(); ++i) {
        if (!domains.contains(m_kb->recordAt(i)->domain()))
            domains << m_kb->recordAt(i)->domain();
    }
    std::sort(domains.begin(), domains.end());
    m_scene->setGraph(graph, domains);
    if (graph.isEmpty()) {
        m_summary->setText(m_id.isEmpty() ? tr("Open a record to see its links.") : tr("No record %1.").arg(m_id));
        return;
    }
    const int dangling = graph.danglingCount();
    QString text = tr("%Ln record(s)", nullptr, int(graph.nodes().size())) + QStringLiteral(", ")
        + tr("%Ln link(s)", nullptr, int(graph.edges().size()));
    if (dangling > 0)
        text += QStringLiteral(", ") + tr("%Ln dangling", nullptr, dangling);
    m_summary->setText(text);
    const QGraphicsRectItem *centre = m_scene->nodeItem(m_id);
    m_view->fitReadable(centre ? centre->sceneBoundingRect().center() : QPointF());
}

bool GraphDock::exportPng(const QString &path, QString *error) const
{
    const QRectF source = m_scene->contentRect();
    QImage image((source.size() * PngScale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        m_scene->render(&painter, QRectF(QPointF(), QSizeF(image.size())), source);
    }
    if (image.isNull() || !image.save(path, "PNG")) {
        *error = tr("Could not write %1.").arg(path);
        return false;
    }
    return true;
}

bool GraphDock::exportSvg(const QString &path, QString *error) const
{
    const QRectF source = m_scene->contentRect();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(), source.size()));
    svg.setTitle(tr("Links of %1").arg(m_id));
    svg.setDescription(summary());
    QPainter painter;
    if (!painter.begin(&svg)) {
        *error = tr("Could not write %1.").arg(path);
        return false;
    }
    painter.fillRect(QRectF(QPointF(), source.size()), Qt::white);
    m_scene->render(&painter, QRectF(QPointF(), source.size()), source);
    painter.end();
    if (!QFileInfo(path).isFile() || QFileInfo(path).size() == 0) {
        *error = tr("Could not write %1.").arg(path);
        return false;
    }
    return true;
}

void GraphDock::exportAs(const QString &format)
{
    if (m_scene->graph().isEmpty())
        return;
    const QString folder = Settings::graphExportFolder();
    const QString name = QString(m_id).replace(QLatin1Char('/'), QLatin1Char('-')) + QLatin1Char('.') + format;
    const QString filter = format == QLatin1String("png") ? tr("PNG images (*.png)") : tr("SVG drawings (*.svg)");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Graph"), QDir(folder).filePath(name), filter);
    if (path.isEmpty())
        return;
    Settings::setGraphExportFolder(QFileInfo(path).absolutePath());
    QString error;
    const bool written = format == QLatin1String("png") ? exportPng(path, &error) : exportSvg(path, &error);
    if (!written)
        QMessageBox::warning(this, tr("Export Graph"), error);
}

} // namespace Errata
