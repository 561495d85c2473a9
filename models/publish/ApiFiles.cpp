#include "models/publish/ApiFiles.h"

#include "models/json/JsonWriter.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/Problem.h"
#include "models/publish/OpenApiDocument.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/publish/SiteSink.h"
#include "models/quality/QualityReport.h"
#include "models/record/Record.h"
#include "models/util/Parallel.h"
#include "models/validation/SchemaValidator.h"

#include <QJsonDocument>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>

namespace Errata {

namespace {

const QString IndexPath = QStringLiteral("api/v1/index.json");

OrderedJson text(const QString &value)
{
    return value.toStdString();
}

OrderedJson dateOrNull(const QDate &date)
{
    return date.isValid() ? text(date.toString(Qt::ISODate)) : OrderedJson();
}

void writeDate(JsonWriter &out, const QDate &date)
{
    date.isValid() ? void(out.string(date.toString(Qt::ISODate))) : void(out.null());
}

// A dump that cannot throw: invalid UTF-8 (which parsed records cannot hold)
// becomes U+FFFD. Ends with a newline.
QByteArray dumped(const OrderedJson &value, int indent)
{
    try {
        const std::string out = value.dump(indent, ' ', false, OrderedJson::error_handler_t::replace);
        return QByteArray(out.data(), qsizetype(out.size())) + '\n';
    } catch (const std::exception &) {
        return QByteArrayLiteral("null\n");
    }
}

// A number rounded to 4 decimals, so that summing in another order cannot
// change the last digit written.
OrderedJson rounded(double value)
{
    return std::round(value * 10000.0) / 10000.0;
}

bool hasErrors(const KnowledgeBase &kb, const Record *record)
{
    const QList<Problem> problems = kb.problems(record);
    return std::any_of(problems.begin(), problems.end(), [](const Problem &p) { return p.severity == Problem::Error; });
}

// The URL of a page or file from a file of the API: absolute with a base
// URL, else relative to `from`.
QString urlFrom(const SiteContext &site, const QString &from, const QString &path)
{
    return site.options.baseUrl.isEmpty() ? SitePaths::href(from, path)
                                          : SitePaths::absolute(site.options.baseUrl, path);
}

// What is written of one record, worked out once.
struct Entry
{
    QByteArray stored; // "" when left out
    QString reason;
    qsizetype lineSize = 0; // its line of errors.ndjson, without the newline
    int deadEnds = 0;
    int workarounds = 0;
    std::optional<double> fixRate;
};

// What stats.json counts of a record, read from its text by nlohmann's
// SAX parser: no document is built (the record's own may be in use by
// another thread, and building one would cost most of the time).
class RecordCounts
{
public:
    bool isObject = false;
    int deadEnds = 0;
    int workarounds = 0;
    std::optional<double> fixRate;

    bool null() { return value(); }
    bool boolean(bool) { return value(); }
    bool number_integer(std::int64_t v) { return number(double(v)); }
    bool number_unsigned(std::uint64_t v) { return number(double(v)); }
    bool number_float(double v, const std::string &) { return number(v); }
    bool string(std::string &) { return value(); }
    bool binary(nlohmann::json::binary_t &) { return value(); }
    bool start_object(std::size_t)
    {
        isObject = isObject || m_depth == 0;
        value();
        ++m_depth;
        return true;
    }
    bool key(std::string &key)
    {
        if (m_depth == 1)
            m_key = key;
        return true;
    }
    bool end_object()
    {
        --m_depth;
        return true;
    }
    bool start_array(std::size_t)
    {
        value();
        if (m_depth == 1)
            m_counted = m_key == "dead_ends" ? &deadEnds : m_key == "workarounds" ? &workarounds : nullptr;
        ++m_depth;
        return true;
    }
    bool end_array()
    {
        if (--m_depth == 1)
            m_counted = nullptr;
        return true;
    }
    bool parse_error(std::size_t, const std::string &, const nlohmann::json::exception &) { return false; }

private:
    bool value()
    {
        if (m_depth == 2 && m_counted)
            ++*m_counted;
        return true;
    }
    bool number(double v)
    {
        if (m_depth == 1 && m_key == "fix_success_rate")
            fixRate = v;
        return value();
    }
    int m_depth = 0;
    std::string m_key;
    int *m_counted = nullptr;
};

Entry entryOf(const Record &record)
{
    Entry entry;
    entry.stored = ApiFiles::storedText(record, &entry.reason);
    if (entry.stored.isEmpty())
        return entry;
    RecordCounts counts; // nlohmann skips a byte order mark
    const bool parsed = nlohmann::json::sax_parse(entry.stored.constBegin(), entry.stored.constEnd(), &counts);
    if (!parsed || !counts.isObject) {
        entry.reason = QStringLiteral("its text is not a JSON object");
        entry.stored.clear();
        return entry;
    }
    entry.deadEnds = counts.deadEnds;
    entry.workarounds = counts.workarounds;
    entry.fixRate = counts.fixRate;
    return entry;
}

// One entry of index.json's records.
void writeIndexEntry(JsonWriter out, const SiteContext &site, const Record &record, const Entry &entry)
{
    const QString page = site.paths.recordPage(record);
    out.raw('{').key("id", true).string(record.id());
    out.key("domain").string(record.domain());
    out.key("category").string(record.category());
    out.key("signature").string(record.signature());
    out.key("signature_zh").stringOrNull(record.signatureZh());
    out.key("url").string(urlFrom(site, IndexPath, page));
    out.key("url_zh").string(urlFrom(site, IndexPath, QStringLiteral("zh/") + page));
    out.key("json");
    entry.stored.isEmpty() ? void(out.null())
                           : void(out.string(urlFrom(site, IndexPath, site.paths.recordJson(record))));
    out.key("updated");
    writeDate(out, record.lastUpdated().isValid() ? record.lastUpdated() : record.lastConfirmed());
    out.key("valid").boolean(!hasErrors(site.kb, &record)).raw('}');
}

// index.json, its records written in chunks on all cores and joined in order.
QByteArray indexJson(const SiteContext &site, const std::vector<Entry> &entries)
{
    constexpr int ChunkSize = 64;
    const int count = int(site.published.size());
    std::vector<QByteArray> chunks(size_t((count + ChunkSize - 1) / ChunkSize));
    Parallel::forEach(int(chunks.size()), [&](int c) {
        QByteArray &text = chunks[size_t(c)];
        for (int i = c * ChunkSize; i < qMin(count, (c + 1) * ChunkSize); ++i) {
            if (i > 0)
                text += ',';
            writeIndexEntry(JsonWriter(text), site, *site.published[size_t(i)], entries[size_t(i)]);
        }
    });
    QByteArray index;
    JsonWriter out(index);
    out.raw("{\"format\":1").key("generator").string(site.generator).key("reference_date");
    writeDate(out, site.options.today);
    out.key("count").integer(count).key("records").raw('[');
    for (const QByteArray &chunk : chunks)
        out.raw(chunk);
    out.raw("]}\n");
    return index;
}

struct DomainCounts
{
    int records = 0;
    QMap<QString, int> categories;
    double rateSum = 0;
    int rated = 0;
};

OrderedJson statsJson(const SiteContext &site, const std::vector<Entry> &entries)
{
    QMap<QString, DomainCounts> domains;
    qint64 deadEnds = 0, workarounds = 0, links = 0;
    int categories = 0;
    for (size_t i = 0; i < site.published.size(); ++i) {
        const Record &record = *site.published[i];
        DomainCounts &counts = domains[record.domain()];
        ++counts.records;
        if (!counts.categories.contains(record.category()))
            ++categories;
        ++counts.categories[record.category()];
        if (entries[i].fixRate) {
            counts.rateSum += *entries[i].fixRate;
            ++counts.rated;
        }
        deadEnds += entries[i].deadEnds;
        workarounds += entries[i].workarounds;
        links += record.linkTargets().size();
    }
    OrderedJson byDomain = OrderedJson::object();
    for (auto it = domains.cbegin(); it != domains.cend(); ++it) {
        OrderedJson row = OrderedJson::object();
        row["records"] = it->records;
        OrderedJson perCategory = OrderedJson::object();
        for (auto c = it->categories.cbegin(); c != it->categories.cend(); ++c)
            perCategory[c.key().toStdString()] = c.value();
        row["categories"] = std::move(perCategory);
        row["avg_fix_success_rate"] = it->rated ? rounded(it->rateSum / it->rated) : OrderedJson();
        byDomain[it.key().toStdString()] = std::move(row);
    }
    OrderedJson stats = OrderedJson::object();
    stats["format"] = 1;
    stats["generator"] = text(site.generator);
    stats["reference_date"] = dateOrNull(site.options.today);
    stats["records"] = site.published.size();
    stats["domains"] = domains.size();
    stats["categories"] = categories;
    stats["dead_ends"] = deadEnds;
    stats["workarounds"] = workarounds;
    stats["links"] = links;
    stats["by_domain"] = std::move(byDomain);
    if (site.quality) {
        // QJsonObject's keys are sorted: the same report, the same bytes.
        const QByteArray quality = QJsonDocument(site.quality->toJson()).toJson(QJsonDocument::Compact);
        OrderedJson report = OrderedJson::parse(quality.constBegin(), quality.constEnd(), nullptr, false);
        stats["quality"] = report.is_discarded() ? OrderedJson() : std::move(report);
    }
    return stats;
}

} // namespace

QByteArray ApiFiles::storedText(const Record &record, QString *reason)
{
    if (!record.isModified()) {
        if (record.originalText().isEmpty())
            *reason = QStringLiteral("the KB holds no text of it");
        return record.originalText();
    }
    try {
        return record.serialize();
    } catch (const std::exception &e) {
        *reason = QStringLiteral("it cannot be written as JSON: %1").arg(QString::fromUtf8(e.what()));
        return QByteArray();
    }
}

namespace {

// The bytes compact() keeps of `json`, written to `to` when Write; returns
// how many. `breaksLine` (when given) tells whether they hold a CR or LF.
template<bool Write>
qsizetype compactTo(const QByteArray &json, char *to, bool *breaksLine = nullptr)
{
    const qsizetype start = json.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    const char *from = json.constData() + start;
    const char *const end = json.constData() + json.size();
    qsizetype size = 0;
    bool breaks = false;
    const auto put = [&](char c) {
        if constexpr (Write)
            to[size] = c;
        breaks = breaks || c == '\n' || c == '\r';
        ++size;
    };
    bool inString = false;
    while (from < end) {
        const char c = *from++;
        if (inString) {
            put(c);
            if (c == '\\' && from < end)
                put(*from++);
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
            put(c);
        } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            put(c);
        }
    }
    if (breaksLine)
        *breaksLine = breaks;
    return size;
}

// The record's entry; its text, when kept, is added to `sink` here.
Entry writtenEntry(const SiteContext &site, const Record &record, SiteSink &sink)
{
    Entry entry = entryOf(record);
    if (entry.stored.isEmpty())
        return entry;
    bool breaksLine = false;
    entry.lineSize = compactTo<false>(entry.stored, nullptr, &breaksLine);
    if (breaksLine) {
        entry.reason = QStringLiteral("its text is not one line of JSON once compacted");
        entry.stored.clear();
        return entry;
    }
    sink.add(site.paths.recordJson(record), entry.stored);
    return entry;
}

// errors.ndjson: the kept entries' lines, in order, compacted on all cores
// straight into their place (no second copy of every record's text).
QByteArray ndjsonOf(const std::vector<Entry> &entries)
{
    std::vector<qsizetype> offsets(entries.size() + 1, 0);
    for (size_t i = 0; i < entries.size(); ++i)
        offsets[i + 1] = offsets[i] + (entries[i].stored.isEmpty() ? 0 : entries[i].lineSize + 1);
    QByteArray ndjson(offsets.back(), Qt::Uninitialized);
    char *const data = ndjson.data();
    Parallel::forEach(int(entries.size()), [&](int i) {
        const Entry &entry = entries[size_t(i)];
        if (entry.stored.isEmpty())
            return;
        char *const at = data + offsets[size_t(i)];
        compactTo<true>(entry.stored, at);
        at[entry.lineSize] = '\n';
    });
    return ndjson;
}

} // namespace

QByteArray ApiFiles::compact(const QByteArray &json)
{
    QByteArray out(compactTo<false>(json, nullptr), Qt::Uninitialized);
    compactTo<true>(json, out.data());
    return out;
}

void ApiFiles::write(const SiteContext &site, SiteSink &sink, QStringList *notes)
{
    const int count = int(site.published.size());
    std::vector<Entry> entries(static_cast<size_t>(count));
    Parallel::forEach(count, [&](int i) { entries[size_t(i)] = writtenEntry(site, *site.published[size_t(i)], sink); });
    for (int i = 0; i < count; ++i) {
        if (notes && entries[size_t(i)].stored.isEmpty())
            notes->append(site.published[size_t(i)]->id() + QStringLiteral(": ") + entries[size_t(i)].reason);
    }
    // The rest side by side, stats.json (the quality report) the largest first.
    const std::vector<std::function<void()>> files = {
        [&] { sink.add(QStringLiteral("api/v1/stats.json"), dumped(statsJson(site, entries), 2)); },
        [&] { sink.add(IndexPath, indexJson(site, entries)); },
        [&] { sink.add(QStringLiteral("api/v1/errors.ndjson"), ndjsonOf(entries)); },
        [&] { sink.add(QStringLiteral("api/v1/openapi.json"), OpenApiDocument::render(site)); },
        [&] { sink.add(QStringLiteral("api/v1/record.schema.json"), SchemaValidator::bundledSchemaText()); },
    };
    Parallel::forEach(int(files.size()), [&](int i) { files[size_t(i)](); });
}

} // namespace Errata
