#include "ui/window/DockLayout.h"

#include <QDockWidget>
#include <QEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QMainWindow>
#include <QScreen>
#include <QTableView>
#include <QTimer>

#include <utility>

namespace Errata {

namespace {

constexpr double FirstStartShare = 0.8; // of the screen's available area
constexpr int ProblemRowsAtStart = 7;   // six in full, whatever their height
constexpr int ProblemRowsAtLeast = 3;

} // namespace

DockLayout::DockLayout(QMainWindow *window, QDockWidget *records, QDockWidget *problems, QTableView *problemRows)
    : QObject(window)
    , m_window(window)
    , m_records(records)
    , m_problems(problems)
    , m_problemRows(problemRows)
{
    if (QWidget *content = m_records->widget())
        content->setMinimumWidth(recordsMinimumWidth());
    const int header = m_problemRows->horizontalHeader()->sizeHint().height();
    m_problemRows->setMinimumHeight(header + problemsRowsHeight(ProblemRowsAtLeast) + 2 * m_problemRows->frameWidth());
    m_window->installEventFilter(this);
}

// Wide enough for the dock's title and a tree row of a few words: about 24
// characters of its font.
int DockLayout::recordsMinimumWidth() const
{
    const QFontMetrics metrics = m_records->fontMetrics();
    return qMax(metrics.averageCharWidth() * 24, metrics.horizontalAdvance(m_records->windowTitle()) + 60);
}

int DockLayout::problemsRowsHeight(int rows) const
{
    return m_problemRows->verticalHeader()->defaultSectionSize() * rows;
}

void DockLayout::restore(const QByteArray &geometry, const QByteArray &state)
{
    m_firstStart = geometry.isEmpty() || !m_window->restoreGeometry(geometry);
    if (m_firstStart) {
        sizeFirstStart();
        return;
    }
    m_window->restoreState(state);
    m_state = state; // again once shown: see eventFilter()
}

void DockLayout::sizeFirstStart()
{
    const QScreen *screen = m_window->screen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    const QSize size = (QSizeF(available.size()) * FirstStartShare).toSize();
    m_window->resize(size);
    m_window->move(available.center() - QPoint(size.width() / 2, size.height() / 2));
}

bool DockLayout::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_window || event->type() != QEvent::Show)
        return QObject::eventFilter(watched, event);
    // After this show's layout has run: dock sizes need the real window.
    if (m_firstStart) {
        m_firstStart = false;
        QTimer::singleShot(0, this, &DockLayout::sizeDocks);
    } else if (!m_state.isEmpty()) {
        // Restored before the window had its size, the docks come out
        // scaled down to their minimum: restored again, they are as saved.
        QTimer::singleShot(0, this, [this] { m_window->restoreState(std::exchange(m_state, QByteArray())); });
    }
    return QObject::eventFilter(watched, event);
}

// The first start's dock sizes: the Records dock a quarter of the window
// (and its search placeholder in full where that fits), Problems six rows.
void DockLayout::sizeDocks()
{
    int width = m_window->width() / 4;
    if (const auto *search = m_records->findChild<QLineEdit *>()) {
        const int placeholder = search->fontMetrics().horizontalAdvance(search->placeholderText()) + 48;
        width = qMax(width, qMin(placeholder, m_window->width() / 3));
    }
    m_window->resizeDocks({m_records}, {qMax(width, recordsMinimumWidth())}, Qt::Horizontal);
    const int chrome = m_problems->height() - m_problemRows->viewport()->height();
    m_window->resizeDocks({m_problems}, {chrome + problemsRowsHeight(ProblemRowsAtStart) + 2}, Qt::Vertical);
}

void DockLayout::showTool(QDockWidget *dock, int preferred, Qt::Orientation orientation)
{
    dock->show();
    dock->raise();
    const int extent = orientation == Qt::Horizontal ? m_window->width() : m_window->height();
    int taken = 0; // by the docks that stay
    if (orientation == Qt::Horizontal && m_records->isVisible() && !m_records->isFloating())
        taken = m_records->width();
    const int room = extent - taken - extent / 3; // the central area keeps a third
    const QSize least = dock->minimumSizeHint();
    const int atLeast = orientation == Qt::Horizontal ? least.width() : least.height();
    m_window->resizeDocks({dock}, {qMax(qMin(preferred, room), atLeast)}, orientation);
}

} // namespace Errata
