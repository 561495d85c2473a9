#include "models/publish/ApiFiles.h"

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
#include <optional>
#include <string>

namespace Errata {

namespace {

const QString IndexPath = QStringLiteral("api/v1/index.json");

OrderedJson text(const QString &value)
{
    return value.toStdString();
}

OrderedJson textOrNull(const QString &value)
{
    return value.isEmpty() ? OrderedJson() : text(value);
}

OrderedJson dateOrNull(const QDate &date)
{
    return date.isValid() ? text(date.toString(Qt::ISODate)) : OrderedJson();
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

OrderedJson indexJson(const SiteContext &site, const std::vector<Entry> &entries)
{
    OrderedJson records = OrderedJson::array();
    for (size_t i = 0; i < site.published.size(); ++i) {
        const Record &record = *site.published[i];
        const QString page = site.paths.recordPage(record);
        OrderedJson item = OrderedJson::object();
        item["id"] = text(record.id());
        item["domain"] = text(record.domain());
        item["category"] = text(record.category());
        item["signature"] = text(record.signature());
        item["signature_zh"] = textOrNull(record.signatureZh());
        item["url"] = text(urlFrom(site, IndexPath, page));
        item["url_zh"] = text(urlFrom(site, IndexPath, QStringLiteral("zh/") + page));
        item["json"] = entries[i].stored.isEmpty() ? OrderedJson()
                                                   : text(urlFrom(site, IndexPath, site.paths.recordJson(record)));
        item["updated"] = dateOrNull(record.lastUpdated().isValid() ? record.lastUpdated() : record.lastConfirmed());
        item["valid"] = !hasErrors(site.kb, &record);
        records.push_back(std::move(item));
    }
    OrderedJson index = OrderedJson::object();
    index["format"] = 1;
    index["generator"] = text(site.generator);
    index["reference_date"] = dateOrNull(site.options.today);
    index["count"] = site.published.size();
    index["records"] = std::move(records);
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

QByteArray ApiFiles::compact(const QByteArray &json)
{
    const qsizetype start = json.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    QByteArray out(json.size() - start, Qt::Uninitialized);
    char *to = out.data();
    const char *from = json.constData() + start;
    const char *const end = json.constData() + json.size();
    bool inString = false;
    while (from < end) {
        const char c = *from++;
        if (inString) {
            *to++ = c;
            if (c == '\\' && from < end)
                *to++ = *from++;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
            *to++ = c;
        } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            *to++ = c;
        }
    }
    out.truncate(to - out.constData());
    return out;
}

void ApiFiles::write(const SiteContext &site, SiteSink &sink, QStringList *notes)
{
    const int count = int(site.published.size());
    std::vector<Entry> entries(static_cast<size_t>(count));
    Parallel::forEach(count, [&](int i) { entries[size_t(i)] = entryOf(*site.published[size_t(i)]); });

    QByteArray ndjson;
    for (int i = 0; i < count; ++i) {
        const Record &record = *site.published[size_t(i)];
        Entry &entry = entries[size_t(i)];
        // Compacted here, one at a time, so that no second copy of every
        // record's text is kept.
        const QByteArray line = entry.stored.isEmpty() ? QByteArray() : compact(entry.stored);
        if (!entry.stored.isEmpty() && (line.contains('\n') || line.contains('\r'))) {
            entry.reason = QStringLiteral("its text is not one line of JSON once compacted");
            entry.stored.clear();
        }
        if (entry.stored.isEmpty()) {
            if (notes)
                notes->append(record.id() + QStringLiteral(": ") + entry.reason);
            continue;
        }
        sink.add(site.paths.recordJson(record), entry.stored);
        ndjson += line;
        ndjson += '\n';
    }
    sink.add(QStringLiteral("api/v1/errors.ndjson"), ndjson);
    sink.add(IndexPath, dumped(indexJson(site, entries), -1));
    sink.add(QStringLiteral("api/v1/stats.json"), dumped(statsJson(site, entries), 2));
    sink.add(QStringLiteral("api/v1/openapi.json"), OpenApiDocument::render(site));
    sink.add(QStringLiteral("api/v1/record.schema.json"), SchemaValidator::bundledSchemaText());
}

} // namespace Errata
