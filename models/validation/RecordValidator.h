#pragma once

#include "models/json/JsonText.h"
#include "models/kb/Problem.h"
#include "models/validation/RuleValidator.h"
#include "models/validation/SchemaValidator.h"

#include <QDate>
#include <QList>

#include <atomic>
#include <functional>

namespace Errata {

class KnowledgeBase;
class Record;

// Everything that can be said about one record: JSON Schema findings and
// the format's rules, each with the record's file and the line and column
// of the field in the text as it stands (or would be written).
//
// A record's own findings (the schema and RuleValidator::checkOwn) depend
// on its text alone. validate() can hand them out, and validateWith() takes
// them back instead of working them out again, so that a record whose text
// did not change is never parsed, nor even scanned, to be validated
// (SearchIndexCache).
class RecordValidator
{
public:
    // What validate() hands out for validateWith().
    struct OwnFindings
    {
        // The schema's and checkOwn()'s findings, placed, without the file.
        QList<Problem> problems;
        // Where each of RuleValidator::contextPointers() stands in the text.
        QList<JsonText::Position> places;
    };

    explicit RecordValidator(QDate today = QDate::currentDate());

    QDate today() const { return m_rules.today(); }
    const SchemaValidator &schema() const { return m_schema; }

    // Sorted by line, then by severity. When `own` is given, it receives
    // what validateWith() needs to validate the same text again.
    QList<Problem> validate(const Record &record, const KnowledgeBase *kb = nullptr, OwnFindings *own = nullptr) const;
    // What validate() returns, given what it handed out for the same text:
    // only the rules that read the KB and the date run.
    QList<Problem> validateWith(const Record &record, const KnowledgeBase *kb, const OwnFindings &own) const;
    // Validates every record of `kb` into it on all cores
    // (KnowledgeBase::validateAll); returns false if cancelled.
    bool validateAll(KnowledgeBase &kb, const std::atomic_bool *cancel = nullptr,
                     const std::function<void(int, int)> &progress = {}) const;

private:
    SchemaValidator m_schema;
    RuleValidator m_rules;
};

} // namespace Errata
