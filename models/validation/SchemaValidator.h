#pragma once

#include "models/json/OrderedJson.h"
#include "models/kb/Problem.h"
#include "models/validation/FindingCap.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>

namespace valijson {
class Schema;
}

namespace Errata {

// Checks a record against the JSON Schema (draft-07) in resources/schema,
// with valijson. Only the most specific finding of each failure is kept:
// "dead_ends/1/fail_rate: must be at most 1; found 1.5" at
// /dead_ends/1/fail_rate, not also the summaries valijson adds for
// /dead_ends and the root. The messages are in plain words (SchemaMessage)
// and translated. Thread-safe once constructed.
class SchemaValidator
{
    Q_DECLARE_TR_FUNCTIONS(Errata::SchemaValidator)

public:
    // Loads the schema bundled in the resources (":/schema/record.schema.json").
    SchemaValidator();
    // Loads a schema from its text; isValid() tells whether it could be used.
    explicit SchemaValidator(const QByteArray &schemaText);
    ~SchemaValidator();

    bool isValid() const { return m_schema != nullptr; }
    QString errorMessage() const { return m_errorMessage; }

    // Problems have severity Error, a JSON pointer and rule "schema";
    // file, line and column are left for the caller to fill.
    QList<Problem> validate(const OrderedJson &document) const;
    // The same, into `cap`, which keeps what its caps allow. valijson's own
    // list is bounded too: past a few times the cap, errors are counted, not
    // kept, so that memory stays bounded whatever the document holds.
    void validate(const OrderedJson &document, FindingCap &cap) const;

    static QByteArray bundledSchemaText();

private:
    void load(const QByteArray &schemaText);

    std::unique_ptr<valijson::Schema> m_schema;
    OrderedJson m_schemaDocument; // the schema's text, for SchemaMessage
    QString m_errorMessage;
};

} // namespace Errata
