#pragma once

#include <QString>
#include <QStringList>

namespace Errata {

class LookupCaseDice;

// Changes the variable parts of an error signature the way two occurrences
// of the same error differ in real logs: numbers, quoted names, file paths,
// hex addresses and ids, ports, UUIDs, IP addresses, dates and times, and
// the placeholders of generic signatures ('x', "X GiB", ":port").
//
// What names the error is kept: URLs, codes ("[Errno 28]", "exit code 137",
// "HTTP 404", "401 Unauthorized"), exception and type names ('NoneType',
// 'ProxyError'), ALL_CAPS constants, and system paths (/var/run/docker.sock).
// Changed numbers never spell one of the signature's variable numbers
// again, so a case cannot be found by an old number.
class LookupVariation
{
public:
    // Every number of `text`: digits, with dotted parts ("2.00", "1.4.2"),
    // not glued to a letter, digit, underscore or dot ("cu121", "x86_64" and
    // "v1.24" hold none). Chinese text around a number does not glue it.
    static QStringList numberTokens(const QString &text);

    // The words of a record id's name part: "python/attributeerror-tensor-
    // no-grad/torch2.0-linux" -> attributeerror, tensor, no, grad. A quoted
    // name or a number that is one of them names what the record is about,
    // so vary() keeps it when given them.
    static QStringList idWords(const QString &id);

    // The number tokens of `signature` that vary() changes: those not inside
    // a kept part and not codes.
    static QStringList variableNumbers(const QString &signature, const QStringList &keep = {});

    // `signature` (English or Chinese) with its variable parts changed,
    // except quoted names and numbers in `keep` (lower case). `dice` should
    // forbid variableNumbers(signature, keep) first (LookupCases does), so
    // that no old number comes back.
    static QString vary(const QString &signature, LookupCaseDice &dice, const QStringList &keep = {});
};

} // namespace Errata
