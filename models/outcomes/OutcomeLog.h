#pragma once

#include <QCoreApplication>

#include "models/outcomes/OutcomeReport.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace Errata {

// The outcome reports of a KB, kept beside the records in the hidden file ".errata-outcomes.jsonl" at the KB root
// (the loader skips it); the lines are docs/record-format.md, "Outcome reports". Records are never changed by a
// report: a curator folds reports in (OutcomeFold), and the fold (or an "unfold" taking it back) is noted in the same
// file. One JSON object per line, appended with O_APPEND in a single write, so that a server and a window may append
// at the same time. The file is untrusted input: read() keeps every good line and names the file and line of each bad
// one; a last line without its line end (an append in progress) is left for the next read without a word; lines
// longer than MaxLineBytes are skipped unread.
class OutcomeLog
{
    Q_DECLARE_TR_FUNCTIONS(Errata::OutcomeLog)

public:
    static constexpr int MaxLineBytes = 16 * 1024;
    static constexpr int MaxNoteChars = 2000;
    static constexpr qint64 MaxFileBytes = qint64(64) << 20; // read no further, append no further

    // The two limits, lowered by tests.
    struct Limits
    {
        qint64 fileBytes = MaxFileBytes;
        qint64 lineBytes = MaxLineBytes;
    };

    struct Fold
    {
        QString key;
        QString recordId;
        QStringList reports;
    };

    struct Contents
    {
        QList<OutcomeReport> reports; // in file order
        QList<Fold> folds;            // not taken back
        QStringList problems;         // "FILE:LINE: message"

        // The reports of `recordId` that no fold names.
        QList<OutcomeReport> unfolded(const QString &recordId) const;
        QList<OutcomeReport> of(const QString &recordId) const;
        QSet<QString> foldedKeys() const;
    };

    static QString fileName() { return QStringLiteral(".errata-outcomes.jsonl"); }
    static QString filePath(const QString &root);

    // Appends one line; false with `error` set (a link at the path is not
    // written through).
    static bool append(const QString &root, const OutcomeReport &report, QString *error);
    static bool append(const QString &root, const OutcomeReport &report, QString *error, const Limits &limits);
    static bool appendFold(const QString &root, const Fold &fold, const QString &by, QString *error);
    static bool appendUnfold(const QString &root, const Fold &fold, QString *error);
    static QString newKey(const QString &prefix);

    static Contents read(const QString &root);
    static Contents read(const QString &root, const Limits &limits);
    // The lines of `text`, as read() takes them; `file` names it in problems.
    static Contents parse(const QByteArray &text, const QString &file);
    static Contents parse(const QByteArray &text, const QString &file, const Limits &limits);

    static QByteArray line(const OutcomeReport &report);
    // A note as it is kept: at most MaxNoteChars, never half of a character.
    static QString noteOf(const QString &note);

private:
    static bool appendLine(const QString &root, const QByteArray &line, QString *error, const Limits &limits);
};

} // namespace Errata
