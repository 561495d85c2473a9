#pragma once

#include "models/lookup/LookupResult.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace Errata {

class LookupIndex;

// Answers "what is this error?" for any text: one line, a stack trace, a
// whole CI log. See docs/record-format.md, "Lookup", for the score.
//
//   LookupEngine engine(session.index().lookup());
//   LookupResult result = engine.lookup(pastedText, 10);
//
// The engine reads the index and the records it names; both must outlive
// it and not change while a lookup runs. Regexes are compiled when first
// needed and kept, so the first lookups are slower than the next. lookup()
// may be called from several threads at once. The regexes run within time
// budgets (Budgets): a regex built to defeat RE2's DFA is stopped, and
// named in the result, rather than holding the lookup for minutes.
class LookupEngine
{
    Q_DECLARE_TR_FUNCTIONS(Errata::LookupEngine)

public:
    // The time budgets of the regexes run on a text, as LogMatcher's on a
    // log (LogMatcher::budgetNs() and runBudgetNs() for the text's size):
    // each regex (as written and ignoring case together) and the whole
    // lookup; 0: none. A regex cut short is named in LookupResult::cutShort.
    struct Budgets
    {
        qint64 regexBudgetMs = 0;
        qint64 runBudgetMs = 0;
    };
    static Budgets defaultBudgets(); // LogMatcher's defaults: 5 s and 15 s
    // For a lookup that the user waits for as they paste (the window's, on
    // its own thread): 1 s per regex and 2 s in all.
    static Budgets interactiveBudgets();

    explicit LookupEngine(const LookupIndex &index);
    LookupEngine(const LookupIndex &index, const Budgets &budgets);
    ~LookupEngine();
    LookupEngine(const LookupEngine &) = delete;
    LookupEngine &operator=(const LookupEngine &) = delete;

    LookupResult lookup(const QString &text, int limit = 10) const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Errata
