#include "models/merge/ConflictSession.h"

#include "models/git/GitConflictStages.h"
#include "models/kb/RecordWriter.h"
#include "models/merge/RecordFileMerge.h"
#include "models/validation/RecordValidator.h"

#include <QDir>

#include <algorithm>

namespace Errata {

bool ConflictSession::parseSide(const QByteArray &text, const QString &side, Record *record, QString *error) const
{
    Record::LoadError loadError;
    if (record->parse(text, &loadError))
        return true;
    *error = tr("%1, %2 version, line %3: %4").arg(m_path, side).arg(loadError.line).arg(loadError.message);
    return false;
}

bool ConflictSession::open(const QString &root, const QString &path, QString *error)
{
    m_root = QDir::cleanPath(root);
    m_path = path;
    GitConflictStages::Stages stages;
    if (!GitConflictStages::read(m_root, m_path, &stages, error))
        return false;
    if (!stages.hasOurs || !stages.hasTheirs) {
        *error = tr("%1 was deleted on one side and changed on the other: keep it or delete it with git").arg(m_path);
        return false;
    }
    m_hasBase = stages.hasBase;
    if ((m_hasBase && !parseSide(stages.base, tr("common ancestor's"), &m_base, error))
        || !parseSide(stages.ours, tr("our"), &m_ours, error)
        || !parseSide(stages.theirs, tr("their"), &m_theirs, error))
        return false;
    m_ours.setFilePath(filePath());
    m_merge = std::make_unique<RecordMerge>(m_hasBase ? &m_base.json() : nullptr, m_ours.json(), m_theirs.json());
    return true;
}

bool ConflictSession::resultText(QByteArray *text, QString *error) const
{
    return RecordFileMerge::resolvedText(m_ours, m_merge->outcome().document, text, error);
}

// The text is written once, after the record it makes passed the checks.
bool ConflictSession::save(const RecordValidator &validator, const KnowledgeBase *kb, QString *error)
{
    QByteArray text;
    if (!resultText(&text, error))
        return false;
    Record result;
    Record::LoadError loadError;
    if (!result.parse(text, &loadError)) { // cannot happen: the text is a serialised document
        *error = loadError.message;
        return false;
    }
    result.setFilePath(filePath());
    const QList<Problem> problems = validator.validate(result, kb);
    const auto first = std::find_if(problems.cbegin(), problems.cend(),
                                    [](const Problem &problem) { return problem.severity == Problem::Error; });
    if (first != problems.cend()) {
        *error = tr("Not saved: the merged record has errors. First: %1 (%2)").arg(first->message, first->pointer);
        return false;
    }
    return RecordWriter::writeText(filePath(), text, error) && GitConflictStages::markResolved(m_root, m_path, error);
}

} // namespace Errata
