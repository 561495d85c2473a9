#pragma once

#include "models/json/OrderedJson.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <string>

namespace Errata {

class SchemaNodes;

// A schema finding in plain words: the field (its path), what the schema
// expects there (a type, a bound, the allowed values…) and what the record
// holds, e.g. "dead_ends/0/fail_rate: must be at most 1; found 1.5".
// valijson says which constraint failed (its description); the bound or
// the allowed types and values are read from the schema (SchemaNodes), the
// value found from the document. A description it does not know keeps
// valijson's words after the path. Translated through tr().
class SchemaMessage
{
    Q_DECLARE_TR_FUNCTIONS(Errata::SchemaMessage)

public:
    enum Kind {
        Type,
        Minimum,
        ExclusiveMinimum,
        Maximum,
        ExclusiveMaximum,
        MultipleOf,
        MinLength,
        MaxLength,
        Pattern,
        Format,
        MinItems,
        MaxItems,
        UniqueItems,
        MinProperties,
        MaxProperties,
        Required,
        AdditionalProperty,
        Enum,
        Const,
        Other
    };

    // Which constraint valijson's `description` is about.
    static Kind kindOf(const std::string &description);
    // The message for valijson's `description` of the value at `path` (the
    // unescaped tokens of its JSON pointer) in `document`.
    static QString describe(const std::string &description, const QStringList &path, const OrderedJson &document,
                            const SchemaNodes &schema);
    // "dead_ends/0/fail_rate"; "the record" for the root.
    static QString pathText(const QStringList &path);
};

} // namespace Errata
