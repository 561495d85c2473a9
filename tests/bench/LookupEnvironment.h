#pragma once

#include <QString>
#include <QStringList>

namespace Errata {

class LookupCaseDice;

// The environment of a record, written as a real log shows it: "Python
// 3.11.4 on linux", "node v20.11.1 (darwin)", "torch 2.1.0+cu121, GPU:
// NVIDIA GeForce RTX 3090". Read from the last segment of a deadends.dev id
// ("py311-linux", "node20-macos-arm64", "torch2.1-rtx3090": tool and
// version tokens, OS words linux/macos/win/wsl2, arch arm64/x64, GPUs) and
// from the record's versions ("torch>=2.0", "kubernetes>=1.28,<2.0"). The
// tool's name comes from the versions when they have one; the version is
// whichever of the two says more, completed to a release ("3.11" ->
// "3.11.4"). Nothing here is written for one record: the table is of tools.
class LookupEnvironment
{
public:
    // The last segment of an id of three segments or more; empty otherwise
    // (the sample KB's ids, "python/module-not-found", have none).
    static QString segment(const QString &id);

    // One line, or empty when neither the id nor the versions say anything.
    static QString line(const QString &id, const QStringList &versions, LookupCaseDice &dice);
};

} // namespace Errata
