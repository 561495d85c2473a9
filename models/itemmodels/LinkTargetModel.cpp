#include "models/itemmodels/LinkTargetModel.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/text/DisplayName.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace Errata {

namespace {

constexpr int SignatureShown = 90; // characters of the signature in a row

} // namespace

LinkTargetModel::LinkTargetModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void LinkTargetModel::setKnowledgeBase(const KnowledgeBase *kb)
{
    m_kb = kb;
    update();
}

void LinkTargetModel::setExcludedId(const QString &id)
{
    m_excluded = id;
    update();
}

void LinkTargetModel::setQuery(const QString &query)
{
    m_query = query;
    update();
}

QStringList LinkTargetModel::words(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[^\\w]+|_"));
    return text.toLower().split(separators, Qt::SkipEmptyParts);
}

bool LinkTargetModel::wordPrefixes(const QStringList &queryWords, const QStringList &words)
{
    return !queryWords.isEmpty() && std::all_of(queryWords.cbegin(), queryWords.cend(), [&](const QString &q) {
        return std::any_of(words.cbegin(), words.cend(), [&](const QString &w) { return w.startsWith(q); });
    });
}

// The length of the shortest stretch of `text` holding the letters of
// `query` in order, or -1 when it holds none.
int LinkTargetModel::subsequenceSpan(const QString &query, const QString &text)
{
    int best = -1;
    for (int start = text.indexOf(query.at(0)); start >= 0; start = text.indexOf(query.at(0), start + 1)) {
        int pos = start;
        int matched = 1;
        while (matched < query.size()) {
            pos = text.indexOf(query.at(matched), pos + 1);
            if (pos < 0)
                return best;
            ++matched;
        }
        const int span = pos - start + 1;
        if (best < 0 || span < best)
            best = span;
    }
    return best;
}

int LinkTargetModel::score(const QString &query, const QString &id, const QString &signature)
{
    const QString q = query.trimmed().toLower();
    if (q.isEmpty())
        return -1;
    const QString lowerId = id.toLower();
    const QString lowerSignature = signature.toLower();
    if (lowerId == q)
        return 1000;
    if (lowerId.startsWith(q))
        return 900;
    if (lowerId.section(QLatin1Char('/'), -1).startsWith(q))
        return 800;
    const QStringList queryWords = words(q);
    if (wordPrefixes(queryWords, words(id)))
        return 700;
    if (wordPrefixes(queryWords, words(id) + words(signature)))
        return 600;
    if (lowerId.contains(q))
        return 500;
    if (lowerSignature.contains(q))
        return 400;
    const QString letters = QString(q).remove(QLatin1Char(' '));
    const int span = letters.isEmpty() ? -1 : subsequenceSpan(letters, lowerId);
    if (span > 0)
        return 100 + std::max(0, 99 - (span - int(letters.size())));
    return -1;
}

void LinkTargetModel::update()
{
    beginResetModel();
    m_rows.clear();
    QSet<QString> seen;
    for (int i = 0; m_kb && i < m_kb->count(); ++i) {
        const Record *record = m_kb->recordAt(i);
        const QString id = record->id();
        if (id.isEmpty() || id == m_excluded || seen.contains(id))
            continue;
        seen.insert(id);
        const int points = score(m_query, id, record->signature());
        if (points >= 0)
            m_rows << Candidate{id, record->signature(), points};
    }
    std::sort(m_rows.begin(), m_rows.end(), [](const Candidate &a, const Candidate &b) {
        if (a.score != b.score)
            return a.score > b.score;
        if (a.id.size() != b.id.size())
            return a.id.size() < b.id.size();
        return a.id < b.id;
    });
    if (m_rows.size() > MaxRows)
        m_rows.resize(MaxRows);
    endResetModel();
}

int LinkTargetModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant LinkTargetModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Candidate &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole: {
        QString signature = row.signature.simplified();
        if (signature.size() > SignatureShown)
            signature = signature.left(SignatureShown - 1) + QChar(0x2026);
        const QString id = DisplayName::of(row.id);
        return signature.isEmpty() ? id : tr("%1 — %2").arg(id, signature);
    }
    case Qt::EditRole:
    case IdRole: return row.id;
    case Qt::ToolTipRole:
    case SignatureRole: return row.signature;
    default: return {};
    }
}

} // namespace Errata
