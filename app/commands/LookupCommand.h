#pragma once

#include <QStringList>

namespace Errata {

// errata lookup [--kb DIR] [--format text|json] [--limit N] [TEXT... | -]
// Answers "what is this error?": the records of the KB (default: the
// current folder) most like the text given (the arguments joined by
// spaces, or standard input for "-" or none), best first (LookupEngine).
// Standard input is read as LogReader reads a log (UTF-16 and UTF-32
// decoded); of one longer than 16 MiB, its first 1 MiB and its last 15 MiB
// are looked at, at line ends, and a note on stderr names the lines left
// out. Text: "1. id  [band, score]", the signature, and why. JSON:
// {"query": the error lines looked at, "results": [{"id", "score", "band",
// "signature", "domain", "why": {...}}], and from standard input "input":
// {"encoding", "bytes", "skipped_bytes", "skipped_lines",
// "first_skipped_line"}}. Uses the KB cache like the window.
// Exit code 0: a record was found; 1: none; 2: bad usage or an unreadable
// KB folder or input.
class LookupCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
