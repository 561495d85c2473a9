#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Errata {

// Where a record's error happens, as the record names it
// (docs/record-format.md): the runtimes and packages of its "versions"
// (the name before the specifier: "torch>=2.0" gives "torch", "ros2
// humble" gives "ros2"), its operating systems (the keys of "os_specific";
// for an imported deadends.dev canon also x_deadends.environment.os) and,
// for an imported canon scoped to a country, x_deadends.environment.
// additional.country (ISO 3166 alpha-2) and its country_name. Names are
// lower case, each once, in the record's order.
//
// Read from the record's text by a SAX pass (no document is built, and the
// record's own is never touched), so that tool calls on several threads
// may read records at once. A text that is not JSON gives nothing.
struct RecordEnvironment
{
    QStringList runtimes;
    QStringList os;
    QStringList countries; // codes
    QString countryName;   // as given ("Saudi Arabia"), "" when none

    bool isEmpty() const { return runtimes.isEmpty() && os.isEmpty() && countries.isEmpty(); }
    // Whether `name` (any case) is one of its runtimes, systems or country codes.
    bool names(const QString &name) const;

    static RecordEnvironment of(const QByteArray &text);
};

} // namespace Errata
