#pragma once

#include "Problem.h"
#include "RuleValidator.h"
#include "SchemaValidator.h"

#include <QDate>
#include <QList>

namespace Errata {

class KnowledgeBase;
class Record;

// Everything that can be said about one record: JSON Schema findings and
// the format's rules, each with the record's file and the line and column
// of the field in the text as it stands (or would be written).
class RecordValidator
{
public:
    explicit RecordValidator(QDate today = QDate::currentDate());

    QDate today() const { return m_rules.today(); }
    const SchemaValidator &schema() const { return m_schema; }

    // Sorted by line, then by severity.
    QList<Problem> validate(const Record &record, const KnowledgeBase *kb = nullptr) const;

private:
    SchemaValidator m_schema;
    RuleValidator m_rules;
};

} // namespace Errata
