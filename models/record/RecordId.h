#pragma once

#include <QString>
#include <QStringList>

namespace Errata {

// A record id is its file path below the KB root without ".json". Ids come
// from file contents and user input, so before one becomes a path it must
// be safe: relative, no backslash, no colon, no empty segment and no segment
// that starts with a dot ("." and ".." among them: such a path is hidden,
// like ".git/config" or ".errata-review", and no command loads it).
//
// Example: "pytorch/nan-loss-step" -> "<root>/pytorch/nan-loss-step.json";
// "../etc/passwd", "/tmp/x", "a\\b", ".git/config" and "a/.hidden/x" are
// refused.
class RecordId
{
public:
    static bool isSafe(const QString &id);
    // Why `id` cannot be a file path below a KB root ("it has a segment that
    // starts with a dot: \".git\""), or "" when it can.
    static QString problem(const QString &id);
    // The file that holds `id` below `root`; empty when the id is not safe.
    static QString filePath(const QString &root, const QString &id);
    // For each of `ids`, its shortest ending (whole "/" segments) that no
    // other of `ids` shares: a name for a tab. ["docker/a", "podman/a",
    // "git/b"] gives ["docker/a", "podman/a", "b"].
    static QStringList shortNames(const QStringList &ids);
};

} // namespace Errata
