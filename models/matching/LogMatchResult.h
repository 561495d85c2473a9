#pragma once

#include <QList>
#include <QString>

namespace Errata {

class Record;

// What LogMatcher::match found in a log: the records whose regex matches it,
// most specific first, with their matching lines; the records it could not
// try; and whether the fast path had to fall back (and why, in plain words).
//
// Lines are 1-based. Columns are 1-based and count characters (Unicode code
// points, so a Chinese character is one column), as an editor shows them.
struct LogMatchResult
{
    // One line holding a match: the first match that starts on that line.
    struct Line
    {
        int number = 0;      // 1-based line of the log
        QString text;        // the whole line, without its line end
        int startColumn = 0; // first character of the match
        int endColumn = 0;   // just past its last character on this line (as `text` shows it)
        QString matchedText; // the match (it may run on to later lines)
    };

    // One matching record. Ranked "most specific first" by: 1. literalLength, longer first (the longest required
    // literal of the regex, an RE2 prefilter atom, found ignoring case in a kept match); 2. signatureHit first (a kept
    // line holds the record's signature verbatim); 3. matchCount, fewer first (a regex that matches all over the log
    // says less about this one error); 4. the earlier first matching line; 5. the record id. For "CUDA error: out of
    // memory", the regex "CUDA error: out of memory" (literal 25) comes before "out of memory" (13), before "(?i)error"
    // (5). `score` orders as keys 1 to 3: literalLength, plus 0.5 for a signature hit, plus 0.25 / (1 + matchCount).
    struct Match
    {
        QString recordId;
        const Record *record = nullptr; // owned by the KB the matcher was built from
        double score = 0;
        int literalLength = 0;
        bool signatureHit = false;
        qint64 matchCount = 0; // every non-overlapping match in the log
        qint64 lineCount = 0;  // distinct lines where a match starts
        QList<Line> lines;     // the first lines, at most Options::maxLinesPerRecord
    };

    // A record of the KB that was not tried, and why.
    struct Skipped
    {
        QString recordId;
        const Record *record = nullptr;
        QString reason;
    };

    // A regex cut short because it was too slow on this log: its searches
    // took more than its budget (LogMatcher::budgetNs()). What it found is in
    // `matches`; there may be more.
    struct CutShort
    {
        QString recordId;
        const Record *record = nullptr;
        // False: stopped when its budget was spent, somewhere in the log.
        // True: searched in pieces of about 32 KiB, as the whole log at once
        // would have taken longer than its budget; a match spanning two
        // pieces may be missing.
        bool inPieces = false;
        // True: not searched in full because the whole match's budget
        // (runBudgetSeconds) was spent; `searched` false: not searched at all.
        bool runBudget = false;
        bool searched = true;
        double seconds = 0;          // what its searches took
        double estimatedSeconds = 0; // inPieces: what the whole log at once would have taken
        QString reason;              // in plain words, after "the regex was"
    };

    struct Timings
    {
        double buildMs = 0;     // LogMatcher::build, once for the KB
        double scanMs = 0;      // first pass: literal scan, per-line checks, the whole-text RE2::Set
        double wholeTextMs = 0; // second pass: the regexes searched in full, and the ranking
        double totalMs = 0;     // all of match()
    };

    QList<Match> matches; // ranked; empty when cancelled
    QList<Skipped> skipped;
    QList<CutShort> cutShort;      // by record id; empty when every regex was searched in full
    double regexBudgetSeconds = 0; // of each regex on this log; 0: no budget
    double runBudgetSeconds = 0;   // of the whole match of this log; 0: no budget
    bool usedFallback = false;     // some or all regexes were searched one by one
    QString note;                  // why, in plain words; empty when the fast path did all
    bool cancelled = false;
    int regexCount = 0;          // regexes tried
    int wholeTextRegexCount = 0; // of them, searched in full (over the whole log, or chunk by chunk)
    qint64 logBytes = 0;
    qint64 logLines = 0;
    Timings timings;

    double megabytesPerSecond() const
    {
        return timings.totalMs > 0 ? double(logBytes) / 1e6 / (timings.totalMs / 1000.0) : 0;
    }
};

} // namespace Errata
