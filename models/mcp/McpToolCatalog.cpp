#include "models/mcp/McpToolCatalog.h"

#include <QFile>
#include <QJsonDocument>

#include <cmath>

namespace Errata {

namespace {

const QJsonArray &catalog()
{
    static const QJsonArray tools = [] {
        QFile file(QStringLiteral(":/mcp/tools.json"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("The built-in MCP tool catalog is missing");
        return QJsonDocument::fromJson(file.readAll()).array();
    }();
    return tools;
}

bool isWholeNumber(const QJsonValue &value)
{
    const double number = value.toDouble();
    return value.isDouble() && std::isfinite(number) && number == std::floor(number) && std::fabs(number) < 9.0e15;
}

bool hasType(const QJsonValue &value, const QString &type)
{
    if (type == QLatin1String("string"))
        return value.isString();
    if (type == QLatin1String("integer"))
        return isWholeNumber(value);
    if (type == QLatin1String("number"))
        return value.isDouble();
    if (type == QLatin1String("boolean"))
        return value.isBool();
    if (type == QLatin1String("object"))
        return value.isObject();
    if (type == QLatin1String("array"))
        return value.isArray();
    return false;
}

} // namespace

QJsonArray McpToolCatalog::tools(bool withOutputSchemas)
{
    if (withOutputSchemas)
        return catalog();
    QJsonArray tools;
    for (const QJsonValue &tool : catalog()) {
        QJsonObject object = tool.toObject();
        object.remove(u"outputSchema");
        object.remove(u"title"); // new in 2025-06-18 too
        tools.append(object);
    }
    return tools;
}

QJsonObject McpToolCatalog::tool(const QString &name)
{
    for (const QJsonValue &tool : catalog()) {
        if (tool.toObject().value(u"name").toString() == name)
            return tool.toObject();
    }
    return QJsonObject();
}

QString McpToolCatalog::check(const QJsonObject &inputSchema, const QJsonObject &arguments)
{
    const QJsonObject properties = inputSchema.value(u"properties").toObject();
    for (const QJsonValue &required : inputSchema.value(u"required").toArray()) {
        if (!arguments.contains(required.toString()))
            return QStringLiteral("\"%1\" is required").arg(required.toString());
    }
    for (auto it = arguments.begin(); it != arguments.end(); ++it) {
        if (!properties.contains(it.key()))
            return QStringLiteral("unknown argument \"%1\" (the tool takes: %2)")
                .arg(it.key(), properties.keys().join(QStringLiteral(", ")));
        const QString problem = checkValue(it.key(), properties.value(it.key()).toObject(), it.value());
        if (!problem.isEmpty())
            return problem;
    }
    return QString();
}

QString McpToolCatalog::checkValue(const QString &name, const QJsonObject &schema, const QJsonValue &value)
{
    const QString type = schema.value(u"type").toString();
    if (!hasType(value, type))
        return QStringLiteral("\"%1\" must be of type %2").arg(name, type);
    if (type == QLatin1String("string")) {
        const qsizetype length = value.toString().size();
        if (schema.contains(u"minLength") && length < schema.value(u"minLength").toInteger())
            return QStringLiteral("\"%1\" must not be empty").arg(name);
        if (schema.contains(u"maxLength") && length > schema.value(u"maxLength").toInteger())
            return QStringLiteral("\"%1\" is longer than %2 characters")
                .arg(name)
                .arg(schema.value(u"maxLength").toInteger());
    }
    if (type == QLatin1String("array"))
        return checkArray(name, schema, value.toArray());
    if (type == QLatin1String("integer") || type == QLatin1String("number")) {
        const double number = value.toDouble();
        if (schema.contains(u"minimum") && number < schema.value(u"minimum").toDouble())
            return QStringLiteral("\"%1\" must be at least %2").arg(name).arg(schema.value(u"minimum").toDouble());
        if (schema.contains(u"maximum") && number > schema.value(u"maximum").toDouble())
            return QStringLiteral("\"%1\" must be at most %2").arg(name).arg(schema.value(u"maximum").toDouble());
    }
    return QString();
}

QString McpToolCatalog::checkArray(const QString &name, const QJsonObject &schema, const QJsonArray &array)
{
    if (schema.contains(u"minItems") && array.size() < schema.value(u"minItems").toInteger())
        return QStringLiteral("\"%1\" needs at least %2 %3")
            .arg(name)
            .arg(schema.value(u"minItems").toInteger())
            .arg(schema.value(u"minItems").toInteger() == 1 ? QStringLiteral("item") : QStringLiteral("items"));
    if (schema.contains(u"maxItems") && array.size() > schema.value(u"maxItems").toInteger())
        return QStringLiteral("\"%1\" takes at most %2 items, not %3")
            .arg(name)
            .arg(schema.value(u"maxItems").toInteger())
            .arg(array.size());
    const QJsonObject items = schema.value(u"items").toObject();
    for (qsizetype i = 0; i < array.size() && !items.isEmpty(); ++i) {
        const QString problem = checkValue(QStringLiteral("%1[%2]").arg(name).arg(i), items, array.at(i));
        if (!problem.isEmpty())
            return problem;
    }
    return QString();
}

} // namespace Errata
