#pragma once

#include <QtGlobal>

#include <atomic>
#include <cstddef>
#include <memory>

namespace Errata {

// The time each regex of one match may take, and the time it took (steady clock, nanoseconds, added up over the
// threads that ran its searches); and the time the whole match may take, as a deadline on the steady clock. Every
// search of a regex (one line, a chunk, the whole log) charges its entry, from any thread; once an entry has spent its
// budget, or the whole match its own, the searches still to come for it are not made. A regex is stopped only when a
// search of it is cut short, or not made, for a budget: one whose last search ends past it is complete.
//
// Example: with a budget of 5 s, a regex whose first two chunks took 2 s and 3.1 s has no third: mayStart() says no,
// cut() says Stopped, and spentNs() is 5.1 s. With a match's deadline passed, a regex not yet searched is RunOut.
class RegexBudget
{
public:
    // From the least to the most severe: a cut never goes back to a lesser one.
    enum class Cut {
        None,     // searched in full
        InPieces, // too slow to search the whole log at once: searched piece by piece, and a match
                  // that spans two pieces may be missing
        RunOut,   // not searched, or stopped, when the whole match's budget was spent: it may have more matches
        Stopped,  // stopped when its own budget was spent: it may have more matches
    };

    // `budgetNs` <= 0: no budget per regex. `runDeadline` (on now()'s clock)
    // <= 0: none for the whole match.
    RegexBudget(std::size_t entries, qint64 budgetNs, qint64 runDeadline = 0);

    static qint64 now();

    bool isLimited() const { return m_budgetNs > 0 || m_runDeadline > 0; }
    qint64 budgetNs() const { return m_budgetNs; }
    qint64 runDeadline() const { return m_runDeadline; }
    bool runIsOver() const { return m_runDeadline > 0 && now() >= m_runDeadline; }
    // What is left until the match's deadline (0 when passed); the regex's
    // budget when the match has none, 0 when there is no budget at all.
    qint64 runRemainingNs() const;
    qint64 spentNs(int entry) const;
    // What is left of the entry's budget and of the match's (the lesser, 0
    // when spent); 0 when unlimited.
    qint64 remainingNs(int entry) const;
    // When a search of the entry that starts now must stop: 0 when unlimited.
    qint64 deadline(int entry) const;
    bool isStopped(int entry) const; // Stopped or RunOut
    Cut cut(int entry) const;

    // Whether a search of the entry may start: false when it was stopped,
    // its budget is spent or the match's deadline has passed (it is then
    // stopped: a search not made leaves it incomplete).
    bool mayStart(int entry);
    // Adds `ns` to the entry's time.
    void charge(int entry, qint64 ns);
    // A search of the entry was cut short at its deadline: Stopped when its
    // own budget is spent, else RunOut when the match's deadline has passed.
    void stop(int entry);
    void searchedInPieces(int entry);

private:
    void raise(int entry, Cut cut);

    qint64 m_budgetNs = 0;
    qint64 m_runDeadline = 0;
    std::unique_ptr<std::atomic<qint64>[]> m_spent;
    std::unique_ptr<std::atomic<int>[]> m_cut;
};

} // namespace Errata
