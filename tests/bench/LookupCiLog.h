#pragma once

#include <QString>

namespace Errata {

class LookupCaseDice;

// A CI job's log of several dozen lines with the error late in it: GitHub
// Actions' "2026-03-04T12:00:03.1234567Z " prefixes with ##[group] and
// ##[error] lines, or a runner's "[12:00:03] " prefixes. The steps follow
// the record's domain (pip and pytest, npm, docker build, kubectl, git), and
// the job ends the way failed jobs end ("Process completed with exit code
// 1", "ERROR: Job failed").
class LookupCiLog
{
public:
    static QString wrap(const QString &error, const QString &domain, const QString &environment, LookupCaseDice &dice);
};

} // namespace Errata
