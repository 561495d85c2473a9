#pragma once

#include <QString>
#include <QStringList>

namespace Errata {

class LookupCaseDice;

// Unrelated log lines for the cases to hide an error among: INFO, DEBUG and
// WARN lines, build steps, and harmless mentions of errors ("0 errors",
// "errors_total=0"), as real logs have them. Every number in them is drawn
// by the dice, so none spells a number the case must not show.
class LookupNoise
{
public:
    // Fills a template's fields: {n} 2-999, {n1} 1-9, {ms} 3-2500, {port},
    // {ip}, {hex}, {time} (HH:MM:SS), {word}, {Word}, {zero} ("0", or "no"
    // when 0 is forbidden), {status} (200-204).
    static QString fill(const QString &pattern, LookupCaseDice &dice);

    // One unrelated line of an application or build log.
    static QString line(LookupCaseDice &dice);
    // One unrelated line of a log written in Chinese.
    static QString chineseLine(LookupCaseDice &dice);

    // `error` (one or more lines) among `count` noise lines, at a random
    // place, with `environment` (when not empty) as one more line near the
    // start, where programs print their versions.
    static QString around(const QString &error, const QString &environment, int count, LookupCaseDice &dice,
                          bool chinese = false);
};

} // namespace Errata
