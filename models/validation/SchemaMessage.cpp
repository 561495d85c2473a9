#include "models/validation/SchemaMessage.h"

#include "models/validation/SchemaNodes.h"

#include <QRegularExpression>

#include <algorithm>

namespace Errata {

namespace {

using Kind = SchemaMessage::Kind;

// valijson 1.0's descriptions, by their start; the longer of two starts
// that share words comes first.
const struct
{
    const char *start;
    Kind kind;
} Descriptions[] = {
    {"Value type not permitted", Kind::Type},
    {"Expected number greater than or equal to", Kind::Minimum},
    {"Expected number greater than", Kind::ExclusiveMinimum},
    {"Expected number less than or equal to", Kind::Maximum},
    {"Expected number less than", Kind::ExclusiveMaximum},
    {"Value should be a multiple of", Kind::MultipleOf},
    {"String should be no fewer than", Kind::MinLength},
    {"String should be no more than", Kind::MaxLength},
    {"Failed to match regex specified by 'pattern'", Kind::Pattern},
    {"String should be a valid", Kind::Format},
    {"Array should contain no fewer than", Kind::MinItems},
    {"Array should contain no more than", Kind::MaxItems},
    {"Elements at indexes", Kind::UniqueItems},
    {"Object should have no fewer than", Kind::MinProperties},
    {"Object should have no more than", Kind::MaxProperties},
    {"Missing required property", Kind::Required},
    {"Object contains a property that could not be validated", Kind::AdditionalProperty},
    {"Failed to match against any enum values", Kind::Enum},
    {"Failed to match expected value set by 'const'", Kind::Const},
};

// What describe() works from.
struct Finding
{
    QString description;
    QStringList path;
    const OrderedJson *value; // null when the document has nothing there
    const SchemaNodes &schema;

    const OrderedJson *keyword(const char *name) const { return schema.keyword(path, name); }
};

// A count in words, English's two forms chosen here rather than by a
// translation's plural forms (%n): the command line installs no
// translation and its output must read "1 item", "2 items" all the same.
struct Noun
{
    const char *one;
    const char *many; // with %1 for the count
};

const Noun Characters{QT_TRANSLATE_NOOP("Errata::SchemaMessage", "1 character"),
                      QT_TRANSLATE_NOOP("Errata::SchemaMessage", "%1 characters")};
const Noun Items{QT_TRANSLATE_NOOP("Errata::SchemaMessage", "1 item"),
                 QT_TRANSLATE_NOOP("Errata::SchemaMessage", "%1 items")};
const Noun Fields{QT_TRANSLATE_NOOP("Errata::SchemaMessage", "1 field"),
                  QT_TRANSLATE_NOOP("Errata::SchemaMessage", "%1 fields")};
const Noun ArrayOfItems{QT_TRANSLATE_NOOP("Errata::SchemaMessage", "an array of 1 item"),
                        QT_TRANSLATE_NOOP("Errata::SchemaMessage", "an array of %1 items")};

QString counted(qint64 count, const Noun &noun)
{
    return count == 1 ? SchemaMessage::tr(noun.one) : SchemaMessage::tr(noun.many).arg(count);
}

// Strings longer than this are cut in messages.
constexpr int MaxQuoted = 60;

QString numberText(double value)
{
    return QString::number(value, 'g', 15);
}

QString jsonNumberText(const OrderedJson &value)
{
    if (value.is_number_unsigned())
        return QString::number(value.get<quint64>());
    if (value.is_number_integer())
        return QString::number(value.get<qint64>());
    return value.is_number() ? numberText(value.get<double>()) : QString();
}

// A string as JSON writes it (quotes, escapes), cut after MaxQuoted characters.
QString quoted(const std::string &text)
{
    const QString json = QString::fromStdString(
        OrderedJson(text).dump(-1, ' ', false, OrderedJson::error_handler_t::replace));
    if (json.size() <= MaxQuoted + 2)
        return json;
    return json.left(MaxQuoted + 1) + QStringLiteral("…\"");
}

qint64 codePoints(const std::string &text)
{
    qint64 count = 0;
    for (const char c : text)
        count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return count;
}

// The value as a finding quotes it: "urgent", 1.5, true, null.
QString valueText(const OrderedJson *value)
{
    if (!value)
        return QStringLiteral("—");
    switch (value->type()) {
    case OrderedJson::value_t::string: return quoted(value->get<std::string>());
    case OrderedJson::value_t::boolean: return value->get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    case OrderedJson::value_t::null: return QStringLiteral("null");
    case OrderedJson::value_t::array: return counted(qint64(value->size()), ArrayOfItems);
    case OrderedJson::value_t::object: return SchemaMessage::tr("an object");
    default: return jsonNumberText(*value);
    }
}

// The value with its type, for a value of the wrong type: "a number (3)".
QString typedValueText(const OrderedJson *value)
{
    if (!value)
        return valueText(value);
    switch (value->type()) {
    case OrderedJson::value_t::string: return SchemaMessage::tr("a string (%1)").arg(valueText(value));
    case OrderedJson::value_t::boolean: return SchemaMessage::tr("a boolean (%1)").arg(valueText(value));
    case OrderedJson::value_t::number_integer:
    case OrderedJson::value_t::number_unsigned:
    case OrderedJson::value_t::number_float: return SchemaMessage::tr("a number (%1)").arg(valueText(value));
    default: return valueText(value);
    }
}

QString typeName(const std::string &type)
{
    if (type == "string")
        return SchemaMessage::tr("a string");
    if (type == "number")
        return SchemaMessage::tr("a number");
    if (type == "integer")
        return SchemaMessage::tr("a whole number");
    if (type == "boolean")
        return SchemaMessage::tr("a boolean");
    if (type == "object")
        return SchemaMessage::tr("an object");
    if (type == "array")
        return SchemaMessage::tr("an array");
    return QString::fromStdString(type); // "null", or a name the schema made up
}

// "a", "a or b", "a, b or c".
QString alternatives(const QStringList &items)
{
    QString text = items.value(0);
    for (qsizetype i = 1; i < items.size(); ++i) {
        text = i + 1 == items.size() ? SchemaMessage::tr("%1 or %2").arg(text, items.at(i))
                                     : SchemaMessage::tr("%1, %2").arg(text, items.at(i));
    }
    return text;
}

// The numbers of valijson's description: its bound (as std::to_string
// writes it, "1.000000") or the indexes of two equal items.
QList<double> descriptionNumbers(const QString &description)
{
    static const QRegularExpression number(QStringLiteral("-?\\d+(\\.\\d+)?"));
    QList<double> numbers;
    for (auto it = number.globalMatch(description); it.hasNext();)
        numbers << it.next().captured().toDouble();
    return numbers;
}

// The name a description ends with, quoted after `marker`: "Missing
// required property 'id'.", "… constraints: 'stray'." (the name may hold
// quotes itself).
QString quotedName(const QString &description, const QString &marker)
{
    const qsizetype start = description.indexOf(marker);
    if (start < 0)
        return QString();
    const qsizetype from = start + marker.size();
    const qsizetype end = description.endsWith(QLatin1String("'.")) ? description.size() - 2 : description.size();
    return description.mid(from, std::max<qsizetype>(0, end - from));
}

QString childPath(const QStringList &path, const QString &token)
{
    return SchemaMessage::pathText(QStringList(path) << token);
}

// The bound of a failed number or size constraint: from the schema when it
// can be found there (as written: 1, not 1.000000), else from valijson.
QString boundText(const Finding &finding, const char *keyword)
{
    const OrderedJson *bound = finding.keyword(keyword);
    if (bound && bound->is_number())
        return jsonNumberText(*bound);
    const QList<double> numbers = descriptionNumbers(finding.description);
    return numbers.isEmpty() ? QStringLiteral("?") : numberText(numbers.first());
}

qint64 sizeBound(const Finding &finding, const char *keyword)
{
    return qint64(boundText(finding, keyword).toDouble());
}

QString typeMessage(const Finding &finding)
{
    const QString path = SchemaMessage::pathText(finding.path);
    const OrderedJson *type = finding.keyword("type");
    QStringList names;
    if (type && type->is_string())
        names << typeName(type->get<std::string>());
    for (const OrderedJson &item : type && type->is_array() ? *type : OrderedJson::array()) {
        if (item.is_string())
            names << typeName(item.get<std::string>());
    }
    if (names.isEmpty())
        return SchemaMessage::tr("%1: a value of this type is not allowed here; found %2")
            .arg(path, typedValueText(finding.value));
    return SchemaMessage::tr("%1: must be %2; found %3").arg(path, alternatives(names), typedValueText(finding.value));
}

QString boundMessage(const Finding &finding, Kind kind)
{
    const QString path = SchemaMessage::pathText(finding.path);
    const QString found = valueText(finding.value);
    switch (kind) {
    case Kind::Minimum:
        return SchemaMessage::tr("%1: must be at least %2; found %3").arg(path, boundText(finding, "minimum"), found);
    case Kind::ExclusiveMinimum: {
        const OrderedJson *exclusive = finding.keyword("exclusiveMinimum");
        const char *keyword = exclusive && exclusive->is_number() ? "exclusiveMinimum" : "minimum";
        return SchemaMessage::tr("%1: must be greater than %2; found %3").arg(path, boundText(finding, keyword), found);
    }
    case Kind::Maximum:
        return SchemaMessage::tr("%1: must be at most %2; found %3").arg(path, boundText(finding, "maximum"), found);
    case Kind::ExclusiveMaximum: {
        const OrderedJson *exclusive = finding.keyword("exclusiveMaximum");
        const char *keyword = exclusive && exclusive->is_number() ? "exclusiveMaximum" : "maximum";
        return SchemaMessage::tr("%1: must be less than %2; found %3").arg(path, boundText(finding, keyword), found);
    }
    default:
        return SchemaMessage::tr("%1: must be a multiple of %2; found %3")
            .arg(path, boundText(finding, "multipleOf"), found);
    }
}

QString lengthMessage(const Finding &finding, Kind kind)
{
    const QString path = SchemaMessage::pathText(finding.path);
    const qint64 length = finding.value && finding.value->is_string() ? codePoints(finding.value->get<std::string>())
                                                                      : 0;
    const QString found = length == 0 ? SchemaMessage::tr("an empty string") : counted(length, Characters);
    if (kind == Kind::MinLength)
        return SchemaMessage::tr("%1: must be at least %2 long; found %3")
            .arg(path, counted(sizeBound(finding, "minLength"), Characters), found);
    return SchemaMessage::tr("%1: must be at most %2 long; found %3")
        .arg(path, counted(sizeBound(finding, "maxLength"), Characters), found);
}

QString countMessage(const Finding &finding, Kind kind)
{
    const QString path = SchemaMessage::pathText(finding.path);
    const qint64 size = finding.value ? qint64(finding.value->size()) : 0;
    const bool items = kind == Kind::MinItems || kind == Kind::MaxItems;
    const Noun &noun = items ? Items : Fields;
    const char *keyword = kind == Kind::MinItems ? "minItems"
        : kind == Kind::MaxItems                 ? "maxItems"
        : kind == Kind::MinProperties            ? "minProperties"
                                                 : "maxProperties";
    const QString bound = counted(sizeBound(finding, keyword), noun);
    if (kind == Kind::MinItems || kind == Kind::MinProperties)
        return SchemaMessage::tr("%1: must have at least %2; found %3").arg(path, bound, counted(size, noun));
    return SchemaMessage::tr("%1: must have at most %2; found %3").arg(path, bound, counted(size, noun));
}

QString uniqueMessage(const Finding &finding)
{
    const QList<double> indexes = descriptionNumbers(finding.description);
    const QString path = SchemaMessage::pathText(finding.path);
    if (indexes.size() < 2)
        return SchemaMessage::tr("%1: items must all be different").arg(path);
    return SchemaMessage::tr("%1: items must all be different; %2 repeats %3")
        .arg(path, childPath(finding.path, QString::number(qint64(indexes.at(1)))),
             childPath(finding.path, QString::number(qint64(indexes.at(0)))));
}

QString formatName(const OrderedJson *format)
{
    const std::string name = format && format->is_string() ? format->get<std::string>() : std::string();
    if (name == "date")
        return SchemaMessage::tr("a date (YYYY-MM-DD)");
    if (name == "time")
        return SchemaMessage::tr("a time (HH:MM:SS)");
    if (name == "date-time")
        return SchemaMessage::tr("a date and time (YYYY-MM-DDTHH:MM:SSZ)");
    return SchemaMessage::tr("a valid %1").arg(QString::fromStdString(name));
}

QString valuesText(const OrderedJson *values)
{
    QStringList items;
    for (const OrderedJson &value : values && values->is_array() ? *values : OrderedJson::array())
        items << (value.is_string() ? QString::fromStdString(value.get<std::string>()) : valueText(&value));
    return items.join(QStringLiteral(", "));
}

QString textMessage(const Finding &finding, Kind kind)
{
    const QString path = SchemaMessage::pathText(finding.path);
    const QString found = valueText(finding.value);
    switch (kind) {
    case Kind::Pattern: {
        const OrderedJson *pattern = finding.keyword("pattern");
        const QString text = pattern && pattern->is_string() ? QString::fromStdString(pattern->get<std::string>())
                                                             : QStringLiteral("?");
        return SchemaMessage::tr("%1: must match the pattern %2; found %3").arg(path, text, found);
    }
    case Kind::Format:
        return SchemaMessage::tr("%1: must be %2; found %3").arg(path, formatName(finding.keyword("format")), found);
    case Kind::Enum:
        return SchemaMessage::tr("%1: must be one of: %2; found %3")
            .arg(path, valuesText(finding.keyword("enum")), found);
    default: return SchemaMessage::tr("%1: must be %2; found %3").arg(path, valueText(finding.keyword("const")), found);
    }
}

// valijson's own words, for a description this class does not know.
QString otherMessage(const Finding &finding)
{
    QString description = finding.description.trimmed();
    if (description.endsWith(QLatin1Char('.')))
        description.chop(1);
    if (!description.isEmpty())
        description[0] = description.at(0).toLower();
    return SchemaMessage::tr("%1: %2").arg(SchemaMessage::pathText(finding.path), description);
}

const OrderedJson *valueAt(const OrderedJson &document, const QStringList &path)
{
    const OrderedJson *value = &document;
    for (const QString &token : path) {
        if (value->is_object()) {
            const auto it = value->find(token.toStdString());
            value = it != value->end() ? &*it : nullptr;
        } else if (value->is_array()) {
            bool ok = false;
            const qulonglong index = token.toULongLong(&ok);
            value = ok && index < value->size() ? &(*value)[size_t(index)] : nullptr;
        } else {
            value = nullptr;
        }
        if (!value)
            return nullptr;
    }
    return value;
}

} // namespace

SchemaMessage::Kind SchemaMessage::kindOf(const std::string &description)
{
    for (const auto &known : Descriptions) {
        if (description.rfind(known.start, 0) == 0)
            return known.kind;
    }
    return Other;
}

QString SchemaMessage::pathText(const QStringList &path)
{
    return path.isEmpty() ? tr("the record") : path.join(QLatin1Char('/'));
}

QString SchemaMessage::describe(const std::string &description, const QStringList &path, const OrderedJson &document,
                                const SchemaNodes &schema)
{
    const Finding finding{QString::fromStdString(description), path, valueAt(document, path), schema};
    const Kind kind = kindOf(description);
    switch (kind) {
    case Type: return typeMessage(finding);
    case Minimum:
    case ExclusiveMinimum:
    case Maximum:
    case ExclusiveMaximum:
    case MultipleOf: return boundMessage(finding, kind);
    case MinLength:
    case MaxLength: return lengthMessage(finding, kind);
    case MinItems:
    case MaxItems:
    case MinProperties:
    case MaxProperties: return countMessage(finding, kind);
    case UniqueItems: return uniqueMessage(finding);
    case Required:
        return tr("%1: required field is missing")
            .arg(childPath(path, quotedName(finding.description, QStringLiteral("property '"))));
    case AdditionalProperty:
        return tr("%1: field not allowed here")
            .arg(childPath(path, quotedName(finding.description, QStringLiteral("constraints: '"))));
    case Pattern:
    case Format:
    case Enum:
    case Const: return textMessage(finding, kind);
    case Other: break;
    }
    return otherMessage(finding);
}

} // namespace Errata
