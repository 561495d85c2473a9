#pragma once

#include <QDockWidget>
#include <QTimer>

class QLabel;
class QSpinBox;

namespace Errata {

class GraphScene;
class GraphView;
class KnowledgeBase;

// The Graph dock: the current record and its neighbours to a depth of 1 to
// 3 (remembered), with zoom, fit and export as PNG or SVG. It follows the
// KB: edits, renames and deletions redraw it. Double-clicking a record asks
// to open it.
class GraphDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit GraphDock(QWidget *parent = nullptr);

    void setKnowledgeBase(const KnowledgeBase *kb);
    void showRecord(const QString &id);
    QString recordId() const { return m_id; }
    void setDepth(int depth);
    int depth() const;

    GraphScene *scene() const { return m_scene; }
    GraphView *view() const { return m_view; }
    QString summary() const;

    // Writes the graph with its legend; false with `error` set on failure.
    bool exportPng(const QString &path, QString *error) const;
    bool exportSvg(const QString &path, QString *error) const;

signals:
    void recordActivated(const QString &id);

private:
    QWidget *toolBar();
    void redraw();
    void exportAs(const QString &format);

    const KnowledgeBase *m_kb = nullptr;
    QString m_id;
    GraphScene *m_scene;
    GraphView *m_view;
    QSpinBox *m_depth;
    QLabel *m_summary;
    QTimer m_redrawTimer;
};

} // namespace Errata
