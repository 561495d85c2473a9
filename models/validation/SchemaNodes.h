#pragma once

#include "models/json/OrderedJson.h"

#include <QList>
#include <QStringList>

namespace Errata {

// The parts of a JSON Schema that apply to one place of a document, found
// by walking the schema's text along the place's path: "properties",
// "patternProperties", "additionalProperties", "items" and "additionalItems"
// lead down; local "$ref"s, "allOf", "anyOf", "oneOf" and "if"/"then"/"else"
// are followed. SchemaMessage reads a failed constraint's bound, allowed
// types or values from here. Holds a reference to the schema.
class SchemaNodes
{
public:
    explicit SchemaNodes(const OrderedJson &schema)
        : m_schema(schema)
    {
    }

    // Every subschema that may apply to the value at `path` (the unescaped
    // tokens of its JSON pointer), the schema itself for an empty path.
    QList<const OrderedJson *> at(const QStringList &path) const;
    // The value of `keyword` in the first of them that has it; null when
    // none has.
    const OrderedJson *keyword(const QStringList &path, const char *keyword) const;

private:
    void expand(const OrderedJson *node, QList<const OrderedJson *> &out, int depth) const;
    QList<const OrderedJson *> children(const OrderedJson &node, const QString &token) const;
    const OrderedJson *resolve(const OrderedJson &reference) const;

    const OrderedJson &m_schema;
};

} // namespace Errata
