#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Errata::TestSupport {

// The errata program, run as a user runs it from a shell, for the tests of
// its command line.
struct Run
{
    int exitCode = -1; // -2 when it crashed, -1 when it did not start or end
    QString out;
    QString err; // or why it did not start or end
};

struct RunOptions
{
    QString workingDirectory; // empty: the test's own
    QByteArray input;         // standard input, then closed
    QString inputFile;        // standard input read from this file instead (e.g. /dev/zero)
    QStringList environment;  // more variables, "NAME=value"
    QString cacheHome;        // XDG_CACHE_HOME when set
    QStringList wrapper;      // a program that runs errata, with its arguments first (e.g. setpriv --reuid=…)
    int timeoutMs = 60000;
};

Run runErrata(const QStringList &arguments, const RunOptions &options = RunOptions());

} // namespace Errata::TestSupport
