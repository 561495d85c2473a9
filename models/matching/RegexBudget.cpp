#include "models/matching/RegexBudget.h"

#include <chrono>
#include <limits>

namespace Errata {

RegexBudget::RegexBudget(std::size_t entries, qint64 budgetNs, qint64 runDeadline)
    : m_budgetNs(qMax<qint64>(0, budgetNs))
    , m_runDeadline(qMax<qint64>(0, runDeadline))
    , m_spent(std::make_unique<std::atomic<qint64>[]>(entries))
    , m_cut(std::make_unique<std::atomic<int>[]>(entries))
{
    for (std::size_t i = 0; i < entries; ++i) {
        m_spent[i].store(0, std::memory_order_relaxed);
        m_cut[i].store(int(Cut::None), std::memory_order_relaxed);
    }
}

qint64 RegexBudget::now()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

qint64 RegexBudget::runRemainingNs() const
{
    if (m_runDeadline <= 0)
        return m_budgetNs;
    return qMax<qint64>(0, m_runDeadline - now());
}

qint64 RegexBudget::spentNs(int entry) const
{
    return m_spent[std::size_t(entry)].load(std::memory_order_relaxed);
}

qint64 RegexBudget::remainingNs(int entry) const
{
    if (!isLimited())
        return 0;
    qint64 left = std::numeric_limits<qint64>::max();
    if (m_budgetNs > 0)
        left = qMax<qint64>(0, m_budgetNs - spentNs(entry));
    if (m_runDeadline > 0)
        left = qMin(left, qMax<qint64>(0, m_runDeadline - now()));
    return left;
}

qint64 RegexBudget::deadline(int entry) const
{
    return isLimited() ? now() + remainingNs(entry) : 0;
}

bool RegexBudget::isStopped(int entry) const
{
    const Cut how = cut(entry);
    return how == Cut::Stopped || how == Cut::RunOut;
}

RegexBudget::Cut RegexBudget::cut(int entry) const
{
    return Cut(m_cut[std::size_t(entry)].load(std::memory_order_relaxed));
}

bool RegexBudget::mayStart(int entry)
{
    if (isStopped(entry))
        return false;
    if (m_budgetNs > 0 && spentNs(entry) >= m_budgetNs) {
        raise(entry, Cut::Stopped);
        return false;
    }
    if (runIsOver()) {
        raise(entry, Cut::RunOut);
        return false;
    }
    return true;
}

void RegexBudget::charge(int entry, qint64 ns)
{
    m_spent[std::size_t(entry)].fetch_add(ns, std::memory_order_relaxed);
}

void RegexBudget::stop(int entry)
{
    const bool ownSpent = m_budgetNs > 0 && spentNs(entry) >= m_budgetNs;
    raise(entry, !ownSpent && runIsOver() ? Cut::RunOut : Cut::Stopped);
}

// A stop wins over pieces: pieces searched in part are a stopped search.
void RegexBudget::searchedInPieces(int entry)
{
    raise(entry, Cut::InPieces);
}

void RegexBudget::raise(int entry, Cut cut)
{
    std::atomic<int> &slot = m_cut[std::size_t(entry)];
    int current = slot.load(std::memory_order_relaxed);
    while (current < int(cut) && !slot.compare_exchange_weak(current, int(cut), std::memory_order_relaxed)) {}
}

} // namespace Errata
