#pragma once

#include "models/git/GitStatus.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Errata {

// A search as typed in the search field: free words plus field filters (the README's "The desktop program" lists
// them): "nan loss", "domain:pytorch fix<0.5", "-has:zh stale", "git:modified", "is:changed cuda". Words and filter
// values are folded (case and accents ignored). A word in quotes ("out of memory") is one phrase, and a quoted term is
// always a word. "is:stale" and "is:changed" are filters wherever they stand; a bare "stale" or "changed" is one only
// in a query of filters alone ("changed", "stale domain:git"), and a word next to other words, so a pasted "Stale file
// handle" searches for what was pasted. An unknown "key:value" is a plain word, so "RuntimeError: CUDA" still searches
// for what was typed.
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
