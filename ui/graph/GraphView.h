#pragma once

#include <QGraphicsView>

namespace Errata {

class GraphScene;

// Shows a GraphScene: Ctrl+wheel and + / - zoom, dragging pans, 0 or F
// fits the whole graph to the view; clicking a box selects its record,
// double-clicking (or Enter on the selected box) asks to open it. A new
// graph is shown whole unless that would make its text too small to read;
// then it is shown at the least readable zoom around its centre record.
// Either way the view keeps that framing as it is resized, until the user
// zooms.
class GraphView : public QGraphicsView
{
    Q_OBJECT

public:
    static constexpr double MinScale = 0.05;
    static constexpr double MaxScale = 6.0;
    static constexpr double ReadableScale = 0.5;

    explicit GraphView(GraphScene *scene, QWidget *parent = nullptr);

    void zoomBy(double factor);
    void fit();
    // fit(), but never below ReadableScale: then centred on `focus`.
    void fitReadable(const QPointF &focus);
    double zoom() const;
    // The record id of the box at a point of the view, or "".
    QString idAt(const QPoint &viewPoint) const;
    QString selectedId() const;

signals:
    void recordSelected(const QString &id);
    void recordActivated(const QString &id);
    void zoomChanged(double zoom);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void activate(const QString &id);

    enum Framing { UserZoom, Whole, Readable };

    GraphScene *m_scene;
    Framing m_framing = Whole; // kept on resizing
    QPointF m_focus;
};

} // namespace Errata
