#include "models/validation/RecordValidator.h"

#include "models/json/JsonText.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/validation/FindingCap.h"

#include <QHash>

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
// the KB-wide and date rules may report on another time. One FindingCap
// holds the file's findings to its caps: the own findings first, then the
// context ones in what room is left.
QList<Problem> RecordValidator::validate(const Record &record, const KnowledgeBase *kb, OwnFindings *own) const
{
    FindingCap cap;
    m_schema.validate(record.json(), cap);
    m_rules.checkOwn(record, cap);
    QList<Problem> problems = cap.take();
    const qsizetype ownCount = problems.size();
    m_rules.checkContext(record, kb, cap);
    problems += cap.take();
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
    FindingCap cap;
    cap.countKept(own.problems);
    m_rules.checkContext(record, kb, cap);
    QList<Problem> context = cap.take();
    const QStringList contextPointers = context.isEmpty() ? QStringList() : RuleValidator::contextPointers(record);
    // A record may have a great many links: by hash, not by a search per finding.
    QHash<QString, qsizetype> placeOf;
    if (own.places.size() == contextPointers.size()) {
        placeOf.reserve(contextPointers.size());
        for (qsizetype i = contextPointers.size() - 1; i >= 0; --i) // the first of equal pointers wins
            placeOf.insert(contextPointers.at(i), i);
    }
    QList<qsizetype> unplaced;
    QStringList unplacedPointers;
    for (qsizetype i = 0; i < context.size(); ++i) {
        const qsizetype at = placeOf.value(context.at(i).pointer, -1);
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
