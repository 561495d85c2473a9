#include "models/validation/RecordValidator.h"

#include "models/json/JsonText.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"

#include <algorithm>

namespace Errata {

RecordValidator::RecordValidator(QDate today)
    : m_rules(today)
{
}

namespace {

// Where each pointer (or its nearest ancestor) stands in `text`.
QList<JsonText::Position> positionsOf(const QByteArray &text, const QStringList &pointers)
{
    QList<JsonText::Position> positions;
    if (pointers.isEmpty())
        return positions;
    JsonText json(text);
    json.restrictTo(pointers);
    positions.reserve(pointers.size());
    for (const QString &pointer : pointers)
        positions << json.positionOf(qMax<qsizetype>(0, json.nearestOffsetOf(pointer)));
    return positions;
}

void place(Problem &problem, JsonText::Position position)
{
    problem.line = position.line;
    problem.column = position.column;
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

// One pass over the text places the findings and, when asked, the fields
// the KB-wide and date rules may report on another time.
QList<Problem> RecordValidator::validate(const Record &record, const KnowledgeBase *kb, OwnFindings *own) const
{
    QList<Problem> problems = m_schema.validate(record.json());
    problems += m_rules.checkOwn(record);
    const qsizetype ownCount = problems.size();
    problems += m_rules.checkContext(record, kb);
    QStringList pointers;
    for (const Problem &problem : std::as_const(problems))
        pointers << problem.pointer;
    const QStringList contextPointers = own ? RuleValidator::contextPointers(record) : QStringList();
    const QList<JsonText::Position> positions = positionsOf(record.textToWrite(), pointers + contextPointers);
    for (qsizetype i = 0; i < problems.size(); ++i)
        place(problems[i], positions.at(i));
    if (own) {
        own->problems = problems.mid(0, ownCount);
        own->places = positions.mid(problems.size());
    }
    sortAndName(problems, record.filePath());
    return problems;
}

// Own findings come first, as in validate(), so that the stable sort puts
// findings of the same line and severity in the same order.
QList<Problem> RecordValidator::validateWith(const Record &record, const KnowledgeBase *kb,
                                             const OwnFindings &own) const
{
    QList<Problem> context = m_rules.checkContext(record, kb);
    const QStringList contextPointers = context.isEmpty() ? QStringList() : RuleValidator::contextPointers(record);
    const bool placesFit = own.places.size() == contextPointers.size();
    QList<qsizetype> unplaced;
    QStringList unplacedPointers;
    for (qsizetype i = 0; i < context.size(); ++i) {
        const qsizetype at = placesFit ? contextPointers.indexOf(context.at(i).pointer) : -1;
        if (at >= 0) {
            place(context[i], own.places.at(at));
        } else {
            unplaced << i;
            unplacedPointers << context.at(i).pointer;
        }
    }
    const QList<JsonText::Position> positions = positionsOf(record.textToWrite(), unplacedPointers);
    for (qsizetype i = 0; i < unplaced.size(); ++i)
        place(context[unplaced.at(i)], positions.at(i));
    QList<Problem> problems = own.problems + context;
    sortAndName(problems, record.filePath());
    return problems;
}

bool RecordValidator::validateAll(KnowledgeBase &kb, const std::atomic_bool *cancel,
                                  const std::function<void(int, int)> &progress) const
{
    const auto check = [&](int i) {
        const Record::ParsedForNow parsed(*kb.recordAt(i));
        return validate(*kb.recordAt(i), &kb);
    };
    return kb.validateAll(check, cancel, progress);
}

} // namespace Errata
