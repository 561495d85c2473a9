#include "models/scan/RecordFields.h"

#include "models/scan/RecordScanner.h"

namespace Errata {

namespace {

const OrderedJson &member(const OrderedJson &object, const char *key)
{
    return Record::member(object, key);
}

void addString(const OrderedJson &value, std::vector<std::string> &out)
{
    if (value.is_string())
        out.push_back(value.get_ref<const std::string &>());
}

void addStrings(const OrderedJson &list, std::vector<std::string> &out)
{
    if (list.is_array()) {
        for (const OrderedJson &item : list)
            addString(item, out);
    }
}

void addMembers(const OrderedJson &list, const char *first, const char *second, std::vector<std::string> &out)
{
    if (!list.is_array())
        return;
    for (const OrderedJson &item : list) {
        if (item.is_object()) {
            addString(member(item, first), out);
            addString(member(item, second), out);
        }
    }
}

void readTexts(const OrderedJson &document, RecordFields &fields)
{
    const auto field = [&document](const char *key) -> const OrderedJson & { return member(document, key); };
    addString(field("signature"), fields.mainHead);
    addString(field("id"), fields.mainHead);
    addString(field("signature_zh"), fields.otherHead);
    addStrings(field("aliases"), fields.otherHead);
    addStrings(field("tags"), fields.otherHead);
    addString(field("regex"), fields.body);
    addString(field("root_cause"), fields.body);
    addString(field("root_cause_zh"), fields.body);
    addMembers(field("dead_ends"), "action", "why_fails", fields.body);
    addMembers(field("workarounds"), "action", "how", fields.body);
    addStrings(field("workarounds_zh"), fields.body);
}

bool sameLinks(const QList<Record::LinkTarget> &a, const QList<Record::LinkTarget> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto &x, const auto &y) {
        return x.kind == y.kind && x.id == y.id && x.position == y.position;
    });
}

bool sameSummary(const Record::Summary &a, const Record::Summary &b)
{
    return a.id == b.id && a.signature == b.signature && a.signatureZh == b.signatureZh && a.regex == b.regex
        && a.domain == b.domain && a.category == b.category && sameLinks(a.links, b.links) && a.firstSeen == b.firstSeen
        && a.lastConfirmed == b.lastConfirmed && a.lastUpdated == b.lastUpdated;
}

} // namespace

bool RecordFields::hasChinese() const
{
    const bool rootCauseDone = rootCause.isEmpty() || !rootCauseZh.isEmpty();
    const bool workaroundsDone = workaroundActions.isEmpty() || !workaroundsZh.isEmpty();
    return !summary.signatureZh.isEmpty() && rootCauseDone && workaroundsDone;
}

RecordFields RecordFields::fromRecord(const Record &record)
{
    RecordFields fields;
    const OrderedJson &document = record.json();
    const auto text = [&document](const char *key) { return Record::toQString(member(document, key)); };
    fields.summary = record.summary();
    fields.errorCode = text("error_code");
    fields.verificationTier = text("verification_tier");
    fields.resolvable = text("resolvable");
    fields.rootCause = text("root_cause");
    fields.rootCauseZh = text("root_cause_zh");
    fields.fixSuccessRate = Record::toNumber(member(document, "fix_success_rate"));
    fields.confidence = Record::toNumber(member(document, "confidence"));
    fields.aliases = Record::toStringList(member(document, "aliases"));
    fields.tags = Record::toStringList(member(document, "tags"));
    const OrderedJson &versions = member(document, "versions");
    if (versions.is_array()) {
        for (const OrderedJson &item : versions) {
            if (item.is_object())
                fields.versions << Record::toQString(member(item, "version"));
        }
    }
    const OrderedJson &workarounds = member(document, "workarounds");
    if (workarounds.is_array()) {
        for (const OrderedJson &item : workarounds) {
            if (item.is_object())
                fields.workaroundActions << Record::toQString(member(item, "action"));
        }
    }
    fields.workaroundsZh = Record::toStringList(member(document, "workarounds_zh"));
    const OrderedJson &perOs = member(document, "os_specific");
    if (perOs.is_object()) {
        for (const auto &[os, note] : perOs.items())
            fields.osNames << QString::fromStdString(os);
    }
    readTexts(document, fields);
    return fields;
}

RecordFields RecordFields::of(const Record &record)
{
    RecordFields fields;
    if (!record.hasDocument()) {
        thread_local RecordScanner scanner;
        if (scanner.scan(record.originalText(), &fields))
            return fields;
    }
    const Record::ParsedForNow parsed(record);
    return fromRecord(record);
}

bool RecordFields::operator==(const RecordFields &other) const
{
    return sameSummary(summary, other.summary) && errorCode == other.errorCode
        && verificationTier == other.verificationTier && resolvable == other.resolvable && rootCause == other.rootCause
        && rootCauseZh == other.rootCauseZh && fixSuccessRate == other.fixSuccessRate && confidence == other.confidence
        && workaroundActions == other.workaroundActions && workaroundsZh == other.workaroundsZh
        && aliases == other.aliases && tags == other.tags && versions == other.versions && osNames == other.osNames
        && mainHead == other.mainHead && otherHead == other.otherHead && body == other.body;
}

} // namespace Errata
