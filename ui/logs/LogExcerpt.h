#pragma once

#include <QByteArray>
#include <QString>

namespace Errata {

struct LookupResult;

// What a lookup in the window reads of a long log: its head, where a CI log says what it runs on (versions, the OS),
// and its tail, where it says what failed, cut at line ends. LookupEngine reads every line of its text on the calling
// thread, and the window's thread, which owns the index the engine reads, cannot wait for a log of many megabytes.
// The regex matcher still reads the whole log.
//
//   LogExcerpt excerpt = LogExcerpt::of(log);
//   LookupResult result = engine.lookup(excerpt.text());
//   excerpt.mapLines(result); // line numbers as in the log
class LogExcerpt
{
public:
    static constexpr qsizetype HeadSize = 32 * 1024; // bytes (UTF-8) or characters
    static constexpr qsizetype TailSize = 256 * 1024;

    static LogExcerpt of(const QByteArray &utf8);
    static LogExcerpt of(const QString &text);

    const QString &text() const { return m_text; }
    // Lines left out between the head and the tail; 0: the text is whole.
    int skippedLines() const { return m_skippedLines; }
    // The number in the log of line `line` (1-based) of text().
    int lineInLog(int line) const;
    // The result's error lines and regex lines, numbered as in the log.
    void mapLines(LookupResult &result) const;

private:
    template<typename Text>
    static LogExcerpt cut(const Text &log);

    QString m_text;
    int m_headLines = 0; // lines of text() that are the head
    int m_skippedLines = 0;
};

} // namespace Errata
