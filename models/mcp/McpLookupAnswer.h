#pragma once

#include "models/lookup/LookupResult.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Errata {

// The results of lookup_error and batch_lookup (tools/call's "result":
// content, isError, structuredContent), written straight as JSON text with
// LookupJson's writer: they are what a server answers most, and building
// them as QJsonObjects cost a fifth of the lookup itself. Without
// structuredContent when `structured` is false (protocol revisions before
// 2025-06-18).
class McpLookupAnswer
{
public:
    static QByteArray lookupError(const LookupResult &result, bool structured);
    static QByteArray batchLookup(const QList<LookupResult> &results, bool structured);

    // "\nIncomplete: the regex of ID was …", one line per regex cut short
    // for a time budget; empty when none was.
    static QString incompleteText(const QList<LogMatchResult::CutShort> &cutShort);
};

} // namespace Errata
