#pragma once

#include <QStringList>

namespace Errata {

// errata validate DIR [REV] [--strict] [--format text|json] [--today YYYY-MM-DD] [--no-cache] [--changed]
// Prints GCC-style lines "path:line:col: severity: message [pointer]" and a
// summary. With --changed, only the findings of the records changed since
// REV (default HEAD; git, read with libgit2) and of the records linked to or
// from them. Exit code 0: no errors (with --strict: no warnings either);
// 1: errors (or warnings with --strict); 2: bad usage or unreadable folder.
class ValidateCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
