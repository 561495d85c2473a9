#include "models/mcp/McpListingTools.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/LinkIndex.h"
#include "models/kb/Problem.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpTools.h"
#include "models/mcp/RecordEnvironment.h"
#include "models/quality/QualityModel.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"

#include <QDate>
#include <QJsonArray>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <vector>

namespace Errata {

namespace {

constexpr int DefaultPage = 50;          // records of list_records
constexpr int DefaultEnvironments = 100; // names of each kind in list_environments
constexpr int NamesInText = 10;          // of each kind, in list_environments' text

int intArgument(const QJsonObject &arguments, const char16_t *key, int fallback)
{
    const QJsonValue value = arguments.value(key);
    return value.isUndefined() ? fallback : value.toInt(fallback);
}

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonValue rateOrNull(double rate)
{
    return rate < 0 ? QJsonValue() : QJsonValue(rate);
}

// Rounded to 4 decimals, as stats.json's averages: summing in another order
// cannot change the last digit given.
QJsonValue average(double sum, int count)
{
    return count == 0 ? QJsonValue() : QJsonValue(std::round(sum / count * 10000.0) / 10000.0);
}

QJsonArray countsJson(const QMap<QString, int> &counts, const QString &key)
{
    QJsonArray array;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        array.append(QJsonObject{{key, it.key()}, {QStringLiteral("count"), it.value()}});
    return array;
}

void sortById(const KnowledgeBase &kb, std::vector<const Record *> &records)
{
    std::sort(records.begin(), records.end(), [&kb](const Record *a, const Record *b) {
        if (a->id() != b->id())
            return a->id() < b->id();
        return kb.relativePath(a->filePath()) < kb.relativePath(b->filePath());
    });
}

// One record of list_records: what its summary and the search index know of it.
QJsonObject recordItem(const KnowledgeBase &kb, const SearchIndex &index, const Record &record)
{
    const SearchIndex::Entry *entry = index.entryOf(&record);
    return QJsonObject{{QStringLiteral("id"), record.id()},
                       {QStringLiteral("file"), kb.relativePath(record.filePath())},
                       {QStringLiteral("domain"), record.domain()},
                       {QStringLiteral("category"), record.category()},
                       {QStringLiteral("signature"), record.signature()},
                       {QStringLiteral("verification_tier"), entry ? textOrNull(entry->tier) : QJsonValue()},
                       {QStringLiteral("resolvable"), entry ? textOrNull(entry->resolvable) : QJsonValue()},
                       {QStringLiteral("fix_success_rate"), entry ? rateOrNull(entry->fixRate) : QJsonValue()},
                       {QStringLiteral("confidence"), entry ? rateOrNull(entry->confidence) : QJsonValue()},
                       {QStringLiteral("stale"), entry && entry->stale},
                       {QStringLiteral("valid"), !(entry && (entry->severities & (1 << Problem::Error)))}};
}

// What domain_stats adds to a QualityReport row.
struct Extra
{
    QMap<QString, int> categories;
    double confidenceSum = 0;
    int confident = 0;
    double rateSum = 0;
    int rated = 0;
    qint64 linksOut = 0;
    qint64 linksIn = 0;
    QSet<QString> ids; // whose links in are counted
};

void addTo(Extra &extra, const KnowledgeBase &kb, const SearchIndex &index, const Record &record)
{
    ++extra.categories[record.category()];
    if (const SearchIndex::Entry *entry = index.entryOf(&record)) {
        if (entry->confidence >= 0) {
            extra.confidenceSum += entry->confidence;
            ++extra.confident;
        }
        if (entry->fixRate >= 0) {
            extra.rateSum += entry->fixRate;
            ++extra.rated;
        }
    }
    extra.linksOut += record.summary().links.size();
    if (!extra.ids.contains(record.id())) {
        extra.ids.insert(record.id());
        extra.linksIn += kb.links().backlinks(record.id()).size();
    }
}

QJsonObject statsJson(const QualityReport::Row &row, const Extra &extra)
{
    QJsonObject object;
    for (QualityReport::Metric metric : QualityReport::metrics())
        object.insert(QualityReport::key(metric), row.count(metric));
    object.insert(QStringLiteral("categories"), countsJson(extra.categories, QStringLiteral("category")));
    object.insert(QStringLiteral("avg_confidence"), average(extra.confidenceSum, extra.confident));
    object.insert(QStringLiteral("avg_fix_success_rate"), average(extra.rateSum, extra.rated));
    object.insert(QStringLiteral("links_out"), extra.linksOut);
    object.insert(QStringLiteral("links_in"), extra.linksIn);
    return object;
}

QString statsLine(const QString &name, const QJsonObject &row)
{
    const QJsonValue rate = row.value(u"avg_fix_success_rate");
    return QStringLiteral("%1: %2 records, %3 with errors, %4 stale, %5 orphans, average fix rate %6")
        .arg(name, QString::number(row.value(u"records").toInt()), QString::number(row.value(u"invalid").toInt()),
             QString::number(row.value(u"stale").toInt()), QString::number(row.value(u"orphans").toInt()),
             rate.isNull() ? QStringLiteral("none") : QString::number(rate.toDouble(), 'f', 2));
}

// How many records name each runtime, system or country, and in which domains.
struct Tally
{
    int count = 0;
    QMap<QString, int> domains;
    QString label; // a country's name
};
using Tallies = QMap<QString, Tally>;

void count(Tallies &tallies, const QStringList &names, const QString &domain)
{
    for (const QString &name : names) {
        Tally &tally = tallies[name];
        ++tally.count;
        ++tally.domains[domain];
    }
}

// {"total": distinct names, "items": the first `limit`, most records first},
// and the first of them for the text in `line`.
QJsonObject talliesJson(const Tallies &tallies, int limit, const QString &key, bool labelled, QString *line)
{
    std::vector<Tallies::const_iterator> order;
    for (auto it = tallies.cbegin(); it != tallies.cend(); ++it)
        order.push_back(it);
    std::stable_sort(order.begin(), order.end(), [](auto a, auto b) { return a->count > b->count; });
    QJsonArray items;
    QStringList named;
    for (const Tallies::const_iterator &it : order) {
        if (items.size() == limit)
            break;
        QJsonObject item{{key, it.key()},
                         {QStringLiteral("count"), it->count},
                         {QStringLiteral("domains"), countsJson(it->domains, QStringLiteral("domain"))}};
        if (labelled)
            item.insert(QStringLiteral("name"), textOrNull(it->label));
        items.append(item);
        if (named.size() < NamesInText)
            named << QStringLiteral("%1 %2").arg(McpTools::shortened(it.key(), 40)).arg(it->count);
    }
    *line = QStringLiteral("(%1)%2%3")
                .arg(QString::number(tallies.size()), named.isEmpty() ? QString() : QStringLiteral(": "),
                     named.join(QStringLiteral(", ")));
    return QJsonObject{{QStringLiteral("total"), int(tallies.size())}, {QStringLiteral("items"), items}};
}

} // namespace

McpListingTools::McpListingTools(McpKnowledgeBase &kb)
    : m_kb(kb)
{
}

QStringList McpListingTools::domains() const
{
    QSet<QString> seen;
    for (const Record *record : m_kb.kb().records())
        seen.insert(record->domain());
    QStringList domains(seen.cbegin(), seen.cend());
    domains.sort();
    return domains;
}

QString McpListingTools::unknownDomain(const QString &domain, const QStringList &domains)
{
    const QString given = McpTools::shortened(domain, 200);
    if (domains.isEmpty())
        return QStringLiteral("No record has the domain \"%1\": the KB holds no record.").arg(given);
    QStringList named;
    for (const QString &name : domains.mid(0, DomainsNamed))
        named << McpTools::shortened(name, 60);
    QString list = named.join(QStringLiteral(", "));
    if (domains.size() > DomainsNamed)
        list += QStringLiteral(" and %1 more (list_domains gives them all)").arg(domains.size() - DomainsNamed);
    return QStringLiteral("No record has the domain \"%1\". The domains: %2.").arg(given, list);
}

QJsonObject McpListingTools::listRecords(const QJsonObject &arguments) const
{
    const KnowledgeBase &kb = m_kb.kb();
    const QString domain = arguments.value(u"domain").toString();
    const QJsonValue category = arguments.value(u"category");
    const QJsonValue environment = arguments.value(u"environment");
    std::vector<const Record *> records;
    QMap<QString, int> categories;
    for (const Record *record : kb.records()) {
        if (record->domain() != domain)
            continue;
        ++categories[record->category()];
        if (category.isString() && record->category() != category.toString())
            continue;
        if (environment.isString() && !RecordEnvironment::of(record->originalText()).names(environment.toString()))
            continue;
        records.push_back(record);
    }
    if (categories.isEmpty())
        return McpTools::failure(unknownDomain(domain, domains()));
    if (category.isString() && !categories.contains(category.toString()))
        return McpTools::failure(QStringLiteral("The domain %1 has no category \"%2\". Its categories: %3.")
                                     .arg(McpTools::shortened(domain, 200),
                                          McpTools::shortened(category.toString(), 200),
                                          McpTools::shortened(categories.keys().join(QStringLiteral(", ")), 1000)));
    sortById(kb, records);
    const int limit = intArgument(arguments, u"limit", DefaultPage);
    const qint64 offset = qint64(arguments.value(u"offset").toDouble(0));
    const qint64 total = qint64(records.size());
    QJsonArray items;
    QStringList lines;
    for (qint64 i = offset; i < total && items.size() < limit; ++i) {
        items.append(recordItem(kb, m_kb.index(), *records[size_t(i)]));
        lines << QStringLiteral("%1  %2").arg(records[size_t(i)]->id(),
                                              McpTools::shortened(records[size_t(i)]->signature()));
    }
    const qint64 next = offset + items.size();
    QString text;
    if (total == 0)
        text = QStringLiteral("No record of %1%2 names the environment \"%3\"; list_environments gives the names.")
                   .arg(McpTools::shortened(domain, 200),
                        category.isString()
                            ? QStringLiteral(" (category %1)").arg(McpTools::shortened(category.toString(), 200))
                            : QString(),
                        McpTools::shortened(environment.toString(), 200));
    else if (items.isEmpty())
        text = QStringLiteral("No records from offset %1: %2 match.").arg(offset).arg(total);
    else
        text = QStringLiteral("Records %1-%2 of %3:\n").arg(offset + 1).arg(next).arg(total)
            + lines.join(QLatin1Char('\n'))
            + (next < total ? QStringLiteral("\nThe next page: offset %1.").arg(next) : QString());
    return McpTools::success(
        QJsonObject{{QStringLiteral("domain"), domain},
                    {QStringLiteral("category"), category.isString() ? category : QJsonValue()},
                    {QStringLiteral("environment"), environment.isString() ? environment : QJsonValue()},
                    {QStringLiteral("total"), total},
                    {QStringLiteral("offset"), offset},
                    {QStringLiteral("limit"), limit},
                    {QStringLiteral("next_offset"), next < total ? QJsonValue(next) : QJsonValue()},
                    {QStringLiteral("records"), items}},
        text);
}

QJsonObject McpListingTools::domainStats(const QJsonObject &arguments) const
{
    const KnowledgeBase &kb = m_kb.kb();
    const QJsonValue wanted = arguments.value(u"domain");
    QMap<QString, Extra> extras;
    Extra all;
    for (const Record *record : kb.records()) {
        addTo(extras[record->domain()], kb, m_kb.index(), *record);
        addTo(all, kb, m_kb.index(), *record);
    }
    if (wanted.isString() && !extras.contains(wanted.toString()))
        return McpTools::failure(unknownDomain(wanted.toString(), extras.keys()));
    const QJsonValue date = arguments.value(u"reference_date");
    const QDate today = date.isString() ? QDate::fromString(date.toString(), Qt::ISODate) : QDate::currentDate();
    if (!today.isValid())
        return McpTools::failure(QStringLiteral("reference_date must be a date as YYYY-MM-DD, not \"%1\".")
                                     .arg(McpTools::shortened(date.toString(), 40)));
    const QualityReport report = QualityModel::compute(kb, today);
    QJsonArray rows;
    QStringList lines;
    for (const QualityReport::Row &row : report.byDomain) {
        if (wanted.isString() && row.domain != wanted.toString())
            continue;
        QJsonObject object = statsJson(row, extras.value(row.domain));
        object.insert(QStringLiteral("domain"), row.domain);
        rows.append(object);
        lines << statsLine(McpTools::shortened(row.domain, 60), object);
    }
    const QJsonObject total = statsJson(report.total, all);
    const QString text =
        QStringLiteral("As of %1. %2\n").arg(today.toString(Qt::ISODate), statsLine(QStringLiteral("All"), total))
        + lines.join(QLatin1Char('\n'));
    return McpTools::success(QJsonObject{{QStringLiteral("reference_date"), today.toString(Qt::ISODate)},
                                         {QStringLiteral("total"), total},
                                         {QStringLiteral("domains"), rows}},
                             text);
}

QJsonObject McpListingTools::listEnvironments(const QJsonObject &arguments) const
{
    const KnowledgeBase &kb = m_kb.kb();
    const QJsonValue wanted = arguments.value(u"domain");
    Tallies runtimes, systems, countries;
    int considered = 0;
    int named = 0;
    QSet<QString> seen;
    for (const Record *record : kb.records()) {
        seen.insert(record->domain());
        if (wanted.isString() && record->domain() != wanted.toString())
            continue;
        ++considered;
        const RecordEnvironment environment = RecordEnvironment::of(record->originalText());
        named += environment.isEmpty() ? 0 : 1;
        count(runtimes, environment.runtimes, record->domain());
        count(systems, environment.os, record->domain());
        count(countries, environment.countries, record->domain());
        for (const QString &code : environment.countries)
            if (countries[code].label.isEmpty())
                countries[code].label = environment.countryName;
    }
    if (wanted.isString() && !seen.contains(wanted.toString())) {
        QStringList domains(seen.cbegin(), seen.cend());
        domains.sort();
        return McpTools::failure(unknownDomain(wanted.toString(), domains));
    }
    const int limit = intArgument(arguments, u"limit", DefaultEnvironments);
    QString runtimeLine, osLine, countryLine;
    const QJsonObject structured{
        {QStringLiteral("domain"), wanted.isString() ? wanted : QJsonValue()},
        {QStringLiteral("records"), considered},
        {QStringLiteral("records_naming_one"), named},
        {QStringLiteral("runtimes"), talliesJson(runtimes, limit, QStringLiteral("name"), false, &runtimeLine)},
        {QStringLiteral("os"), talliesJson(systems, limit, QStringLiteral("name"), false, &osLine)},
        {QStringLiteral("countries"), talliesJson(countries, limit, QStringLiteral("code"), true, &countryLine)}};
    return McpTools::success(
        structured,
        QStringLiteral("%1 of %2 records name an environment.\nRuntimes %3\nOperating systems %4\nCountries %5\n"
                       "list_records with a domain and environment lists the records of one.")
            .arg(QString::number(named), QString::number(considered), runtimeLine, osLine, countryLine));
}

} // namespace Errata
