#include "models/itemmodels/RegexMatchListModel.h"

namespace Errata {

namespace {

constexpr int ShownTextLimit = 200; // characters of a match shown in the list

QString oneLine(const QString &text)
{
    QString shown = text.left(ShownTextLimit);
    shown.replace(QLatin1Char('\n'), QStringLiteral("⏎"));
    shown.replace(QLatin1Char('\t'), QStringLiteral("→"));
    if (text.size() > ShownTextLimit)
        shown += QStringLiteral("…");
    return shown;
}

} // namespace

RegexMatchListModel::RegexMatchListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void RegexMatchListModel::setMatches(const QList<RegexMatch> &matches)
{
    beginResetModel();
    m_matches = matches;
    endResetModel();
}

int RegexMatchListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_matches.size());
}

int RegexMatchListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString RegexMatchListModel::groupsText(const RegexMatch &match)
{
    QStringList parts;
    for (const RegexMatch::Group &group : match.groups) {
        const QString label = group.name.isEmpty() ? QString::number(group.number)
                                                   : QStringLiteral("%1 (%2)").arg(group.number).arg(group.name);
        parts << QStringLiteral("%1: %2").arg(label, group.matched ? oneLine(group.text) : QStringLiteral("–"));
    }
    return parts.join(QStringLiteral("  "));
}

QVariant RegexMatchListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const RegexMatch &match = m_matches.at(index.row());
    if (role == Qt::TextAlignmentRole && index.column() <= ColumnColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() >= TextColumn)
        return index.column() == TextColumn ? match.text.left(2000) : groupsText(match);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case LineColumn: return match.line;
    case ColumnColumn: return match.column;
    case TextColumn: return oneLine(match.text);
    case GroupsColumn: return groupsText(match);
    }
    return {};
}

QVariant RegexMatchListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case LineColumn: return tr("Line");
    case ColumnColumn: return tr("Column");
    case TextColumn: return tr("Match");
    case GroupsColumn: return tr("Groups");
    }
    return {};
}

} // namespace Errata
