#pragma once

#include "models/kb/Problem.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>

namespace Errata {

// The findings of one file, kept up to two caps: MaxPerRule of one rule and
// MaxPerFile in all. A finding past a cap is counted, not kept, so that a
// record with 600,000 broken dead ends costs the memory of 1,000 findings;
// take() then gives, after the findings kept, one finding per rule with
// findings left out (rule "more-findings", the severity of the worst one
// left out, at the first one left out):
// "… and 1,234 more findings of rule schema in this file (…)".
//
// Example: with the caps 2 and 3, adding a, a, a, b, b gives a, a, b and
// "… and 1 more findings of rule a", "… and 1 more findings of rule b".
class FindingCap
{
    Q_DECLARE_TR_FUNCTIONS(Errata::FindingCap)

public:
    static constexpr int MaxPerRule = 100;
    static constexpr int MaxPerFile = 1000;
    // The rule of the findings that say how many were left out.
    static QString moreRule() { return QStringLiteral("more-findings"); }

    explicit FindingCap(int perRule = MaxPerRule, int perFile = MaxPerFile);

    int perRule() const { return m_perRule; }
    int perFile() const { return m_perFile; }

    // Counts findings kept before (another pass over the same file) against
    // the caps; their own "more-findings" findings count for nothing.
    void countKept(const QList<Problem> &problems);
    // Whether a finding of `rule` would be kept now: a caller may skip the
    // making of one that would not (and leaveOut() it instead).
    bool hasRoom(const QString &rule) const;
    // Keeps `problem` if the caps allow, else counts it as left out.
    void add(Problem problem);
    FindingCap &operator<<(Problem problem)
    {
        add(std::move(problem));
        return *this;
    }
    // Counts `count` findings of `rule` left out without being made, the
    // first of them at `pointer`.
    void leaveOut(const QString &rule, Problem::Severity severity, const QString &pointer, qint64 count);

    // The findings kept since the last take(), in the order added, then one
    // "more-findings" finding per rule with findings left out since then.
    QList<Problem> take();

private:
    struct LeftOut
    {
        QString rule;
        Problem::Severity severity = Problem::Info;
        QString pointer;
        qint64 count = 0;
    };

    int m_perRule;
    int m_perFile;
    int m_kept = 0;
    QHash<QString, int> m_keptOf;
    QList<Problem> m_problems;
    QList<LeftOut> m_leftOut; // one per rule, in the order first left out: a few at most
};

} // namespace Errata
