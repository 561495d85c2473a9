#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Errata::TestSupport {

// Files for the tests, shared instead of copied into each test. Writing and copying return false on failure, after
// a warning that names the path, so tests use them as QVERIFY(writeFile(path, bytes)).

// The bytes of the file at `path`; empty when it cannot be read.
QByteArray readFile(const QString &path);

// Writes `bytes` to `path` (replacing the file), creating its parent folders.
// True when every byte was written.
[[nodiscard]] bool writeFile(const QString &path, const QByteArray &bytes);

// Copies every file below `from` whose name matches `nameFilters` to the same
// relative path below `to`, creating folders. The copies are readable and
// writable by the owner (copies of read-only resources can be edited).
// True when every file was copied.
[[nodiscard]] bool copyFolder(const QString &from, const QString &to,
                              const QStringList &nameFilters = {QStringLiteral("*.json")});

} // namespace Errata::TestSupport
