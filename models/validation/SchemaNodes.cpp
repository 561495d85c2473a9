#include "models/validation/SchemaNodes.h"

#include <QRegularExpression>

namespace Errata {

namespace {

// "$ref" chains and nested combinators deeper than this are not followed
// (a schema may refer to itself).
constexpr int MaxDepth = 32;

const OrderedJson *member(const OrderedJson &object, const char *key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it != object.end() ? &*it : nullptr;
}

bool isIndex(const QString &token, size_t *index)
{
    bool ok = false;
    const qulonglong value = token.toULongLong(&ok);
    *index = size_t(value);
    return ok && !token.startsWith(QLatin1Char('+'));
}

// The subschemas "patternProperties" gives `token`; std::regex is avoided
// here as it is everywhere (see record.schema.json's description).
QList<const OrderedJson *> patternChildren(const OrderedJson &node, const QString &token)
{
    QList<const OrderedJson *> found;
    const OrderedJson *patterns = member(node, "patternProperties");
    if (!patterns || !patterns->is_object())
        return found;
    for (const auto &[pattern, schema] : patterns->items()) {
        const QRegularExpression expression(QString::fromStdString(pattern));
        if (expression.isValid() && expression.match(token).hasMatch())
            found << &schema;
    }
    return found;
}

QList<const OrderedJson *> objectChildren(const OrderedJson &node, const QString &token)
{
    QList<const OrderedJson *> found = patternChildren(node, token);
    const OrderedJson *properties = member(node, "properties");
    if (properties && properties->is_object()) {
        const auto it = properties->find(token.toStdString());
        if (it != properties->end())
            found.prepend(&*it);
    }
    const OrderedJson *additional = member(node, "additionalProperties");
    if (found.isEmpty() && additional && additional->is_object())
        found << additional;
    return found;
}

QList<const OrderedJson *> arrayChildren(const OrderedJson &node, const QString &token)
{
    size_t index = 0;
    const OrderedJson *items = member(node, "items");
    if (!items || !isIndex(token, &index))
        return {};
    if (items->is_object())
        return {items};
    if (items->is_array() && index < items->size())
        return {&(*items)[index]};
    const OrderedJson *additional = member(node, "additionalItems");
    if (items->is_array() && additional && additional->is_object())
        return {additional};
    return {};
}

} // namespace

QList<const OrderedJson *> SchemaNodes::at(const QStringList &path) const
{
    QList<const OrderedJson *> nodes;
    expand(&m_schema, nodes, 0);
    for (const QString &token : path) {
        QList<const OrderedJson *> next;
        for (const OrderedJson *node : std::as_const(nodes)) {
            for (const OrderedJson *child : children(*node, token))
                expand(child, next, 0);
        }
        nodes = next;
    }
    return nodes;
}

const OrderedJson *SchemaNodes::keyword(const QStringList &path, const char *keyword) const
{
    for (const OrderedJson *node : at(path)) {
        if (const OrderedJson *value = member(*node, keyword))
            return value;
    }
    return nullptr;
}

// Adds `node` and every subschema that applies along with it.
void SchemaNodes::expand(const OrderedJson *node, QList<const OrderedJson *> &out, int depth) const
{
    if (!node || !node->is_object() || depth > MaxDepth || out.contains(node))
        return;
    out << node;
    if (const OrderedJson *reference = member(*node, "$ref"))
        expand(resolve(*reference), out, depth + 1);
    for (const char *combinator : {"allOf", "anyOf", "oneOf"}) {
        const OrderedJson *list = member(*node, combinator);
        if (list && list->is_array()) {
            for (const OrderedJson &schema : *list)
                expand(&schema, out, depth + 1);
        }
    }
    for (const char *branch : {"if", "then", "else"})
        expand(member(*node, branch), out, depth + 1);
}

QList<const OrderedJson *> SchemaNodes::children(const OrderedJson &node, const QString &token) const
{
    return objectChildren(node, token) + arrayChildren(node, token);
}

// Only references inside the schema ("#", "#/definitions/rate").
const OrderedJson *SchemaNodes::resolve(const OrderedJson &reference) const
{
    if (!reference.is_string())
        return nullptr;
    const std::string text = reference.get<std::string>();
    if (text == "#")
        return &m_schema;
    if (text.rfind("#/", 0) != 0)
        return nullptr;
    try {
        const OrderedJson::json_pointer pointer(text.substr(1));
        return m_schema.contains(pointer) ? &m_schema.at(pointer) : nullptr;
    } catch (const std::exception &) {
        return nullptr;
    }
}

} // namespace Errata
