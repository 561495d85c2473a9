#pragma once

#include <QString>

namespace Errata {

class LookupCaseDice;

// An error inside the stack trace its language prints, chosen by the
// record's domain: a Python traceback (python, pytorch, pip, huggingface,
// tensorflow…) with the error as its last line, a Node stack, a Java
// exception, a Go panic, a Rust panic or cargo error, a .NET unhandled
// exception, or else a generic log entry with frames.
class LookupTraceback
{
public:
    enum Style { Python, Node, Java, Go, Rust, DotNet, Generic };

    static Style styleFor(const QString &domain);

    // `error` (one or more lines) in a trace of `style`, with `environment`
    // (when not empty) on the line before it, as a run script prints it.
    static QString wrap(const QString &error, Style style, const QString &environment, LookupCaseDice &dice);
};

} // namespace Errata
