#include "itemmodels/ProblemListModel.h"

#include "kb/KnowledgeBase.h"

#include <QTimer>

namespace Errata {

ProblemListModel::ProblemListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ProblemListModel::setKnowledgeBase(const KnowledgeBase *kb)
{
    if (m_kb)
        disconnect(m_kb, nullptr, this, nullptr);
    m_kb = kb;
    if (m_kb) {
        connect(m_kb, &KnowledgeBase::reset, this, &ProblemListModel::refresh);
        connect(m_kb, &KnowledgeBase::problemsChanged, this, &ProblemListModel::scheduleRefresh);
        connect(m_kb, &KnowledgeBase::manyProblemsChanged, this, &ProblemListModel::refresh); // one signal already
        connect(m_kb, &KnowledgeBase::recordAboutToBeRemoved, this, &ProblemListModel::scheduleRefresh);
        connect(m_kb, &KnowledgeBase::recordAdded, this, &ProblemListModel::scheduleRefresh);
    }
    refresh();
}

// Many records may change at once (a rename touches every record linking
// to it): refresh once, when control returns to the event loop.
void ProblemListModel::scheduleRefresh()
{
    if (m_refreshPending)
        return;
    m_refreshPending = true;
    QTimer::singleShot(0, this, &ProblemListModel::refresh);
}

void ProblemListModel::refresh()
{
    m_refreshPending = false;
    beginResetModel();
    m_problems.clear();
    m_recordIds.clear();
    if (m_kb) {
        for (const Problem &problem : m_kb->loadProblems()) {
            m_problems << problem;
            m_recordIds << QString();
        }
        for (int i = 0; i < m_kb->count(); ++i) {
            const Record *record = m_kb->recordAt(i);
            for (const Problem &problem : m_kb->problems(record)) {
                m_problems << problem;
                m_recordIds << record->id();
            }
        }
    }
    endResetModel();
}

int ProblemListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_problems.size());
}

int ProblemListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_problems.size())
        return {};
    const Problem &problem = m_problems.at(index.row());
    if (role == SeverityRole)
        return int(problem.severity);
    if (role == RecordIdRole)
        return m_recordIds.at(index.row());
    if (role == PointerRole)
        return problem.pointer;
    if (role == FileRole)
        return problem.file;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case SeverityColumn: return severityText(problem.severity);
    case FileColumn: return m_kb ? m_kb->relativePath(problem.file) : problem.file;
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
