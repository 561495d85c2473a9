#include "models/convert/DeadendsConverter.h"

#include "models/record/Record.h"

#include <QPair>

#include <stdexcept>

namespace Errata {

namespace {

const char *const ErrorKeys[] = {"signature", "regex", "domain", "category", "first_seen", "last_confirmed"};
const char *const VerdictKeys[] = {"resolvable", "fix_success_rate", "confidence", "last_updated"};
const QString OperatorChars = QStringLiteral("<>=!~^");

const OrderedJson &member(const OrderedJson &object, const char *key)
{
    return Record::member(object, key);
}

void copyIfPresent(const OrderedJson &from, const char *fromKey, OrderedJson &to, const char *toKey)
{
    if (from.is_object() && from.contains(fromKey))
        to[toKey] = from.at(fromKey);
}

void merge(OrderedJson &into, const OrderedJson &from)
{
    if (from.is_object())
        into.update(from);
}

// The members of `object` other than `taken`, in their order.
OrderedJson remainder(const OrderedJson &object, std::initializer_list<const char *> taken)
{
    OrderedJson rest = OrderedJson::object();
    if (!object.is_object())
        return rest;
    for (const auto &[key, value] : object.items()) {
        bool isTaken = false;
        for (const char *name : taken)
            isTaken = isTaken || key == name;
        if (!isTaken)
            rest[key] = value;
    }
    return rest;
}

QString text(const OrderedJson &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

OrderedJson importedVersions(const OrderedJson &runtime, OrderedJson &extra)
{
    const QString name = text(member(runtime, "name"));
    const QString range = text(member(runtime, "version_range"));
    const QString version = DeadendsConverter::composeVersion(name, range);
    const bool exact = runtime.is_object() && runtime.size() == 2 && member(runtime, "name").is_string()
        && member(runtime, "version_range").is_string()
        && DeadendsConverter::splitVersion(version) == qMakePair(name, range);
    if (!exact)
        extra["runtime"] = runtime; // the split cannot give it back: keep the original
    return OrderedJson::array({OrderedJson{{"version", version.toStdString()}}});
}

OrderedJson exportedRuntime(const OrderedJson &record, const OrderedJson &extra)
{
    const OrderedJson versions = member(record, "versions");
    if (!versions.is_array() || versions.empty())
        return OrderedJson();
    const QString version = text(member(versions.at(0), "version"));
    const OrderedJson kept = member(extra, "runtime");
    if (!kept.is_null()) {
        const QString keptVersion = DeadendsConverter::composeVersion(text(member(kept, "name")),
                                                                      text(member(kept, "version_range")));
        if (keptVersion == version)
            return kept;
    }
    // The version was edited: keep the runtime's other members ("arch", ...).
    const auto [name, range] = DeadendsConverter::splitVersion(version);
    OrderedJson runtime = kept.is_object() ? kept : OrderedJson::object();
    runtime["name"] = name.toStdString();
    runtime["version_range"] = range.toStdString();
    return runtime;
}

} // namespace

QString DeadendsConverter::composeVersion(const QString &name, const QString &range)
{
    if (range.isEmpty())
        return name;
    return OperatorChars.contains(range.at(0)) ? name + range : name + QLatin1Char(' ') + range;
}

QPair<QString, QString> DeadendsConverter::splitVersion(const QString &version)
{
    for (qsizetype i = 0; i < version.size(); ++i) {
        if (OperatorChars.contains(version.at(i)))
            return {version.left(i).trimmed(), version.mid(i)};
    }
    const qsizetype space = version.lastIndexOf(QLatin1Char(' '));
    if (space < 0)
        return {version, QString()};
    return {version.left(space), version.mid(space + 1)};
}

OrderedJson DeadendsConverter::toRecord(const OrderedJson &canon)
{
    if (!canon.is_object())
        throw std::invalid_argument("a canon must be a JSON object");
    const OrderedJson error = member(canon, "error");
    if (!error.is_object())
        throw std::invalid_argument("not a deadends.dev canon: it has no \"error\" object");
    const OrderedJson verdict = member(canon, "verdict");
    const OrderedJson environment = member(canon, "environment");
    const OrderedJson metadata = member(canon, "metadata");

    OrderedJson extra = OrderedJson::object();
    OrderedJson record = OrderedJson::object();
    copyIfPresent(canon, "id", record, "id");
    copyIfPresent(error, "signature", record, "signature");
    copyIfPresent(error, "regex", record, "regex");
    copyIfPresent(error, "domain", record, "domain");
    copyIfPresent(error, "category", record, "category");
    copyIfPresent(verdict, "summary", record, "root_cause");
    const bool hasRuntime = !member(environment, "runtime").is_null(); // a null runtime stays in environment
    if (hasRuntime)
        record["versions"] = importedVersions(environment.at("runtime"), extra);
    copyIfPresent(canon, "dead_ends", record, "dead_ends");
    copyIfPresent(canon, "workarounds", record, "workarounds");
    copyIfPresent(canon, "transition_graph", record, "transition_graph");
    const OrderedJson status = member(metadata, "review_status");
    if (status == "auto_generated")
        record["verification_tier"] = "ai_generated";
    else if (status.is_string() && status != "ai_generated")
        record["verification_tier"] = status;
    else if (metadata.is_object() && metadata.contains("review_status"))
        extra["review_status"] = status; // would not come back unchanged (null included)
    copyIfPresent(verdict, "confidence", record, "confidence");
    copyIfPresent(verdict, "fix_success_rate", record, "fix_success_rate");
    copyIfPresent(verdict, "resolvable", record, "resolvable");
    copyIfPresent(error, "first_seen", record, "first_seen");
    copyIfPresent(error, "last_confirmed", record, "last_confirmed");
    copyIfPresent(verdict, "last_updated", record, "last_updated");
    copyIfPresent(metadata, "evidence_count", record, "evidence_count");

    copyIfPresent(canon, "schema_version", extra, "schema_version");
    copyIfPresent(canon, "url", extra, "url");
    const OrderedJson restOfError = remainder(
        error, {"signature", "regex", "domain", "category", "first_seen", "last_confirmed"});
    if (!restOfError.empty())
        extra["error"] = restOfError;
    const OrderedJson restOfVerdict = remainder(
        verdict, {"resolvable", "fix_success_rate", "confidence", "last_updated", "summary"});
    if (!restOfVerdict.empty() || (verdict.is_object() && verdict.empty()))
        extra["verdict"] = restOfVerdict; // an empty verdict comes back as {}
    if (environment.is_object())
        extra["environment"] = hasRuntime ? remainder(environment, {"runtime"}) : environment;
    if (metadata.is_object())
        extra["metadata"] = remainder(metadata, {"review_status", "evidence_count"});
    OrderedJson restOfCanon = remainder(
        canon, {"schema_version", "id", "url", "error", "dead_ends", "workarounds", "transition_graph"});
    for (const char *key : {"environment", "verdict", "metadata"}) {
        if (member(canon, key).is_object())
            restOfCanon.erase(key); // mapped above; anything else is kept as it is
    }
    for (const auto &[key, value] : restOfCanon.items())
        extra["top"][key] = value;
    record["x_deadends"] = extra;
    return record;
}

OrderedJson DeadendsConverter::toCanon(const OrderedJson &record)
{
    const OrderedJson extra = member(record, "x_deadends");
    OrderedJson canon = OrderedJson::object();
    copyIfPresent(extra, "schema_version", canon, "schema_version");
    copyIfPresent(record, "id", canon, "id");
    copyIfPresent(extra, "url", canon, "url");

    OrderedJson error = OrderedJson::object();
    for (const char *key : ErrorKeys)
        copyIfPresent(record, key, error, key);
    merge(error, member(extra, "error"));
    canon["error"] = error;

    const OrderedJson runtime = exportedRuntime(record, extra);
    const OrderedJson environmentRest = member(extra, "environment");
    if (!runtime.is_null() || environmentRest.is_object()) {
        OrderedJson environment = OrderedJson::object();
        if (!runtime.is_null())
            environment["runtime"] = runtime;
        merge(environment, environmentRest);
        canon["environment"] = environment;
    }

    OrderedJson verdict = OrderedJson::object();
    for (const char *key : VerdictKeys)
        copyIfPresent(record, key, verdict, key);
    copyIfPresent(record, "root_cause", verdict, "summary");
    merge(verdict, member(extra, "verdict"));
    if (!verdict.empty() || member(extra, "verdict").is_object())
        canon["verdict"] = verdict;

    copyIfPresent(record, "dead_ends", canon, "dead_ends");
    copyIfPresent(record, "workarounds", canon, "workarounds");
    copyIfPresent(record, "transition_graph", canon, "transition_graph");

    const OrderedJson metadataRest = member(extra, "metadata");
    OrderedJson metadata = OrderedJson::object();
    copyIfPresent(metadataRest, "generated_by", metadata, "generated_by");
    copyIfPresent(metadataRest, "generation_date", metadata, "generation_date");
    const OrderedJson tier = member(record, "verification_tier");
    if (tier.is_null() && extra.is_object() && extra.contains("review_status"))
        metadata["review_status"] = extra.at("review_status"); // unless a tier was set since
    else if (tier == "ai_generated")
        metadata["review_status"] = "auto_generated";
    else if (!tier.is_null())
        metadata["review_status"] = tier;
    copyIfPresent(record, "evidence_count", metadata, "evidence_count");
    merge(metadata, metadataRest);
    if (!metadata.empty() || metadataRest.is_object())
        canon["metadata"] = metadata;

    const OrderedJson top = member(extra, "top");
    merge(canon, top);
    return canon;
}

} // namespace Errata
