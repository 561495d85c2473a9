#include "models/publish/OpenApiDocument.h"

#include "models/json/OrderedJson.h"
#include "models/publish/SiteContext.h"

#include <initializer_list>
#include <string>
#include <utility>

namespace Errata {

namespace {

using Properties = std::initializer_list<std::pair<const char *, OrderedJson>>;

OrderedJson ref(const char *schema)
{
    return OrderedJson{{"$ref", std::string("#/components/schemas/") + schema}};
}

OrderedJson typed(const char *type, const char *description)
{
    return OrderedJson{{"type", type}, {"description", description}};
}

OrderedJson nullable(const char *type, const char *description)
{
    return OrderedJson{{"type", {type, "null"}}, {"description", description}};
}

OrderedJson arrayOf(OrderedJson items, const char *description)
{
    return OrderedJson{{"type", "array"}, {"description", description}, {"items", std::move(items)}};
}

OrderedJson mapOf(OrderedJson values, const char *description)
{
    return OrderedJson{{"type", "object"}, {"description", description}, {"additionalProperties", std::move(values)}};
}

// An object schema requiring every property but those in `optional`.
OrderedJson object(const char *description, Properties properties, std::initializer_list<const char *> optional = {})
{
    OrderedJson props = OrderedJson::object();
    OrderedJson required = OrderedJson::array();
    for (const auto &[name, schema] : properties) {
        props[name] = schema;
        bool isOptional = false;
        for (const char *o : optional)
            isOptional = isOptional || std::string(o) == name;
        if (!isOptional)
            required.push_back(name);
    }
    return OrderedJson{{"type", "object"}, {"description", description}, {"required", required}, {"properties", props}};
}

OrderedJson schemas()
{
    OrderedJson s = OrderedJson::object();
    s["Index"] = object("Every published record, in id order.",
                        {{"format", typed("integer", "1; changes only when a key changes meaning.")},
                         {"generator", typed("string", "The program that wrote the site, with its version.")},
                         {"reference_date", nullable("string", "The date stale and aging are counted from.")},
                         {"count", typed("integer", "The number of records.")},
                         {"records", arrayOf(ref("IndexEntry"), "One entry per record.")}});
    s["IndexEntry"] = object(
        "One record. URLs are absolute with a base URL, else relative to index.json.",
        {{"id", typed("string", "The record's id: its file path in the KB without .json.")},
         {"domain", typed("string", "The record's domain.")},
         {"category", typed("string", "The record's category.")},
         {"signature", typed("string", "The error message the record is about.")},
         {"signature_zh", nullable("string", "The Chinese signature, or null.")},
         {"url", typed("string", "The record's English page.")},
         {"url_zh", typed("string", "The record's Chinese page.")},
         {"json", nullable("string", "The record's file under records/, or null when it could not be written.")},
         {"updated", nullable("string", "last_updated, else last_confirmed (YYYY-MM-DD), else null.")},
         {"valid", typed("boolean", "Whether errata validate finds no error in the record.")}});
    s["Match"] = object("What a client needs to match an error text against the records' regexes.",
                        {{"format", typed("integer", "1.")},
                         {"count", typed("integer", "The number of patterns.")},
                         {"patterns", arrayOf(ref("Pattern"), "One pattern per record with a regex.")}});
    s["Pattern"] = object("One record's regex.",
                          {{"id", typed("string", "The record's id.")},
                           {"regex", typed("string", "The regex as stored (RE2 syntax).")},
                           {"flags", nullable("string", "The flags for js: \"u\" or \"iu\" (null with js null).")},
                           {"js", nullable("string", "The regex as a JavaScript regex source, or null.")},
                           {"engine", typed("string", "The syntax of regex: \"re2\".")},
                           {"signature", typed("string", "The record's signature.")}});
    s["DomainStats"] = object(
        "The counts of one domain.",
        {{"records", typed("integer", "Records of the domain.")},
         {"categories", mapOf(OrderedJson{{"type", "integer"}}, "Records per category, by name.")},
         {"avg_fix_success_rate", nullable("number", "The mean fix_success_rate of its records, or null.")}});
    s["Quality"] = OrderedJson{{"type", "object"},
                               {"description", "The quality report: total and by_domain (docs/site.md)."},
                               {"required", {"total", "by_domain"}},
                               {"properties",
                                {{"total", OrderedJson{{"type", "object"}}},
                                 {"by_domain", OrderedJson{{"type", "array"}, {"items", {{"type", "object"}}}}}}}};
    s["Stats"] = object("Counts of the published records.",
                        {{"format", typed("integer", "1.")},
                         {"generator", typed("string", "The program that wrote the site.")},
                         {"reference_date", nullable("string", "The date stale and aging are counted from.")},
                         {"records", typed("integer", "Published records.")},
                         {"domains", typed("integer", "Distinct domains.")},
                         {"categories", typed("integer", "Distinct domain and category pairs.")},
                         {"dead_ends", typed("integer", "Dead ends of all records.")},
                         {"workarounds", typed("integer", "Workarounds of all records.")},
                         {"links", typed("integer", "Links of all records.")},
                         {"by_domain", mapOf(ref("DomainStats"), "The counts per domain, by name.")},
                         {"quality", ref("Quality")}},
                        {"quality"});
    s["Record"] = OrderedJson{{"description", "A record as stored in the KB (record.schema.json)."},
                              {"$ref", "record.schema.json"}};
    return s;
}

OrderedJson get(const char *id, const char *summary, const char *mediaType, OrderedJson schema)
{
    OrderedJson content = OrderedJson::object();
    content[mediaType] = OrderedJson{{"schema", std::move(schema)}};
    return OrderedJson{{"get",
                        {{"operationId", id},
                         {"summary", summary},
                         {"responses", {{"200", {{"description", summary}, {"content", std::move(content)}}}}}}}};
}

OrderedJson paths()
{
    OrderedJson p = OrderedJson::object();
    p["/index.json"] = get("getIndex", "Every published record", "application/json", ref("Index"));
    OrderedJson record = get("getRecord", "One record, its file's bytes as stored in the KB", "application/json",
                             ref("Record"));
    record["get"]["description"] =
        "The id's \"/\" are path separators (records/docker/exec-format-error.json). A record whose id is not a "
        "plain path, or repeats another's, is under records/_/<hash>.json: take its URL from index.json.";
    record["get"]["parameters"] = OrderedJson::array({{{"name", "id"},
                                                       {"in", "path"},
                                                       {"required", true},
                                                       {"schema", {{"type", "string"}}},
                                                       {"description", "The record's id."}}});
    p["/records/{id}.json"] = std::move(record);
    p["/match.json"] = get("getMatch", "The records' regexes for matching in a client", "application/json",
                           ref("Match"));
    p["/errors.ndjson"] = get("getErrors", "Every record, one compact JSON text a line, in id order",
                              "application/x-ndjson", OrderedJson{{"type", "string"}});
    p["/stats.json"] = get("getStats", "Counts in total and per domain", "application/json", ref("Stats"));
    p["/record.schema.json"] = get("getRecordSchema", "The JSON Schema of a record", "application/schema+json",
                                   OrderedJson{{"type", "object"}});
    return p;
}

} // namespace

QByteArray OpenApiDocument::render(const SiteContext &site)
{
    const QString server = site.options.baseUrl.isEmpty() ? QStringLiteral("./")
                                                          : site.options.baseUrl + QStringLiteral("/api/v1");
    OrderedJson doc = OrderedJson::object();
    doc["openapi"] = "3.1.0";
    doc["info"] = OrderedJson{
        {"title", (site.title + QStringLiteral(" API")).toStdString()},
        {"version", "1"},
        {"description",
         "Static JSON files of a knowledge base of error records, written by " + site.generator.toStdString() + "."}};
    doc["servers"] = OrderedJson::array({{{"url", server.toStdString()}}});
    doc["paths"] = paths();
    doc["components"] = OrderedJson{{"schemas", schemas()}};
    const std::string out = doc.dump(2, ' ', false, OrderedJson::error_handler_t::replace);
    return QByteArray(out.data(), qsizetype(out.size())) + '\n';
}

} // namespace Errata
