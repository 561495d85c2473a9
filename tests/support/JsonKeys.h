#pragma once

#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace Errata::TestSupport {

// The keys of a command's JSON output that are not snake_case (lower-case
// letters and digits joined by "_"), each with its path: "/matches/0/lineCount".
// The keys of the objects named in `dataObjects` are data (domain names,
// say) and are not checked; their values are.
QStringList keysNotInSnakeCase(const QJsonValue &value, const QStringList &dataObjects = {});

} // namespace Errata::TestSupport
