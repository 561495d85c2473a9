#include "models/search/SearchQuery.h"
#include "models/text/SearchTokenizer.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

namespace Errata {

namespace {

struct Term
{
    QString text;
    bool quoted = false; // a quoted term is always a word, never a filter
};

// Terms are separated by spaces, except inside double quotes: a quoted
// phrase ("out of memory") stays one term.
QList<Term> splitTerms(const QString &text)
{
    QList<Term> terms;
    Term current;
    bool quoted = false;
    for (const QChar c : text) {
        if (c == QLatin1Char('"')) {
            quoted = !quoted;
            current.quoted = true;
        } else if (c.isSpace() && !quoted) {
            if (!current.text.isEmpty())
                terms << current;
            current = Term();
        } else {
            current.text += c;
        }
    }
    if (!current.text.isEmpty())
        terms << current;
    return terms;
}

std::optional<SearchQuery::NumberFilter> parseNumberFilter(const QString &term, const QString &field)
{
    static const QRegularExpression pattern(QStringLiteral("^([a-z_]+)(<=|>=|<|>|=)([0-9]*\\.?[0-9]+)$"));
    const QRegularExpressionMatch match = pattern.match(term);
    if (!match.hasMatch() || match.captured(1) != field)
        return std::nullopt;
    const QString op = match.captured(2);
    SearchQuery::NumberFilter filter;
    filter.value = match.captured(3).toDouble();
    if (op == QLatin1String("<"))
        filter.op = SearchQuery::NumberFilter::Less;
    else if (op == QLatin1String("<="))
        filter.op = SearchQuery::NumberFilter::LessOrEqual;
    else if (op == QLatin1String(">"))
        filter.op = SearchQuery::NumberFilter::Greater;
    else if (op == QLatin1String(">="))
        filter.op = SearchQuery::NumberFilter::GreaterOrEqual;
    return filter;
}

// git:modified, git:new (added or untracked), git:added, git:untracked,
// git:renamed, git:conflicted, git:deleted; anything else is a word.
bool applyGitFilter(SearchQuery &query, const QString &value)
{
    using State = GitStatus::State;
    static const QHash<QString, QList<State>> states{
        {QStringLiteral("modified"), {State::Modified}}, {QStringLiteral("new"), {State::Added, State::Untracked}},
        {QStringLiteral("added"), {State::Added}},       {QStringLiteral("untracked"), {State::Untracked}},
        {QStringLiteral("renamed"), {State::Renamed}},   {QStringLiteral("conflicted"), {State::Conflicted}},
        {QStringLiteral("deleted"), {State::Deleted}},
    };
    const auto found = states.constFind(value);
    if (found == states.cend())
        return false;
    for (const State state : *found) {
        if (!query.gitStates.contains(state))
            query.gitStates << state;
    }
    return true;
}

// Applies "key:value" when key is a known filter; returns false otherwise.
bool applyFilter(SearchQuery &query, const QString &key, const QString &value)
{
    if (value.isEmpty())
        return false;
    if (key == QLatin1String("domain"))
        query.domain = value;
    else if (key == QLatin1String("category"))
        query.category = value;
    else if (key == QLatin1String("tier"))
        query.tier = value;
    else if (key == QLatin1String("resolvable"))
        query.resolvable = value;
    else if (key == QLatin1String("severity"))
        query.severity = value;
    else if (key == QLatin1String("git"))
        return applyGitFilter(query, value);
    else if (key == QLatin1String("has") && value == QLatin1String("zh"))
        query.hasChinese = true;
    else if (key == QLatin1String("-has") && value == QLatin1String("zh"))
        query.hasChinese = false;
    else
        return false;
    return true;
}

// is:stale, is:changed.
bool applyKeyword(SearchQuery &query, const QString &term)
{
    if (term == QLatin1String("is:stale")) {
        query.staleOnly = true;
        return true;
    }
    if (term == QLatin1String("is:changed")) { // any state (deleted: removed from the index, still on disk)
        query.gitStates = {GitStatus::State::Modified, GitStatus::State::Added,   GitStatus::State::Untracked,
                           GitStatus::State::Renamed,  GitStatus::State::Deleted, GitStatus::State::Conflicted};
        return true;
    }
    return false;
}

// A number filter (fix<0.5, confidence>=0.8) or a known "key:value".
bool applyTerm(SearchQuery &query, const QString &term)
{
    if (auto filter = parseNumberFilter(term, QStringLiteral("fix"))) {
        query.fixRate = filter;
        return true;
    }
    if (auto filter = parseNumberFilter(term, QStringLiteral("confidence"))) {
        query.confidence = filter;
        return true;
    }
    const qsizetype colon = term.indexOf(QLatin1Char(':'));
    return colon > 0 && applyFilter(query, term.left(colon), term.mid(colon + 1));
}

} // namespace

bool SearchQuery::NumberFilter::accepts(double number) const
{
    switch (op) {
    case Less: return number < value;
    case LessOrEqual: return number <= value;
    case Greater: return number > value;
    case GreaterOrEqual: return number >= value;
    case Equal: return qFuzzyCompare(number + 1.0, value + 1.0);
    }
    return false;
}

// A bare "stale" or "changed" is a filter only in a query of filters alone
// ("stale", "changed domain:git", "-has:zh stale"); next to a word it is a
// word, so that a pasted error line ("Stale file handle", "error: the file
// changed as we read it") is searched as written. "is:stale" and
// "is:changed" are the filters wherever they stand.
SearchQuery SearchQuery::parse(const QString &text)
{
    SearchQuery query;
    QStringList keywords; // bare "stale" and "changed", in order
    for (const Term &quotedOrNot : splitTerms(SearchTokenizer::fold(text))) {
        const QString &term = quotedOrNot.text;
        if (quotedOrNot.quoted) { // "stale", "changed", "domain:x": the words themselves
            query.words << term;
            continue;
        }
        if (term == QLatin1String("stale") || term == QLatin1String("changed")) {
            keywords << term;
            query.words << term; // taken back below when the query holds no other word
            continue;
        }
        if (applyKeyword(query, term) || applyTerm(query, term))
            continue;
        query.words << term;
    }
    if (query.words.size() == keywords.size()) {
        query.words.clear();
        for (const QString &keyword : keywords)
            applyKeyword(query, QStringLiteral("is:") + keyword);
    }
    return query;
}

bool SearchQuery::hasFilters() const
{
    return !domain.isEmpty() || !category.isEmpty() || !tier.isEmpty() || !resolvable.isEmpty() || !severity.isEmpty()
        || fixRate || confidence || hasChinese || staleOnly || !gitStates.isEmpty();
}

bool SearchQuery::isEmpty() const
{
    return words.isEmpty() && !hasFilters();
}

} // namespace Errata
