#pragma once

#include <QString>

namespace Errata {

// How a name that comes from disk or from a file anyone may have written (a file name, a path, a record id) is shown:
// in every view of the window and on the terminal. A character that moves the cursor, reorders the text around it or
// cannot be seen at all would make the name read as another one (`bidi\u202Egnp.json` shows as `bidinosj.png`), so
// it is written as an escape instead:
//
// - C0 controls (U+0000 to U+001F), DEL (U+007F): \xHH
// - C1 controls (U+0080 to U+009F), the bidirectional controls (U+202A to U+202E, U+2066 to U+2069) and marks
//   (U+200E, U+200F, U+061C), the other invisible format characters (Unicode's Cf: U+00AD, U+200B to U+200D,
//   U+2060 to U+2064, U+FEFF, …), the line and paragraph separators (U+2028, U+2029) and a lone surrogate: \uHHHH,
//   or \UHHHHHHHH beyond U+FFFF (the tags, U+E0001 to U+E007F)
//
// hex digits in capitals. Everything else, other scripts and emoji included, is kept.
//
// Example: DisplayName::of("bidi\u202Egnp.json") is "bidi\\u202Egnp.json" (a backslash, then u202E).
class DisplayName
{
public:
    enum Tabs { EscapeTabs, KeepTabs };

    static QString of(const QString &name) { return escaped(name, EscapeTabs); }
    // The same for any text; a tab is kept with KeepTabs (a log line's tabs
    // are its layout).
    static QString escaped(const QString &text, Tabs tabs = EscapeTabs);
    // Whether `c` is written as an escape (a tab is).
    static bool isEscaped(char32_t c);
};

} // namespace Errata
