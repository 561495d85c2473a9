// fuzz-log-matcher: the log matcher (LogMatcher::match) against searching each regex on its own over the whole log
// (matchEachRegex, RegexEngine::findAll), both fuzzed. The input's first byte picks one way per input (compiling is
// most of a run's time): as written, ignoring case, or with a memory budget small enough to fall back; the lines after
// it up to the first empty line are the regexes (at most 8; without an empty line, only the first), the rest the log.
//
// Property: the same records, order, counts, lines, columns, texts and skipped records; with the default budget, each
// count is what findAll() gives and every regex that compiles and finds something is listed.

#include "FuzzSupport.h"

#include "models/matching/LogMatcher.h"
#include "models/matching/RegexEngine.h"

#include <algorithm>
#include <climits>

using namespace Errata;

namespace {

constexpr int MaxRegexes = 8;

bool sameLines(const QList<LogMatchResult::Line> &a, const QList<LogMatchResult::Line> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const LogMatchResult::Line &x = a.at(i);
        const LogMatchResult::Line &y = b.at(i);
        if (x.number != y.number || x.text != y.text || x.startColumn != y.startColumn || x.endColumn != y.endColumn
            || x.matchedText != y.matchedText)
            return false;
    }
    return true;
}

void compare(const LogMatchResult &fast, const LogMatchResult &reference)
{
    FUZZ_CHECK(!fast.cancelled && !reference.cancelled);
    FUZZ_CHECK(fast.matches.size() == reference.matches.size());
    for (qsizetype i = 0; i < fast.matches.size(); ++i) {
        const LogMatchResult::Match &x = fast.matches.at(i);
        const LogMatchResult::Match &y = reference.matches.at(i);
        FUZZ_CHECK(x.recordId == y.recordId);
        FUZZ_CHECK(x.matchCount == y.matchCount && x.lineCount == y.lineCount);
        FUZZ_CHECK(x.literalLength == y.literalLength && x.signatureHit == y.signatureHit && x.score == y.score);
        FUZZ_CHECK(sameLines(x.lines, y.lines));
    }
    FUZZ_CHECK(fast.skipped.size() == reference.skipped.size());
    for (qsizetype i = 0; i < fast.skipped.size(); ++i)
        FUZZ_CHECK(fast.skipped.at(i).recordId == reference.skipped.at(i).recordId);
}

// Each regex searched with findAll(), as the workbench does.
void compareWithFindAll(const QList<LogMatcher::Source> &sources, const LogMatchResult &result, bool ignoreCase,
                        const QByteArray &log)
{
    for (const LogMatcher::Source &source : sources) {
        const RegexEngine engine(source.regex, ignoreCase ? RegexEngine::CaseInsensitive : RegexEngine::CaseSensitive);
        const bool skipped = std::any_of(result.skipped.cbegin(), result.skipped.cend(),
                                         [&](const LogMatchResult::Skipped &s) { return s.recordId == source.id; });
        FUZZ_CHECK(skipped == (!engine.isValid() || engine.matchesEmptyString()));
        if (skipped)
            continue;
        qint64 count = 0;
        for (const LogMatchResult::Match &match : result.matches) {
            if (match.recordId == source.id)
                count = match.matchCount;
        }
        FUZZ_CHECK(engine.findAll(log, INT_MAX).size() == count);
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const int way = data[0] % 3;
    const QByteArray input = Fuzz::bytes(data + 1, size - 1);
    qsizetype gap = input.indexOf("\n\n");
    const qsizetype firstLineEnd = input.indexOf('\n');
    QByteArray head;
    QByteArray log;
    if (gap >= 0) {
        head = input.left(gap);
        log = input.mid(gap + 2);
    } else {
        head = firstLineEnd < 0 ? input : input.left(firstLineEnd);
        log = firstLineEnd < 0 ? QByteArray() : input.mid(firstLineEnd + 1);
    }
    const QList<QByteArray> patterns = head.split('\n').mid(0, MaxRegexes);
    const QList<QByteArray> logLines = log.split('\n');
    QList<LogMatcher::Source> sources;
    for (qsizetype i = 0; i < patterns.size(); ++i) {
        LogMatcher::Source source;
        source.id = QStringLiteral("fuzz/r%1").arg(i);
        source.regex = QString::fromUtf8(patterns.at(i));
        // Now and then the record's signature is on a line of the log.
        source.signature = QString::fromUtf8(logLines.value(i * 3).trimmed());
        sources << source;
    }

    LogMatcher::Options options;
    options.ignoreCase = way == 1;
    options.maxLinesPerRecord = 20;
    if (way == 2)
        options.maxMemory = 64 * 1024;
    LogMatcher matcher;
    matcher.build(sources, options);
    const LogMatchResult fast = matcher.match(log);
    const LogMatchResult reference = matcher.matchEachRegex(log);
    compare(fast, reference);
    if (way < 2)
        compareWithFindAll(sources, reference, options.ignoreCase, log);
    return 0;
}
