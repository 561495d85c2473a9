#include "RecordValidator.h"

#include "JsonText.h"
#include "Record.h"

#include <algorithm>

namespace Errata {

RecordValidator::RecordValidator(QDate today)
    : m_rules(today)
{
}

namespace {

// Sets line and column of each problem from where its pointer (or its
// nearest ancestor) stands in `text`.
void placeIn(const QByteArray &text, QList<Problem>::iterator begin, QList<Problem>::iterator end)
{
    if (begin == end)
        return;
    JsonText json(text);
    QStringList pointers;
    for (auto it = begin; it != end; ++it)
        pointers << it->pointer;
    json.restrictTo(pointers);
    for (auto it = begin; it != end; ++it) {
        const JsonText::Position position = json.positionOf(qMax<qsizetype>(0, json.nearestOffsetOf(it->pointer)));
        it->line = position.line;
        it->column = position.column;
    }
}

void sortAndName(QList<Problem> &problems, const QString &file)
{
    for (Problem &problem : problems)
        problem.file = file;
    std::stable_sort(problems.begin(), problems.end(), [](const Problem &a, const Problem &b) {
        return a.line != b.line ? a.line < b.line : a.severity < b.severity;
    });
}

} // namespace

QList<Problem> RecordValidator::validate(const Record &record, const KnowledgeBase *kb,
                                         QList<Problem> *ownFindings) const
{
    QList<Problem> problems = m_schema.validate(record.json());
    problems += m_rules.checkOwn(record);
    const qsizetype own = problems.size();
    problems += m_rules.checkContext(record, kb);
    placeIn(record.textToWrite(), problems.begin(), problems.end());
    if (ownFindings)
        *ownFindings = problems.mid(0, own);
    sortAndName(problems, record.filePath());
    return problems;
}

// Own findings come first, as in validate(), so that the stable sort puts
// findings of the same line and severity in the same order.
QList<Problem> RecordValidator::validateWith(const Record &record, const KnowledgeBase *kb,
                                             const QList<Problem> &ownFindings) const
{
    QList<Problem> problems = ownFindings;
    const qsizetype own = problems.size();
    problems += m_rules.checkContext(record, kb);
    placeIn(record.textToWrite(), problems.begin() + own, problems.end());
    sortAndName(problems, record.filePath());
    return problems;
}

} // namespace Errata
