#pragma once

// What the tests of models/serve/ share: a KB copied from the sample KB into
// a temporary folder, and the states a `git pull` can leave its files in.
// Header only, so each test includes it without a library of its own.

#include "support/TestFiles.h"

#include <QByteArray>
#include <QDir>
#include <QString>
#include <QTemporaryDir>

namespace Errata::Test {

// The bundled sample KB.
inline QString sampleKb()
{
    return QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb");
}

// A record of the sample KB, and a pasted error that finds it.
inline QString dockerFile()
{
    return QStringLiteral("docker/exec-format-error.json");
}
inline QString dockerId()
{
    return QStringLiteral("docker/exec-format-error");
}
inline QString dockerError()
{
    return QStringLiteral("exec /usr/local/bin/docker-entrypoint.sh: exec format error");
}

// The file as git leaves it when a merge conflicts: `ours` and `theirs`
// between its markers.
inline QByteArray withConflictMarkers(const QByteArray &ours, const QByteArray &theirs)
{
    return "<<<<<<< HEAD\n" + ours + "=======\n" + theirs + ">>>>>>> origin/main\n";
}

// The file as a reader sees it while it is being written: its first half.
inline QByteArray halfWritten(const QByteArray &text)
{
    return text.left(text.size() / 2);
}

// `text` with its signature replaced (the record's file read back).
inline QByteArray withSignature(const QByteArray &text, const QByteArray &from, const QByteArray &to)
{
    QByteArray changed = text;
    changed.replace(from, to);
    return changed;
}

} // namespace Errata::Test
