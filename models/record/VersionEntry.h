#pragma once

#include <QString>

namespace Errata {

// One entry of "versions": a package with a specifier ("torch>=2.0") and
// what happened to the error in it.
struct VersionEntry
{
    QString version;
    QString introduced;
    QString deprecated;
    QString removed;
    QString behaviorChange;
    QString status;
};

} // namespace Errata
