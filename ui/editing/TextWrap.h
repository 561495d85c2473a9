#pragma once

#include <QString>

class QPlainTextEdit;

namespace Errata {

// Line wrapping for the text fields that show record text. Breaking lines at word boundaries costs N² in one word of
// N characters (see LongWords), which freezes the window on a long token. A field whose text holds a word longer than
// LongestWord wraps anywhere instead; others at word boundaries.
class TextWrap
{
public:
    // Sets `text`, with the wrap mode chosen before the layout sees it.
    static void setText(QPlainTextEdit *edit, const QString &text);
    // Chooses the wrap mode for `text` (what was typed or pasted).
    static void fit(QPlainTextEdit *edit, const QString &text);
    // fit() on every change of the field's text.
    static void follow(QPlainTextEdit *edit);

    static constexpr qsizetype LongestWord = 1000;
};

} // namespace Errata
