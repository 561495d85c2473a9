#include "models/validation/FindingCap.h"

#include <QLocale>

#include <algorithm>

namespace Errata {

namespace {

// "1,234": the same in every language the messages are in.
QString counted(qint64 count)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(count);
}

} // namespace

FindingCap::FindingCap(int perRule, int perFile)
    : m_perRule(perRule)
    , m_perFile(perFile)
{
}

void FindingCap::countKept(const QList<Problem> &problems)
{
    for (const Problem &problem : problems) {
        if (problem.rule == moreRule())
            continue;
        ++m_kept;
        ++m_keptOf[problem.rule];
    }
}

bool FindingCap::hasRoom(const QString &rule) const
{
    return m_kept < m_perFile && m_keptOf.value(rule) < m_perRule;
}

void FindingCap::add(Problem problem)
{
    if (!hasRoom(problem.rule)) {
        leaveOut(problem.rule, problem.severity, problem.pointer, 1);
        return;
    }
    ++m_kept;
    ++m_keptOf[problem.rule];
    m_problems << std::move(problem);
}

void FindingCap::leaveOut(const QString &rule, Problem::Severity severity, const QString &pointer, qint64 count)
{
    if (count <= 0)
        return;
    auto it = std::find_if(m_leftOut.begin(), m_leftOut.end(), [&](const LeftOut &left) { return left.rule == rule; });
    if (it == m_leftOut.end()) {
        m_leftOut << LeftOut{rule, severity, pointer, 0};
        it = m_leftOut.end() - 1;
    }
    it->severity = std::min(it->severity, severity); // Error is the smallest
    it->count += count;
}

QList<Problem> FindingCap::take()
{
    QList<Problem> problems = std::move(m_problems);
    m_problems.clear();
    for (const LeftOut &left : std::as_const(m_leftOut)) {
        problems << Problem{left.severity,
                            QString(),
                            left.pointer,
                            0,
                            0,
                            tr("… and %1 more findings of rule %2 in this file (at most %3 of one rule and %4 in "
                               "all are listed)")
                                .arg(counted(left.count), left.rule, counted(m_perRule), counted(m_perFile)),
                            moreRule()};
    }
    m_leftOut.clear();
    return problems;
}

} // namespace Errata
