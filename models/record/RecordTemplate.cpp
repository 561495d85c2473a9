#include "models/record/RecordTemplate.h"

namespace Errata {

namespace {

const char *const DateKeys[] = {"first_seen", "last_confirmed", "last_updated"};

} // namespace

OrderedJson RecordTemplate::defaults()
{
    OrderedJson json = OrderedJson::object();
    json["id"] = "";
    json["signature"] = "";
    json["signature_zh"] = "";
    json["regex"] = "";
    json["domain"] = "";
    json["category"] = "";
    json["subcategory"] = nullptr;
    json["root_cause"] = "";
    json["root_cause_type"] = "generic";
    json["root_cause_zh"] = "";
    json["versions"] = OrderedJson::array();
    json["os_specific"] = OrderedJson::object();
    json["dead_ends"] = OrderedJson::array();
    json["workarounds"] = OrderedJson::array();
    json["workarounds_zh"] = OrderedJson::array();
    json["transition_graph"] = {{"leads_to", OrderedJson::array()},
                                {"preceded_by", OrderedJson::array()},
                                {"frequently_confused_with", OrderedJson::array()}};
    json["official_doc_url"] = nullptr;
    json["official_doc_section"] = nullptr;
    json["error_code"] = nullptr;
    json["verification_tier"] = "ai_generated";
    json["confidence"] = 0.5;
    json["fix_success_rate"] = 0.5;
    json["resolvable"] = "partial";
    for (const char *key : DateKeys)
        json[key] = "";
    json["evidence_count"] = 0;
    json["tags"] = OrderedJson::array();
    json["locale"] = "en";
    json["aliases"] = OrderedJson::array();
    return json;
}

OrderedJson RecordTemplate::instantiate(const QString &id, const QString &domain, QDate today, const OrderedJson &base)
{
    const OrderedJson &from = base.is_null() ? defaults() : base;
    if (!from.is_object())
        return OrderedJson();
    OrderedJson json = OrderedJson::object();
    json["id"] = id.toStdString();
    if (!from.contains("domain"))
        json["domain"] = domain.toStdString();
    for (const auto &[key, value] : from.items()) {
        if (key != "id")
            json[key] = key == "domain" ? OrderedJson(domain.toStdString()) : value;
    }
    const std::string date = today.toString(QStringLiteral("yyyy-MM-dd")).toStdString();
    for (const char *key : DateKeys) {
        if (json.contains(key))
            json[key] = date;
    }
    return json;
}

// Record has no "new document" state of its own: parsing a stub gives the
// line-end flags, markSaved with no text makes originalText empty.
Record RecordTemplate::unsavedRecord(const OrderedJson &json, const QString &filePath, bool finalNewline, bool crlf)
{
    Record record;
    Record::LoadError error;
    const char *newline = crlf ? "\r\n" : "\n";
    const QByteArray stub = QByteArray("{") + newline + '}' + (finalNewline ? newline : "");
    record.parse(stub, &error);
    record.markSaved(QByteArray());
    record.setJson(json);
    record.setFilePath(filePath);
    return record;
}

} // namespace Errata
