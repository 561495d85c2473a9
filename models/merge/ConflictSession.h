#pragma once

#include "models/merge/RecordMerge.h"
#include "models/record/Record.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace Errata {

class KnowledgeBase;
class RecordValidator;

// The field-by-field resolution of a record file left in conflict by an
// unfinished git merge, for the window's conflict view:
//  - open() reads BASE, OURS and THEIRS from the index's stages and merges
//    them (RecordMerge): fields changed on one side only are taken, fields
//    changed on both sides are conflicts() to settle with resolve();
//  - resultText() is the file with the resolutions so far, in OURS's layout;
//  - save() passes the result through the save gate (the record's checks:
//    no error), writes it atomically and stages it, which ends the conflict.
class ConflictSession
{
    Q_DECLARE_TR_FUNCTIONS(Errata::ConflictSession)
public:
    // `path`: the file below the KB's root `root`. False, with `error`, when
    // it is not in conflict, or a side is missing (deleted on one side: keep
    // or delete the whole file with git) or does not parse as a record.
    bool open(const QString &root, const QString &path, QString *error);

    QString path() const { return m_path; }
    QString filePath() const { return m_root + QLatin1Char('/') + m_path; }
    bool hasBase() const { return m_hasBase; }
    const QList<RecordMerge::Conflict> &conflicts() const { return m_merge->conflicts(); }
    void resolve(int conflict, const RecordMerge::Resolution &resolution) { m_merge->resolve(conflict, resolution); }
    RecordMerge::Resolution resolution(int conflict) const { return m_merge->resolution(conflict); }

    bool resultText(QByteArray *text, QString *error) const;
    // False, with `error`, when the result has an error (the first is named)
    // or cannot be written or staged.
    bool save(const RecordValidator &validator, const KnowledgeBase *kb, QString *error);

private:
    bool parseSide(const QByteArray &text, const QString &side, Record *record, QString *error) const;

    QString m_root;
    QString m_path;
    Record m_base;
    Record m_ours;
    Record m_theirs;
    bool m_hasBase = false;
    std::unique_ptr<RecordMerge> m_merge;
};

} // namespace Errata
