#include "models/validation/SchemaValidator.h"

#include "models/validation/SchemaMessage.h"
#include "models/validation/SchemaNodes.h"

#include <QFile>
#include <QSet>

#include <nlohmann/json.hpp>
#include <valijson/exceptions.hpp>
#include <valijson/internal/adapter.hpp>
#include <valijson/internal/basic_adapter.hpp>
#include <valijson/internal/frozen_value.hpp>
// valijson's adapter is written for nlohmann::json, and records are parsed
// into nlohmann::ordered_json (to keep key order). The adapter only uses what
// both types have, so it is compiled for ordered_json here: no copy of every
// record before it is checked. The headers it includes come first, so the
// macro reaches this one header only.
#define json ordered_json
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#undef json
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <exception>

namespace Errata {

namespace {

// valijson names a place as {"<root>", "[dead_ends]", "[1]", "[fail_rate]"}:
// the tokens of the place's JSON pointer, unescaped.
QStringList pathOf(const std::vector<std::string> &context)
{
    QStringList path;
    for (const std::string &part : context) {
        if (part == "<root>")
            continue;
        QString token = QString::fromStdString(part);
        if (token.startsWith(QLatin1Char('[')) && token.endsWith(QLatin1Char(']')))
            token = token.mid(1, token.size() - 2);
        path << token;
    }
    return path;
}

QString pointerOf(const QStringList &path)
{
    QString pointer;
    for (QString token : path) {
        token.replace(QLatin1String("~"), QLatin1String("~0")).replace(QLatin1String("/"), QLatin1String("~1"));
        pointer += QLatin1Char('/') + token;
    }
    return pointer;
}

bool isSummary(const std::string &description)
{
    return description.rfind("Failed to validate", 0) == 0;
}

struct Finding
{
    Problem problem;
    bool typeMismatch = false;
};

// Keeps each failure's most specific finding. valijson's "Failed to validate
// ..." summaries are dropped before this; here a value of the wrong type
// keeps only its type finding (resolvable `true` is a type error, not also
// an enum one), and a repeated finding is kept once. Findings at nested
// pointers are independent failures (a missing "id" reported at the root
// and a bad /confidence) and are all kept.
QList<Problem> mostSpecific(const QList<Finding> &all)
{
    QSet<QString> wrongType;
    for (const Finding &finding : all) {
        if (finding.typeMismatch)
            wrongType.insert(finding.problem.pointer);
    }
    QList<Problem> kept;
    QSet<QString> seen;
    for (const Finding &finding : all) {
        const Problem &problem = finding.problem;
        const QString key = problem.pointer + QLatin1Char('\n') + problem.message;
        if (seen.contains(key) || (wrongType.contains(problem.pointer) && !finding.typeMismatch))
            continue;
        seen.insert(key);
        kept << problem;
    }
    return kept;
}

} // namespace

SchemaValidator::SchemaValidator()
{
    load(bundledSchemaText());
}

SchemaValidator::SchemaValidator(const QByteArray &schemaText)
{
    load(schemaText);
}

SchemaValidator::~SchemaValidator() = default;

QByteArray SchemaValidator::bundledSchemaText()
{
    QFile file(QStringLiteral(":/schema/record.schema.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void SchemaValidator::load(const QByteArray &schemaText)
{
    try {
        OrderedJson document = OrderedJson::parse(schemaText.toStdString());
        auto schema = std::make_unique<valijson::Schema>();
        valijson::SchemaParser parser;
        parser.populateSchema(valijson::adapters::NlohmannJsonAdapter(document), *schema);
        m_schema = std::move(schema);
        m_schemaDocument = std::move(document);
    } catch (const std::exception &e) {
        m_errorMessage = tr("the record schema cannot be used: %1").arg(QString::fromUtf8(e.what()));
    }
}

QList<Problem> SchemaValidator::validate(const OrderedJson &document) const
{
    if (!m_schema)
        return {Problem{Problem::Error, {}, {}, 0, 0, m_errorMessage, QStringLiteral("schema")}};
    valijson::Validator validator;
    valijson::ValidationResults results;
    validator.validate(*m_schema, valijson::adapters::NlohmannJsonAdapter(document), &results);
    const SchemaNodes nodes(m_schemaDocument);
    QList<Finding> all;
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
        if (isSummary(error.description))
            continue;
        const QStringList path = pathOf(error.context);
        all << Finding{Problem{Problem::Error,
                               {},
                               pointerOf(path),
                               0,
                               0,
                               SchemaMessage::describe(error.description, path, document, nodes),
                               QStringLiteral("schema")},
                       SchemaMessage::kindOf(error.description) == SchemaMessage::Type};
    }
    return mostSpecific(all);
}

} // namespace Errata
