#include "models/itemmodels/ProblemListModel.h"

#include "models/kb/KnowledgeBase.h"
#include "models/text/DisplayName.h"

namespace Errata {

ProblemListModel::ProblemListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(0);
    connect(&m_refreshTimer, &QTimer::timeout, this, &ProblemListModel::refresh);
}

void ProblemListModel::setKnowledgeBase(const KnowledgeBase *kb)
{
    if (m_kb)
        disconnect(m_kb, nullptr, this, nullptr);
    m_kb = kb;
    if (m_kb) {
        connect(m_kb, &KnowledgeBase::reset, this, &ProblemListModel::refresh);
        connect(m_kb, &KnowledgeBase::problemsChanged, this, &ProblemListModel::scheduleRefresh);
        // One signal already; a turn of its own, apart from the other views.
        connect(m_kb, &KnowledgeBase::manyProblemsChanged, this, &ProblemListModel::scheduleRefresh);
        connect(m_kb, &KnowledgeBase::recordAboutToBeRemoved, this, &ProblemListModel::scheduleRefresh);
        connect(m_kb, &KnowledgeBase::recordAdded, this, &ProblemListModel::scheduleRefresh);
    }
    refresh();
}

// Many records may change at once (a rename touches every record linking
// to it): refresh once, when control returns to the event loop.
void ProblemListModel::scheduleRefresh()
{
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void ProblemListModel::refresh()
{
    m_refreshTimer.stop();
    beginResetModel();
    m_lists.clear();
    m_listIds.clear();
    m_rows.clear();
    if (m_kb) {
        addList(m_kb->loadProblems(), QString());
        for (int i = 0; i < m_kb->count(); ++i) {
            const Record *record = m_kb->recordAt(i);
            addList(m_kb->problems(record), record->id());
        }
    }
    endResetModel();
}

void ProblemListModel::addList(const QList<Problem> &problems, const QString &recordId)
{
    if (problems.isEmpty())
        return;
    const qsizetype list = qsizetype(m_lists.size());
    m_lists.push_back(problems);
    m_listIds << recordId;
    for (qsizetype i = 0; i < problems.size(); ++i)
        m_rows.push_back({list, i});
}

const Problem &ProblemListModel::problemAt(int row) const
{
    const Row &at = m_rows.at(size_t(row));
    return m_lists[size_t(at.list)].at(at.index);
}

int ProblemListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ProblemListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const Problem &problem = problemAt(index.row());
    if (role == SeverityRole)
        return int(problem.severity);
    if (role == RecordIdRole)
        return m_listIds.at(m_rows[size_t(index.row())].list);
    if (role == PointerRole)
        return problem.pointer;
    if (role == FileRole)
        return problem.file;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case SeverityColumn: return severityText(problem.severity);
    case FileColumn: return DisplayName::of(m_kb ? m_kb->relativePath(problem.file) : problem.file);
    case FieldColumn: return problem.pointer;
    case LineColumn: return problem.line > 0 ? QVariant(problem.line) : QVariant();
    case MessageColumn: return problem.message;
    default: return {};
    }
}

QString ProblemListModel::severityText(Problem::Severity severity)
{
    switch (severity) {
    case Problem::Error: return tr("error");
    case Problem::Warning: return tr("warning");
    case Problem::Info: break;
    }
    return tr("info");
}

QVariant ProblemListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case FileColumn: return tr("File");
    case FieldColumn: return tr("Field");
    case LineColumn: return tr("Line");
    case MessageColumn: return tr("Message");
    default: return {};
    }
}

} // namespace Errata
