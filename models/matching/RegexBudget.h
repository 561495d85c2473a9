#pragma once

#include <QtGlobal>

#include <atomic>
#include <cstddef>
#include <memory>

namespace Errata {

// The time each regex of one match may take, and the time it took (steady clock, nanoseconds, added up over the
// threads that ran its searches). Every search of a regex (one line, a chunk, the whole log) charges its entry, from
// any thread; once an entry has spent its budget, the searches still to come for it are not made. A regex is stopped
// only when a search of it is cut short, or not made, for its budget: one whose last search ends past it is complete.
//
// Example: with a budget of 5 s, a regex whose first two chunks took 2 s and 3.1 s has no third: mayStart() says no,
// cut() says Stopped, and spentNs() is 5.1 s.
class RegexBudget
{
public:
    enum class Cut {
        None,     // searched in full
        Stopped,  // stopped when its budget was spent: it may have more matches
        InPieces, // too slow to search the whole log at once: searched piece by piece, and a match
                  // that spans two pieces may be missing
    };

    // `budgetNs` <= 0: no budget.
    RegexBudget(std::size_t entries, qint64 budgetNs);

    static qint64 now();

    bool isLimited() const { return m_budgetNs > 0; }
    qint64 budgetNs() const { return m_budgetNs; }
    qint64 spentNs(int entry) const;
    // What is left of the entry's budget (0 when spent); the budget when unlimited.
    qint64 remainingNs(int entry) const;
    // When a search of the entry that starts now must stop: 0 when unlimited.
    qint64 deadline(int entry) const;
    bool isStopped(int entry) const;
    Cut cut(int entry) const;

    // Whether a search of the entry may start: false when it was stopped or
    // its budget is spent (it is then stopped: a search not made leaves it
    // incomplete).
    bool mayStart(int entry);
    // Adds `ns` to the entry's time.
    void charge(int entry, qint64 ns);
    // A search of the entry was cut short at its deadline.
    void stop(int entry);
    void searchedInPieces(int entry);

private:
    qint64 m_budgetNs = 0;
    std::unique_ptr<std::atomic<qint64>[]> m_spent;
    std::unique_ptr<std::atomic<int>[]> m_cut;
};

} // namespace Errata
