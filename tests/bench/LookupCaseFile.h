#pragma once

#include "bench/LookupCases.h"

#include <QList>
#include <QString>

namespace Errata {

// Reads hand-written lookup cases (tests/bench/lookup-cases.json):
//
//   {"cases": [{"expected": "python/module-not-found",
//               "note": "what the paste is",
//               "lines": ["Traceback (most recent call last):", "..."]},
//              {"expected": "...", "text": "one string, \n between lines"}]}
//
// A case's text is its "lines" joined with newlines, or its "text". Its
// kind is "hand-written".
class LookupCaseFile
{
public:
    // The cases, or an empty list with `error` set when the file cannot be
    // read or a case lacks its expected id or text.
    static QList<LookupCase> read(const QString &path, QString *error);
};

} // namespace Errata
