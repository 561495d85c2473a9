#pragma once

#include "models/git/GitStatus.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Errata {

// A search as typed in the search field: free words plus field filters.
//
//   "nan loss"                 -> words {nan, loss}
//   "domain:pytorch fix<0.5"   -> domain pytorch, fix_success_rate < 0.5
//   "cuda tier:ai_generated"   -> word cuda, verification_tier ai_generated
//   "-has:zh stale"            -> records lacking Chinese text, stale ones
//   "confidence>=0.8 severity:warning resolvable:partial category:oom"
//   "git:modified", "git:new", "git:conflicted", "changed" -> by the state of
//                                  the record's file in git (RecordFilterModel)
//
// Words and filter values are folded (case and accents ignored). A word in
// quotes ("out of memory") is one phrase. An unknown "key:value" is taken as
// a plain word, so "RuntimeError: CUDA" still searches for what was typed.
// A quoted term is always a word: typed with its quotes, "changed" searches
// for the word, where changed alone keeps the records changed in git.
class SearchQuery
{
public:
    struct NumberFilter
    {
        enum Op { Less, LessOrEqual, Greater, GreaterOrEqual, Equal };
        Op op = Equal;
        double value = 0;
        bool accepts(double number) const;
    };

    static SearchQuery parse(const QString &text);

    bool isEmpty() const;
    bool hasFilters() const;

    QStringList words; // folded
    QString domain;    // folded, empty = any
    QString category;
    QString tier;
    QString resolvable;
    QString severity; // error, warning or info
    std::optional<NumberFilter> fixRate;
    std::optional<NumberFilter> confidence;
    std::optional<bool> hasChinese;
    bool staleOnly = false;
    // The git states a record's file must be in; empty: any. The search
    // index knows nothing of git: RecordFilterModel applies it.
    QList<GitStatus::State> gitStates;
};

} // namespace Errata
