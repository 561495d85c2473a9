#include "models/validation/SchemaValidator.h"

#include "models/validation/SchemaMessage.h"
#include "models/validation/SchemaNodes.h"

#include <QFile>
#include <QSet>

#include <algorithm>

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

#include <deque>
#include <exception>

namespace valijson {

// valijson keeps every error it finds, and a record of 600,000 broken dead
// ends has millions: valijson's ValidationResults alone would take a
// gigabyte before a single finding is capped. This class has its interface
// and keeps at most `limit` errors (valijson's "Failed to validate …"
// summaries, which are dropped anyway, never), then only counts, each
// value's errors as mostSpecific() would keep them: a type error alone when
// the value has one, a repeated error once. It stands in for
// ValidationResults in valijson's validator, which is compiled for it here
// (through the macro below): the one file that includes that header. It
// derives from ValidationResults only to be handed to a custom constraint
// (PolyConstraint, which the schema does not use), and hides its members.
class BoundedValidationResults : public ValidationResults
{
public:
    using Error = ValidationResults::Error;

    explicit BoundedValidationResults(size_t limit = size_t(-1))
        : m_limit(limit)
    {
    }

    void pushError(const std::vector<std::string> &context, const std::string &description)
    {
        if (description.rfind("Failed to validate", 0) == 0)
            return;
        if (m_errors.size() >= m_limit && (m_errors.empty() || m_errors.back().context != context))
            m_counting = true;
        if (!m_counting) {
            m_errors.push_back({context, description});
            return;
        }
        if (context != m_group) {
            flushGroup();
            m_group = context;
        }
        if (m_firstUncounted.empty())
            m_firstUncounted = context;
        const bool type = Errata::SchemaMessage::kindOf(description) == Errata::SchemaMessage::Type;
        const bool seen = std::find(m_groupErrors.begin(), m_groupErrors.end(), description) != m_groupErrors.end();
        if (!seen && m_groupErrors.size() < 64) {
            m_groupErrors.push_back(description);
            (type ? m_groupTypes : m_groupOthers) += 1;
        }
    }
    void pushError(const Error &error) { pushError(error.context, error.description); }

    bool popError(Error &error)
    {
        if (m_errors.empty())
            return false;
        error = std::move(m_errors.front());
        m_errors.pop_front();
        return true;
    }

    // The errors past the limit, as mostSpecific() would count them, and where the first of them is.
    size_t uncountedErrors()
    {
        flushGroup();
        return m_uncounted;
    }
    const std::vector<std::string> &firstUncounted() const { return m_firstUncounted; }

private:
    void flushGroup()
    {
        m_uncounted += m_groupTypes > 0 ? m_groupTypes : m_groupOthers;
        m_groupErrors.clear();
        m_groupTypes = 0;
        m_groupOthers = 0;
    }

    size_t m_limit;
    std::deque<Error> m_errors;
    bool m_counting = false;
    std::vector<std::string> m_group; // the value whose errors are being counted
    std::vector<std::string> m_groupErrors;
    size_t m_groupTypes = 0;
    size_t m_groupOthers = 0;
    size_t m_uncounted = 0;
    std::vector<std::string> m_firstUncounted;
};

} // namespace valijson

#define ValidationResults BoundedValidationResults
#include <valijson/validator.hpp>
#undef ValidationResults

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

struct Finding
{
    Problem problem;
    bool typeMismatch = false;
};

// Keeps each failure's most specific finding. valijson's "Failed to validate
// ..." summaries are dropped before this (BoundedValidationResults); here a value of the wrong type
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
    FindingCap cap;
    validate(document, cap);
    return cap.take();
}

void SchemaValidator::validate(const OrderedJson &document, FindingCap &cap) const
{
    if (!m_schema) {
        cap << Problem{Problem::Error, {}, {}, 0, 0, m_errorMessage, QStringLiteral("schema")};
        return;
    }
    valijson::Validator validator;
    // Beyond those kept, enough for mostSpecific() to choose among.
    valijson::BoundedValidationResults results(size_t(4) * size_t(cap.perRule()));
    validator.validate(*m_schema, valijson::adapters::NlohmannJsonAdapter(document), &results);
    const SchemaNodes nodes(m_schemaDocument);
    QList<Finding> all;
    valijson::BoundedValidationResults::Error error;
    while (results.popError(error)) {
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
    for (Problem &problem : mostSpecific(all))
        cap << std::move(problem);
    cap.leaveOut(QStringLiteral("schema"), Problem::Error, pointerOf(pathOf(results.firstUncounted())),
                 qint64(results.uncountedErrors()));
}

} // namespace Errata
