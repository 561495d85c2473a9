#include "ui/graph/GraphView.h"

#include "ui/graph/GraphScene.h"

#include <QGraphicsItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace Errata {

namespace {

constexpr double Step = 1.2;

} // namespace

GraphView::GraphView(GraphScene *scene, QWidget *parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setBackgroundBrush(QColor(0xfa, 0xfa, 0xfa));
    setFocusPolicy(Qt::StrongFocus);
    connect(scene, &QGraphicsScene::selectionChanged, this, [this] {
        const QString id = selectedId();
        if (!id.isEmpty())
            emit recordSelected(id);
    });
}

double GraphView::zoom() const
{
    return transform().m11();
}

void GraphView::zoomBy(double factor)
{
    const double target = std::clamp(zoom() * factor, MinScale, MaxScale);
    if (qFuzzyCompare(target, zoom()))
        return;
    scale(target / zoom(), target / zoom());
    m_framing = UserZoom;
    emit zoomChanged(zoom());
}

// The whole graph in view, never enlarged beyond its natural size.
void GraphView::fit()
{
    const QRectF content = m_scene->contentRect();
    if (content.isEmpty())
        return;
    fitInView(content, Qt::KeepAspectRatio);
    if (zoom() > 1.0)
        setTransform(QTransform());
    centerOn(content.center());
    m_framing = Whole;
    emit zoomChanged(zoom());
}

void GraphView::fitReadable(const QPointF &focus)
{
    fit();
    m_focus = focus;
    m_framing = Readable;
    if (zoom() >= ReadableScale)
        return;
    setTransform(QTransform::fromScale(ReadableScale, ReadableScale));
    centerOn(focus);
    emit zoomChanged(zoom());
}

QString GraphView::idAt(const QPoint &viewPoint) const
{
    for (QGraphicsItem *item = itemAt(viewPoint); item; item = item->parentItem()) {
        const QString id = item->data(GraphScene::IdKey).toString();
        if (!id.isEmpty())
            return id;
    }
    return QString();
}

QString GraphView::selectedId() const
{
    const QList<QGraphicsItem *> selected = m_scene->selectedItems();
    return selected.isEmpty() ? QString() : selected.first()->data(GraphScene::IdKey).toString();
}

void GraphView::wheelEvent(QWheelEvent *event)
{
    if (!(event->modifiers() & Qt::ControlModifier)) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    const int delta = event->angleDelta().y();
    if (delta != 0)
        zoomBy(std::pow(Step, delta / 120.0));
    event->accept();
}

void GraphView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(Step); break;
    case Qt::Key_Minus: zoomBy(1.0 / Step); break;
    case Qt::Key_0:
    case Qt::Key_F: fit(); break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (!selectedId().isEmpty())
            activate(selectedId());
        break;
    default: QGraphicsView::keyPressEvent(event); return;
    }
    event->accept();
}

void GraphView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const QString id = idAt(event->position().toPoint());
    if (id.isEmpty()) {
        QGraphicsView::mouseDoubleClickEvent(event);
        return;
    }
    activate(id);
    event->accept();
}

// After the event: opening a record redraws the scene, items included.
void GraphView::activate(const QString &id)
{
    QMetaObject::invokeMethod(
        this, [this, id] { emit recordActivated(id); }, Qt::QueuedConnection);
}

void GraphView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_framing == Whole)
        fit();
    else if (m_framing == Readable)
        fitReadable(m_focus);
}

} // namespace Errata
