#include "models/itemmodels/LogMatchModel.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"

namespace Errata {

namespace {

constexpr quintptr RecordRow = 0; // internal id of record rows; line rows hold their record's row + 1

} // namespace

LogMatchModel::LogMatchModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

void LogMatchModel::setResult(const LogMatchResult &result, const KnowledgeBase *kb)
{
    beginResetModel();
    m_result = result;
    m_signatures.clear();
    for (LogMatchResult::Match &match : m_result.matches) {
        const Record *record = kb ? kb->find(match.recordId) : nullptr;
        m_signatures << (record ? record->signature().simplified() : QString());
        match.record = nullptr; // the KB may change; rows go by id
    }
    for (LogMatchResult::Skipped &skipped : m_result.skipped)
        skipped.record = nullptr;
    endResetModel();
}

void LogMatchModel::clear()
{
    setResult(LogMatchResult(), nullptr);
}

QString LogMatchModel::idAt(const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    const int row = index.internalId() == RecordRow ? index.row() : int(index.internalId() - 1);
    return m_result.matches.value(row).recordId;
}

QModelIndex LogMatchModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row() + 1) : RecordRow);
}

QModelIndex LogMatchModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == RecordRow)
        return {};
    return createIndex(int(child.internalId() - 1), 0, RecordRow);
}

int LogMatchModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_result.matches.size());
    if (parent.internalId() != RecordRow || parent.column() != 0)
        return 0;
    return int(m_result.matches.at(parent.row()).lines.size());
}

int LogMatchModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant LogMatchModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == RecordRow)
        return recordData(index.row(), index.column(), role);
    return lineData(int(index.internalId() - 1), index.row(), index.column(), role);
}

QVariant LogMatchModel::recordData(int row, int column, int role) const
{
    const LogMatchResult::Match &match = m_result.matches.at(row);
    if (role == IdRole)
        return match.recordId;
    if (role == LineRole)
        return match.lines.isEmpty() ? QVariant() : QVariant(match.lines.first().number);
    if (role == Qt::ToolTipRole)
        return tr("%1\nScore %2: longest literal %3 characters, %4, %Ln match(es) in the log", nullptr,
                  int(qMin<qint64>(match.matchCount, INT_MAX)))
            .arg(match.recordId)
            .arg(match.score, 0, 'f', 2)
            .arg(match.literalLength)
            .arg(match.signatureHit ? tr("signature found") : tr("signature not found"));
    if (role == Qt::TextAlignmentRole && (column == RankColumn || column == LinesColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case RankColumn: return row + 1;
    case IdColumn: return match.recordId;
    case SignatureColumn: return m_signatures.value(row);
    case LinesColumn: return match.lineCount;
    }
    return {};
}

QVariant LogMatchModel::lineData(int recordRow, int row, int column, int role) const
{
    const LogMatchResult::Line &line = m_result.matches.at(recordRow).lines.at(row);
    if (role == IdRole)
        return m_result.matches.at(recordRow).recordId;
    if (role == LineRole)
        return line.number;
    if (role == Qt::ToolTipRole && column == SignatureColumn)
        return line.text.left(2000);
    if (role != Qt::DisplayRole)
        return {};
    if (column == IdColumn)
        return tr("line %1").arg(line.number);
    if (column == SignatureColumn)
        return line.text.left(500);
    return {};
}

QVariant LogMatchModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case RankColumn: return tr("#");
    case IdColumn: return tr("Record");
    case SignatureColumn: return tr("Signature / line");
    case LinesColumn: return tr("Lines");
    }
    return {};
}

} // namespace Errata
