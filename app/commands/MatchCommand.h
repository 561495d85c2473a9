#pragma once

#include <QStringList>

namespace Errata {

// errata match [--kb DIR] [--format text|json] [--ignore-case] [LOGFILE|-]
// Finds the records of the KB (default: the current folder) whose regex
// matches the log (standard input for "-" or no file), most specific first.
// Text: one block per record, "id: signature" then up to 5 lines
// "  line N: text" (cut after 300 characters); then a summary. JSON: every
// detail of the LogMatchResult, lines and columns 1-based in characters,
// the text of a line and of a match cut after 300 characters (text_cut,
// match_cut). Skipped records and a fallback of the fast path are reported
// on stderr. The log is read up to LogReader's limits (2 GiB from a file,
// 1 GiB from standard input, a pipe or a device); a longer one is refused.
// Exit code 0: some record matched; 1: none did; 2: bad usage, or an
// unreadable or too large log, or an unreadable KB folder.
class MatchCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
