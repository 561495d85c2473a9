#pragma once

#include <QGraphicsView>

namespace Errata {

class GraphScene;

// Shows a GraphScene: Ctrl+wheel and + / - zoom, dragging pans, 0 or F
// fits the graph to the view (and it stays fitted as the view is resized,
// until the user zooms); clicking a box selects its record, double-clicking
// (or Enter on the selected box) asks to open it.
class GraphView : public QGraphicsView
{
    Q_OBJECT

public:
    static constexpr double MinScale = 0.05;
    static constexpr double MaxScale = 6.0;

    explicit GraphView(GraphScene *scene, QWidget *parent = nullptr);

    void zoomBy(double factor);
    void fit();
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

    GraphScene *m_scene;
    bool m_fitted = true; // the user has not zoomed since the last fit
};

} // namespace Errata
