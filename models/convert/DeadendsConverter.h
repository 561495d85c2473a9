#pragma once

#include "models/json/OrderedJson.h"

#include <QString>

namespace Errata {

// Maps between the nested canon format of the public deadends.dev KB and
// Errata's flat record (mapping in docs/record-format.md). Whatever has no
// place in a record (schema_version, url, the rest of environment and
// metadata) is kept under "x_deadends", so that toCanon(toRecord(c)) is
// JSON-equal to c.
//
// Example: environment.runtime {"name": "torch", "version_range": ">=2.0"}
// becomes versions [{"version": "torch>=2.0"}]; {"name": "ros2",
// "version_range": "humble"} becomes "ros2 humble".
class DeadendsConverter
{
public:
    // Throws std::invalid_argument with a plain message when `canon` is not
    // a canon (not an object, or no "error" object).
    static OrderedJson toRecord(const OrderedJson &canon);
    static OrderedJson toCanon(const OrderedJson &record);

    static QString composeVersion(const QString &name, const QString &range);
    // Inverse of composeVersion: {name, range}.
    static QPair<QString, QString> splitVersion(const QString &version);
};

} // namespace Errata
