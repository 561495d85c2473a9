#include "models/matching/RegexBudget.h"

#include <chrono>

namespace Errata {

RegexBudget::RegexBudget(std::size_t entries, qint64 budgetNs)
    : m_budgetNs(budgetNs)
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

qint64 RegexBudget::spentNs(int entry) const
{
    return m_spent[std::size_t(entry)].load(std::memory_order_relaxed);
}

qint64 RegexBudget::remainingNs(int entry) const
{
    if (!isLimited())
        return 0;
    return qMax<qint64>(0, m_budgetNs - spentNs(entry));
}

qint64 RegexBudget::deadline(int entry) const
{
    return isLimited() ? now() + remainingNs(entry) : 0;
}

bool RegexBudget::isStopped(int entry) const
{
    return m_cut[std::size_t(entry)].load(std::memory_order_relaxed) == int(Cut::Stopped);
}

RegexBudget::Cut RegexBudget::cut(int entry) const
{
    return Cut(m_cut[std::size_t(entry)].load(std::memory_order_relaxed));
}

bool RegexBudget::mayStart(int entry)
{
    if (isStopped(entry))
        return false;
    if (!isLimited() || spentNs(entry) < m_budgetNs)
        return true;
    stop(entry);
    return false;
}

void RegexBudget::charge(int entry, qint64 ns)
{
    m_spent[std::size_t(entry)].fetch_add(ns, std::memory_order_relaxed);
}

void RegexBudget::stop(int entry)
{
    m_cut[std::size_t(entry)].store(int(Cut::Stopped), std::memory_order_relaxed);
}

// A stop wins over pieces: pieces searched in part are a stopped search.
void RegexBudget::searchedInPieces(int entry)
{
    int expected = int(Cut::None);
    m_cut[std::size_t(entry)].compare_exchange_strong(expected, int(Cut::InPieces), std::memory_order_relaxed);
}

} // namespace Errata
