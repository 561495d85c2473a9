#pragma once

#include <QCoreApplication>

#include "models/matching/LogMatchResult.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace Errata {

class KnowledgeBase;
class Record;

// Finds every record of a KB whose regex matches a log, in one pass for all records, and ranks them (see
// LogMatchResult::Match). The answer is always the one that searching each record's regex over the whole log gives
// (matchEachRegex()); only the time differs. build() once, then match() any number of logs from any thread (never
// during a build() of the same matcher). Regexes are applied as written, or all ignoring case; those that do not
// compile or match the empty string are listed in LogMatchResult::skipped.
//
// FilteredRE2's atoms are found in one LiteralScanner pass; a line-local regex then runs only on the lines they allow,
// the others in one RE2::Set. What does not fit the fast path's memory budget is searched one by one (usedFallback):
// nothing is dropped. A regex that spends its time budget (budgetNs(), a regex that defeats RE2's DFA) is stopped and
// named in cutShort; only it can have missed a match. So is every regex not searched, or stopped, once the whole
// match has spent its own budget (runBudgetNs(), many slow regexes). Users' view: docs/record-format.md, "Regexes in
// the workbench and the log matcher".
class LogMatcher
{
    Q_DECLARE_TR_FUNCTIONS(Errata::LogMatcher)

public:
    struct Options
    {
        bool ignoreCase = false;
        // The fast path's memory budget in bytes: the most the literal
        // scanner's table may take, the max_mem of the RE2::Set, and (capped
        // at RegexEngine::DefaultMaxMemory) of each regex's RE2.
        qint64 maxMemory = DefaultMaxMemory;
        int maxLinesPerRecord = 100; // lines kept per matching record (all are counted)
        // The time each regex may take on a log, in milliseconds, at least:
        // a log of more than BudgetBytesPerSecond times as many bytes gets
        // more (budgetNs()). 0: no budget.
        qint64 regexBudgetMs = DefaultRegexBudgetMs;
        // The time the whole match may take on a log (steady clock, from the
        // start of match()), in milliseconds, at least: a log of more than
        // BudgetBytesPerSecond / RunBudgetFactor times as many bytes gets
        // more (runBudgetNs()). When it is spent, the searches not yet made
        // are not made. 0: no budget.
        qint64 runBudgetMs = DefaultRunBudgetMs;
    };

    static constexpr qint64 DefaultMaxMemory = qint64(256) << 20;
    static constexpr qint64 DefaultRegexBudgetMs = 5000;
    static constexpr qint64 BudgetBytesPerSecond = 20'000'000;
    static constexpr qint64 RunBudgetFactor = 3; // the whole match's budget, in budgets of one regex
    static constexpr qint64 DefaultRunBudgetMs = RunBudgetFactor * DefaultRegexBudgetMs;

    // The time budget of each regex on a log of `bytes` bytes, in
    // nanoseconds: regexBudgetMs, or the time to read the log at
    // BudgetBytesPerSecond if longer (2 GiB: 107 s); 0 for none.
    static qint64 budgetNs(const Options &options, qint64 bytes);
    // The time budget of the whole match of a log of `bytes` bytes, in
    // nanoseconds: runBudgetMs, or RunBudgetFactor times the time to read
    // the log at BudgetBytesPerSecond if longer (2 GiB: 322 s); 0 for none.
    static qint64 runBudgetNs(const Options &options, qint64 bytes);
    // Why `cut` was cut short, in plain words after "the regex was" (its
    // inPieces, runBudget, searched, seconds and estimatedSeconds filled in),
    // for the budgets of the search in seconds.
    static QString cutReason(const LogMatchResult::CutShort &cut, double budgetSeconds, double runBudgetSeconds);

    // What the matcher needs of a record, copied, so that a matcher can be
    // built on another thread while the records are being edited.
    struct Source
    {
        QString id;
        QString signature;
        QString regex;
        const Record *record = nullptr; // given back in the result; may be null
    };

    // A copy of what build() needs of every record of `kb`, in KB order.
    static QList<Source> sources(const KnowledgeBase &kb, bool keepRecords = true);

    LogMatcher();
    ~LogMatcher();
    LogMatcher(const LogMatcher &) = delete;
    LogMatcher &operator=(const LogMatcher &) = delete;

    // Compiles the regexes of the records; the records must outlive the
    // matcher's use (their id, signature and regex are copied).
    void build(const KnowledgeBase &kb, const Options &options);
    void build(const QList<const Record *> &records, const Options &options);
    void build(const KnowledgeBase &kb); // with the default options
    void build(const QList<Source> &sources, const Options &options);

    // `progress(done, total)` is called on the calling thread (for match(),
    // a percentage: total is 100); when `cancel` becomes true the work stops
    // soon and the result is empty and says cancelled.
    LogMatchResult match(const QByteArray &log, const std::atomic_bool *cancel = nullptr,
                         const std::function<void(int, int)> &progress = {}) const;
    // The reference: each regex searched over the whole log, one by one.
    LogMatchResult matchEachRegex(const QByteArray &log, const std::atomic_bool *cancel = nullptr,
                                  const std::function<void(int, int)> &progress = {}) const;

    Options options() const;
    int regexCount() const; // the records tried
    int atomCount() const;  // literals the scanner looks for
    double buildMs() const;
    bool fastPathComplete() const; // false when build() already had to fall back
    QString buildNote() const;     // why, in plain words

    // True when every match of `pattern` lies within one line and is the same
    // whether the line or the whole text is searched: conservatively, the
    // pattern can match no line feed (no \n, \s, \D, \W, \C, negated class
    // without \n, (?s) flag, ...) and holds no ^, $, \A or \z anchor.
    static bool isLineLocal(const QString &pattern);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Errata
