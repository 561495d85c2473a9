#pragma once

#include "models/json/OrderedJson.h"

#include <QByteArray>
#include <QString>
#include <QStringView>

namespace Errata {

// Escaping for each place a record's text can take in a published page.
// Every value from a record goes through one of these; nothing else builds
// markup from it.
//
// - text(): element content. & < > become entities. Characters that would
//   hide or reorder what is around them become a visible
//   <span class="cc">U+202E</span>: C0 controls but tab and newline, DEL,
//   C1 controls, the bidirectional controls and marks (U+061C, U+200E,
//   U+200F, U+202A to U+202E, U+2066 to U+2069), U+2028, U+2029, U+FEFF,
//   noncharacters and lone surrogates.
// - attribute(): inside a double-quoted attribute. & < > " ' become
//   entities; the same characters as above become "U+202E" as plain text.
// - link(): only an http: or https: URL with a host (QUrl's strict parse)
//   becomes <a href>, written fully encoded, with rel="noopener noreferrer
//   nofollow"; anything else (javascript:, data:, relative, malformed) is
//   shown as text.
// - scriptData(): a classic script assigning JSON to a global, with < > &
//   U+2028 U+2029 written as \u escapes, so "</script>" or "<!--" in a
//   record cannot end or comment out anything; invalid UTF-8 becomes U+FFFD.
class Html
{
public:
    static QString text(QStringView value);
    static QString attribute(QStringView value);
    static bool isSafeUrl(const QString &url);
    // `labelHtml` is markup already escaped (usually text(url)).
    static QString link(const QString &url, const QString &labelHtml);
    static QByteArray json(const OrderedJson &value);
    static QByteArray scriptData(const char *global, const OrderedJson &value);
    // The same escapes of JSON text written otherwise (JsonWriter): json()
    // is scriptSafe() of the value's dump().
    static QByteArray scriptSafe(QByteArray json);
    // scriptData() of JSON text (scriptSafe() applied here).
    static QByteArray scriptText(const char *global, const QByteArray &json);
    // Whether text() shows `c` as a visible escape.
    static bool isHidden(char32_t c);
};

} // namespace Errata
