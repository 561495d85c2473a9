#include "models/itemmodels/LookupHitModel.h"

namespace Errata {

LookupHitModel::LookupHitModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void LookupHitModel::setResult(const LookupResult &result, const QSet<QString> &leaveOut)
{
    beginResetModel();
    m_rows.clear();
    for (const LookupResult::Hit &hit : result.hits) {
        if (!leaveOut.contains(hit.id))
            m_rows.append({hit.id, hit.signature.simplified(), hit.domain, hit.band, hit.score, whyText(hit)});
    }
    endResetModel();
}

void LookupHitModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

QString LookupHitModel::idAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).id : QString();
}

int LookupHitModel::rowOf(const QString &id) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).id == id)
            return row;
    }
    return -1;
}

QString LookupHitModel::bandText(LookupResult::Band band)
{
    switch (band) {
    case LookupResult::Exact: return tr("exact");
    case LookupResult::Likely: return tr("likely");
    case LookupResult::Related: break;
    }
    return tr("related");
}

// Why the record was chosen, in the words of docs/record-format.md's
// "Lookup": how its regex matched, the words it shares, the environment.
QString LookupHitModel::whyText(const LookupResult::Hit &hit)
{
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(hit.signature.simplified().toHtmlEscaped());
    lines << tr("%1 · %2 · score %3").arg(hit.id.toHtmlEscaped(), bandText(hit.band)).arg(hit.score, 0, 'f', 2);
    const LookupResult::Why &why = hit.why;
    if (why.regex == LookupResult::AsWritten)
        lines << tr("Its regex matches line %1 as written: %2")
                     .arg(why.regexLine)
                     .arg(QStringLiteral("<code>%1</code>").arg(why.regexMatch.toHtmlEscaped()));
    else if (why.regex == LookupResult::IgnoringCase)
        lines << tr("Its regex matches line %1 ignoring case: %2")
                     .arg(why.regexLine)
                     .arg(QStringLiteral("<code>%1</code>").arg(why.regexMatch.toHtmlEscaped()));
    else
        lines << tr("Its regex does not match.");
    lines << tr("Signature found: %1%").arg(qRound(why.coverage * 100));
    if (!why.sharedWords.isEmpty())
        lines << tr("Shared words: %1").arg(why.sharedWords.join(QStringLiteral(", ")).toHtmlEscaped());
    if (!why.environment.isEmpty())
        lines << tr("Same environment: %1").arg(why.environment.join(QStringLiteral(", ")).toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

int LookupHitModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant LookupHitModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return row.signature;
    case Qt::ToolTipRole: return row.why;
    case IdRole: return row.id;
    case DomainRole: return row.domain;
    case BandRole: return int(row.band);
    case BandTextRole: return bandText(row.band);
    case ScoreRole: return row.score;
    default: return {};
    }
}

} // namespace Errata
