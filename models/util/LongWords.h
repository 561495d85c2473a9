#pragma once

#include <QString>

namespace Errata {

// Qt's text layout looks for a word boundary before it breaks a line inside a word. In one unbroken run of N
// characters (a base64 blob, a minified line, a hash pasted into a record) it looks again for every line, so the
// layout costs N² and a long token freezes the window. These helpers let a view avoid that.
//
// Example: breakable("abcdefgh", 3) is "abc\u200Bdef\u200Bgh"; the text
// reads the same, and a line may now break after every third character.
class LongWords
{
public:
    // The length of the longest run of characters with no space in `text`.
    static qsizetype longestRun(const QString &text);
    // Whether `text` holds a run longer than `limit` (stops at the first).
    static bool hasRunOver(const QString &text, qsizetype limit);
    // `text` with a zero-width space after every `limit` characters of a
    // run longer than `limit`; text without such a run comes back as it is.
    // For display only: the inserted breaks are not part of the value.
    static QString breakable(const QString &text, qsizetype limit = DefaultLimit);
    // The same for the text of an HTML document (Qt's rich text subset):
    // tags, attribute values, character references and <style> blocks are
    // left as they are; a reference counts as one character.
    static QString breakableHtml(const QString &html, qsizetype limit = DefaultLimit);

    static constexpr qsizetype DefaultLimit = 80;
    static constexpr QChar ZeroWidthSpace = QChar(0x200B);
};

} // namespace Errata
