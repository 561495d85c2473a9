#pragma once

#include "models/matching/LogMatchResult.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Errata {

class KnowledgeBase;

// A log match's answer as `errata match --format json` prints it (and as an
// HTTP answer gives it the same): {"matches", "skipped", "duplicate_ids",
// "cut_short", "regex_budget_seconds", "run_budget_seconds",
// "used_fallback", "note", "summary"}. The command adds "log", "kb" and
// "ignore_case", which are about its options. A line's text and match are
// cut at LineTextLimit characters (a log of one 1 GB line would otherwise
// be given whole, once per matching record); the columns still tell the
// whole match.
class LogMatchJson
{
public:
    static constexpr int LineTextLimit = 300; // characters of a log line or a match, in text and JSON

    static QJsonObject toJson(const KnowledgeBase &kb, const LogMatchResult &result);
    static QJsonObject toJson(const KnowledgeBase &kb, const LogMatchResult::Match &match);
    static QJsonObject toJson(const LogMatchResult::Line &line);

    // The first LineTextLimit characters of `text`, not splitting a
    // surrogate pair; `wasCut` says whether any were left out.
    static QString cut(const QString &text, bool *wasCut = nullptr);
    // The ids that more than one record holds, sorted: each such record is
    // matched on its own, and its file tells it from the others.
    static QStringList duplicateIds(const KnowledgeBase &kb);
};

} // namespace Errata
