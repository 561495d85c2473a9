#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace Errata {

// The tools `errata mcp` offers, as tools/list gives them: name, title,
// description, inputSchema and outputSchema (JSON Schema), annotations.
// They are written once, in resources/mcp/tools.json (built in as
// ":/mcp/tools.json"), and the input schemas are also what the arguments of
// a call are checked against (check()), so what a client is told and what
// the server accepts cannot drift apart.
class McpToolCatalog
{
public:
    // Every tool; `withOutputSchemas` false for protocol versions before
    // 2025-06-18, which know no outputSchema.
    static QJsonArray tools(bool withOutputSchemas = true);
    // The tool named `name`; empty when there is none.
    static QJsonObject tool(const QString &name);
    // What is wrong with `arguments` for `inputSchema`, in a sentence; empty
    // when they fit. Knows the keywords the catalog uses: type (string,
    // integer, number, boolean, object, array), required, minLength,
    // maxLength, minimum, maximum, minItems, maxItems, items (each item
    // named "texts[2]"), additionalProperties false.
    static QString check(const QJsonObject &inputSchema, const QJsonObject &arguments);

private:
    static QString checkValue(const QString &name, const QJsonObject &schema, const QJsonValue &value);
    static QString checkArray(const QString &name, const QJsonObject &schema, const QJsonArray &array);
};

} // namespace Errata
