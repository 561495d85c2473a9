#pragma once

#include <QByteArray>
#include <QObject>

class QDockWidget;
class QMainWindow;
class QTableView;

namespace Errata {

// The sizes of the main window and its docks that a user should never have to fix by hand. The first start (no saved
// geometry) opens the window at about 80% of the available screen, centred, the Records dock at a quarter of its
// width and the Problems dock showing at least six rows; the docks are sized at the first show, as
// QMainWindow::resizeDocks() does nothing before. The Records and Problems docks keep a readable minimum, so that
// another dock opened, closed or floated (the regex workbench takes room from its neighbours) never squeezes them,
// and a squeezed saved state is widened again. A tool dock opened beside them takes the room it asks for only as far
// as the central area can give it.
class DockLayout : public QObject
{
    Q_OBJECT

public:
    DockLayout(QMainWindow *window, QDockWidget *records, QDockWidget *problems, QTableView *problemRows);

    // Restores the saved geometry and state; without a saved geometry this
    // is the first start.
    void restore(const QByteArray &geometry, const QByteArray &state);
    bool isFirstStart() const { return m_firstStart; }
    // Shows `dock` and gives it up to `preferred` pixels across (or down),
    // never more than leaves the central area a third of the window.
    void showTool(QDockWidget *dock, int preferred, Qt::Orientation orientation);

    int recordsMinimumWidth() const;
    int problemsRowsHeight(int rows) const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void sizeFirstStart();
    void sizeDocks();

    QMainWindow *m_window;
    QDockWidget *m_records;
    QDockWidget *m_problems;
    QTableView *m_problemRows;
    bool m_firstStart = false;
    QByteArray m_state; // restored again at the first show
};

} // namespace Errata
