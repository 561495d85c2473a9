#include "ui/logs/LogExcerpt.h"

#include "models/lookup/LookupResult.h"

namespace Errata {

namespace {

QString toText(const QByteArray &utf8)
{
    return QString::fromUtf8(utf8);
}

QString toText(const QString &text)
{
    return text;
}

char lineBreak(const QByteArray &)
{
    return '\n';
}

QChar lineBreak(const QString &)
{
    return QLatin1Char('\n');
}

} // namespace

template<typename Text>
LogExcerpt LogExcerpt::cut(const Text &log)
{
    LogExcerpt excerpt;
    const qsizetype size = log.size();
    const auto newline = lineBreak(log);
    if (size <= HeadSize + TailSize) {
        excerpt.m_text = toText(log);
        return excerpt;
    }
    // The head ends after its last whole line, the tail starts after the
    // line that the cut falls into: no line is cut in two.
    const qsizetype headEnd = log.lastIndexOf(newline, HeadSize - 1) + 1;
    const qsizetype tailStart = log.indexOf(newline, size - TailSize) + 1;
    if (tailStart <= headEnd) { // a few very long lines
        excerpt.m_text = toText(log);
        return excerpt;
    }
    const Text head = log.left(headEnd);
    excerpt.m_headLines = int(head.count(newline));
    excerpt.m_skippedLines = int(log.mid(headEnd, tailStart - headEnd).count(newline));
    excerpt.m_text = toText(head) + toText(log.mid(tailStart));
    return excerpt;
}

LogExcerpt LogExcerpt::of(const QByteArray &utf8)
{
    return cut(utf8);
}

LogExcerpt LogExcerpt::of(const QString &text)
{
    return cut(text);
}

int LogExcerpt::lineInLog(int line) const
{
    return line > m_headLines ? line + m_skippedLines : line;
}

void LogExcerpt::mapLines(LookupResult &result) const
{
    if (m_skippedLines == 0)
        return;
    for (int &line : result.errorLines)
        line = lineInLog(line);
    for (LookupResult::Hit &hit : result.hits) {
        if (hit.why.regexLine > 0)
            hit.why.regexLine = lineInLog(hit.why.regexLine);
    }
}

} // namespace Errata
