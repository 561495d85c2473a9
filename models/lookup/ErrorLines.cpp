#include "models/lookup/ErrorLines.h"

#include <QRegularExpression>

#include <algorithm>

namespace Errata {

namespace {

const QRegularExpression &strongPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral(
            // exception and error classes, maybe qualified, before a colon or alone at the end
            R"((?:^|[\s:(\[])(?:[A-Za-z_][\w$]*\.)*[A-Z][A-Za-z0-9_]*(?:Error|Exception|Fault|Failure|Panic)\b\s*(?::|$))"
            // error marks that start a line (after a timestamp or a [tag])
            R"(|^(?:\S*\s+)?(?:\[[^\]]*\]\s*)*(?:error|fatal|panic|failure|critical)(?:\[[^\]]*\])?\s*[:!])"
            R"(|\b(?:ERROR|FATAL|CRITICAL|PANIC)\b|\bERR!|##\[error\]|^E\s{2,}\S|\bCaused by:)"
            // error codes and errno names
            R"(|\b(?:E\d{3,5}|TS\d{4}|CS\d{4}|ORA-\d{5}|SQLSTATE|E(?:NOENT|ACCES|ADDRINUSE|CONNREFUSED|PERM|EXIST|NOTDIR|ISDIR|MFILE|NFILE|PIPE|TIMEDOUT|CONNRESET|NOSPC|ROFS|AGAIN|NOMEM|HOSTUNREACH|NETUNREACH|INVAL|BUSY|NOTEMPTY|XDEV|NOEXEC|LOOP))\b)"
            R"(|\b(?:Segmentation fault|panic:|CrashLoopBackOff|OOMKilled|ImagePullBackOff|ErrImagePull)\b)"),
        QRegularExpression::UseUnicodePropertiesOption);
    return pattern;
}

const QRegularExpression &weakPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(\b(?:errors?|fail(?:s|ed|ing|ure)?|fatal|denied|refused|cannot|can't|could not|couldn't)"
                       R"(|unable to|not found|no such|invalid|unexpected|timed? ?out|killed|abort(?:ed)?|exceeded)"
                       R"(|unsupported|not allowed|forbidden|unauthori[sz]ed|rejected|conflict|missing|corrupt)"
                       R"(|out of memory|overflow|deadlock|crash(?:ed)?|exception|violation|mismatch|undefined)"
                       R"(|not a valid|doesn't exist|does not exist|unreachable|warning)\b|失败|错误|异常|无法)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
    return pattern;
}

// A frame of a stack trace: Python, Java/JavaScript, Go, Rust, C.
bool isFrame(const QString &line)
{
    static const QRegularExpression frame(
        QStringLiteral(R"(^\s+(?:at\s|File\s"|\.\.\.\s\d+\smore)|^\s*#\d+\s|^\s+\S+\.go:\d+|^\s+\d+:\s+0x[0-9a-f]+)"));
    return frame.match(line).hasMatch();
}

// A line of a log at a level that reports no trouble (after a time stamp
// or a [tag]): INFO, DEBUG, TRACE, NOTICE, VERBOSE.
bool isQuiet(const QString &line)
{
    static const QRegularExpression quiet(QStringLiteral(
        R"(^\W*(?:\S*\d\S*\s+){0,3}(?:\[[^\]]*\]\s*){0,2}\[?(?:INFO|DEBUG|TRACE|NOTICE|VERBOSE)\]?(?:\s|:|$))"));
    return quiet.match(line).hasMatch();
}

// "0 errors", "errors=0", "no errors", "0 failed": a count of nothing.
bool reportsNone(const QString &line)
{
    static const QRegularExpression none(
        QStringLiteral(
            R"(\b(?:0|no|zero)\s+(?:errors?|failures?|failed)\b|\b(?:errors?|failures?|failed)\w*\s*[=:]\s*0\b)"),
        QRegularExpression::CaseInsensitiveOption);
    return none.match(line).hasMatch();
}

// The closing line of a job that failed: it says that something failed,
// not what ("Process completed with exit code 1", "make: *** [all] Error 2").
bool isJobSummary(const QString &line)
{
    static const QRegularExpression summary(
        QStringLiteral(
            R"(completed with exit code|exited with (?:exit )?code|exit (?:status|code):? \d|Command failed with)"
            R"(|\bELIFECYCLE\b|^make(?:\[\d+\])?: \*\*\*|Job failed|returned (?:a )?non-zero exit)"),
        QRegularExpression::CaseInsensitiveOption);
    return summary.match(line).hasMatch();
}

} // namespace

int ErrorLines::strengthOf(const QString &line, bool afterTraceback)
{
    if (line.trimmed().isEmpty() || isFrame(line))
        return 0;
    if (afterTraceback)
        return 3;
    if (isJobSummary(line))
        return 1;
    if (strongPattern().match(line).hasMatch())
        return 3;
    if (isQuiet(line) || reportsNone(line))
        return 0;
    return weakPattern().match(line).hasMatch() ? 2 : 1;
}

bool ErrorLines::looksLikeError(const QString &line)
{
    return strengthOf(line) >= 2;
}

namespace {

// Every non-empty line with its strength; the first unindented line after
// the frames of a Python traceback ends it and is strong.
QList<ErrorLines::Line> classify(const QString &text)
{
    QList<ErrorLines::Line> lines;
    bool inTraceback = false;
    int number = 0;
    for (const QStringView view : QStringView(text).split(QLatin1Char('\n'))) {
        ++number;
        QString line = view.toString();
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        const bool ends = inTraceback && !line.at(0).isSpace() && !line.startsWith(QLatin1String("Traceback"));
        const bool header = line.contains(QLatin1String("Traceback (most recent call last)"));
        // Inside a traceback, its header and the indented source lines
        // between the frames are no error of their own.
        const bool quoted = header || (inTraceback && !ends);
        inTraceback = (inTraceback || header) && !ends;
        int strength = quoted ? 0 : ErrorLines::strengthOf(line, ends);
        // A line that introduces its message on the next ("operation
        // failed:") gives that line its strength.
        if (!lines.isEmpty() && lines.last().strength >= 2 && lines.last().number == number - 1
            && lines.last().text.trimmed().endsWith(QLatin1Char(':')) && strength > 0)
            strength = std::max(strength, lines.last().strength);
        lines.append({number, line, strength});
    }
    return lines;
}

} // namespace

QList<ErrorLines::Line> ErrorLines::find(const QString &text)
{
    QList<Line> lines = classify(text);
    if (lines.size() <= ShortText)
        return lines;
    QList<Line> chosen;
    for (int strength : {3, 2, 1}) {
        for (qsizetype i = lines.size() - 1; i >= 0 && chosen.size() < MaxLines; --i) {
            if (lines.at(i).strength == strength)
                chosen.append(lines.at(i));
        }
    }
    if (chosen.isEmpty()) // only quiet lines: the end of the text
        chosen = lines.mid(std::max<qsizetype>(0, lines.size() - MaxLines));
    std::sort(chosen.begin(), chosen.end(), [](const Line &a, const Line &b) { return a.number < b.number; });
    return chosen;
}

} // namespace Errata
