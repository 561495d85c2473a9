#include "RecordValidator.h"

#include "JsonText.h"
#include "Record.h"

#include <algorithm>

namespace Errata {

RecordValidator::RecordValidator(QDate today)
    : m_rules(today)
{
}

QList<Problem> RecordValidator::validate(const Record &record, const KnowledgeBase *kb) const
{
    QList<Problem> problems = m_schema.validate(record.json());
    problems += m_rules.check(record, kb);
    JsonText text(record.textToWrite());
    QStringList pointers;
    for (const Problem &problem : std::as_const(problems))
        pointers << problem.pointer;
    text.restrictTo(pointers);
    for (Problem &problem : problems) {
        problem.file = record.filePath();
        const qsizetype offset = text.nearestOffsetOf(problem.pointer);
        const JsonText::Position position = text.positionOf(qMax<qsizetype>(0, offset));
        problem.line = position.line;
        problem.column = position.column;
    }
    std::stable_sort(problems.begin(), problems.end(), [](const Problem &a, const Problem &b) {
        return a.line != b.line ? a.line < b.line : a.severity < b.severity;
    });
    return problems;
}

} // namespace Errata
