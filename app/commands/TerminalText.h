#pragma once

#include <QByteArray>
#include <QString>

namespace Errata {

// What a command prints for a terminal. Ids, keys, file names, messages and
// log lines come from files anyone may have written, and a control
// character among them, printed raw, moves the cursor, changes colours,
// retitles the window or hides what follows. Text output escapes them;
// JSON output is escaped by the JSON writer, and jsonSafe() adds the
// controls it leaves as they are.
//
// Example: escaped("id\x1b[2J") is "id\\x1B[2J" (the characters \, x, 1,
// B), and escaped("a\tb", KeepTabs) is "a\tb".
class TerminalText
{
public:
    enum Tabs { EscapeTabs, KeepTabs };

    // `text` as the window shows names (DisplayName, models/text/): each C0
    // control (U+0000 to U+001F, the line feed too) and DEL (U+007F)
    // written \xHH, and each C1 control (U+0080 to U+009F), bidirectional
    // control or mark (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F,
    // U+061C) and other invisible format character written \uHHHH; hex
    // digits in capitals. A tab is kept with KeepTabs (a log line's tabs are
    // its layout).
    static QString escaped(const QString &text, Tabs tabs = EscapeTabs);
    // JSON text as QJsonDocument writes it (C0 controls already escaped),
    // with DEL and every other character escaped() escapes written as \u
    // escapes too. They can only stand inside strings, where the escape
    // means the same character: the document is unchanged.
    static QByteArray jsonSafe(const QByteArray &json);
};

} // namespace Errata
