#include "models/mcp/McpTools.h"

#include "models/kb/KnowledgeBase.h"
#include "models/links/LinkGraph.h"
#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupResult.h"
#include "models/matching/LogMatcher.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpListingTools.h"
#include "models/mcp/McpLookupAnswer.h"
#include "models/mcp/McpToolCatalog.h"
#include "models/outcomes/OutcomeLog.h"
#include "models/outcomes/OutcomeSummary.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "models/search/SearchQuery.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>

#include <algorithm>
#include <cmath>

namespace Errata {

namespace {

constexpr int MaxLinesShown = 20; // per record, in match_log

QJsonObject documentOf(const Record &record)
{
    const std::string text = record.json().dump(-1, ' ', false, nlohmann::detail::error_handler_t::replace);
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

int intArgument(const QJsonObject &arguments, const char16_t *key, int fallback)
{
    const QJsonValue value = arguments.value(key);
    return value.isUndefined() ? fallback : value.toInt(fallback);
}

// A report's index as the JSON number given, never wrapped into an int:
// -1 for anything but a whole number of 0 or more.
qint64 indexArgument(const QJsonValue &value)
{
    const double number = value.toDouble(-1);
    if (!value.isDouble() || !std::isfinite(number) || number != std::floor(number) || number < 0 || number >= 9.0e15)
        return -1;
    return qint64(number);
}

} // namespace

McpTools::McpTools(McpKnowledgeBase &kb)
    : m_kb(kb)
{
}

void McpTools::setOutcomes(const QString &folder, const QString &refusal)
{
    m_outcomeFolder = folder;
    m_outcomeRefusal = refusal;
}

bool McpTools::hasTool(const QString &name) const
{
    return !McpToolCatalog::tool(name).isEmpty();
}

QJsonObject McpTools::success(const QJsonObject &structured, const QString &text)
{
    return QJsonObject{
        {QStringLiteral("content"),
         QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}}}},
        {QStringLiteral("structuredContent"), structured},
        {QStringLiteral("isError"), false}};
}

QString McpTools::shortened(const QString &text, int length)
{
    const QString simple = text.simplified();
    return simple.size() <= length ? simple : simple.left(length - 1) + QChar(0x2026);
}

QJsonObject McpTools::failure(const QString &message)
{
    return QJsonObject{
        {QStringLiteral("content"),
         QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), message}}}},
        {QStringLiteral("isError"), true}};
}

QString McpTools::argumentProblem(const QString &name, const QJsonObject &arguments)
{
    const QString problem = McpToolCatalog::check(McpToolCatalog::tool(name).value(u"inputSchema").toObject(),
                                                  arguments);
    return problem.isEmpty() ? problem : QStringLiteral("Invalid arguments for %1: %2.").arg(name, problem);
}

bool McpTools::isLookup(const QString &name)
{
    return name == QLatin1String("lookup_error") || name == QLatin1String("batch_lookup");
}

QByteArray McpTools::callText(const QString &name, const QJsonObject &arguments, bool structured)
{
    if (isLookup(name) && argumentProblem(name, arguments).isEmpty())
        return name == QLatin1String("lookup_error") ? lookupError(arguments, structured)
                                                     : batchLookup(arguments, structured);
    QJsonObject result = call(name, arguments);
    if (!structured)
        result.remove(u"structuredContent");
    return QJsonDocument(result).toJson(QJsonDocument::Compact);
}

QJsonObject McpTools::call(const QString &name, const QJsonObject &arguments)
{
    const QString problem = argumentProblem(name, arguments);
    if (!problem.isEmpty())
        return failure(problem);
    if (isLookup(name))
        return QJsonDocument::fromJson(callText(name, arguments, true)).object();
    if (name == QLatin1String("get_record"))
        return getRecord(arguments);
    if (name == QLatin1String("search_records"))
        return searchRecords(arguments);
    if (name == QLatin1String("match_log"))
        return matchLog(arguments);
    if (name == QLatin1String("get_error_chain"))
        return getErrorChain(arguments);
    if (name == QLatin1String("list_domains"))
        return listDomains();
    if (name == QLatin1String("list_records"))
        return McpListingTools(m_kb).listRecords(arguments);
    if (name == QLatin1String("domain_stats"))
        return McpListingTools(m_kb).domainStats(arguments);
    if (name == QLatin1String("list_environments"))
        return McpListingTools(m_kb).listEnvironments(arguments);
    return reportOutcome(arguments);
}

Record *McpTools::findRecord(const QString &id, QJsonObject *failureResult) const
{
    Record *record = m_kb.kb().find(id);
    if (!record)
        *failureResult = failure(
            QStringLiteral("No record has the id \"%1\". Find ids with lookup_error or search_records.")
                .arg(shortened(id, 200)));
    return record;
}

QByteArray McpTools::lookupError(const QJsonObject &arguments, bool structured)
{
    const LookupResult result = m_kb.lookup().lookup(arguments.value(u"error_message").toString(),
                                                     intArgument(arguments, u"limit", 5));
    return McpLookupAnswer::lookupError(result, structured);
}

// lookup_error for each text, in order: as many lookups one after the
// other, each within its own budgets.
QByteArray McpTools::batchLookup(const QJsonObject &arguments, bool structured)
{
    const int limit = intArgument(arguments, u"limit", 5);
    QList<LookupResult> results;
    for (const QJsonValue &text : arguments.value(u"texts").toArray())
        results << m_kb.lookup().lookup(text.toString(), limit);
    return McpLookupAnswer::batchLookup(results, structured);
}

QJsonObject McpTools::getRecord(const QJsonObject &arguments)
{
    QJsonObject error;
    const Record *record = findRecord(arguments.value(u"id").toString(), &error);
    if (!record)
        return error;
    const QList<OutcomeReport> reports = OutcomeLog::read(m_kb.root()).of(record->id());
    const QString summary = OutcomeSummary::describe(reports);
    const QJsonObject structured{
        {QStringLiteral("id"), record->id()},
        {QStringLiteral("file"), m_kb.kb().relativePath(record->filePath())},
        {QStringLiteral("record"), documentOf(*record)},
        {QStringLiteral("outcome_reports"),
         QJsonObject{{QStringLiteral("count"), int(reports.size())}, {QStringLiteral("summary"), summary}}}};
    QString text = QStringLiteral("%1: %2\n%3 workarounds, %4 dead ends.")
                       .arg(record->id(), shortened(record->signature(), 200))
                       .arg(record->workarounds().size())
                       .arg(record->deadEnds().size());
    if (!summary.isEmpty())
        text += QLatin1Char('\n') + summary;
    return success(structured, text);
}

QJsonObject McpTools::searchRecords(const QJsonObject &arguments)
{
    const QString query = arguments.value(u"query").toString();
    const SearchIndex &index = m_kb.index();
    const QList<SearchIndex::Hit> hits = index.search(SearchQuery::parse(query));
    const int limit = intArgument(arguments, u"limit", 20);
    QJsonArray results;
    QStringList lines;
    for (const SearchIndex::Hit &hit : hits) {
        if (results.size() == limit)
            break;
        const SearchIndex::Entry &entry = index.entry(hit.entry);
        results.append(QJsonObject{{QStringLiteral("id"), entry.id},
                                   {QStringLiteral("signature"), entry.signature},
                                   {QStringLiteral("domain"), entry.domain},
                                   {QStringLiteral("category"), entry.category}});
        lines << QStringLiteral("%1  %2").arg(entry.id, shortened(entry.signature));
    }
    const QString text = QStringLiteral("Records found: %1").arg(hits.size())
        + (lines.isEmpty() ? QString() : QStringLiteral(":\n") + lines.join(QLatin1Char('\n')));
    return success(QJsonObject{{QStringLiteral("query"), query},
                               {QStringLiteral("total"), int(hits.size())},
                               {QStringLiteral("results"), results}},
                   text);
}

QJsonObject McpTools::matchLog(const QJsonObject &arguments)
{
    const LogMatchResult result = m_kb.matcher().match(arguments.value(u"log").toString().toUtf8());
    QJsonArray matches;
    QStringList lines;
    for (const LogMatchResult::Match &match : result.matches) {
        QJsonArray matchLines;
        for (const LogMatchResult::Line &line : match.lines.mid(0, MaxLinesShown))
            matchLines.append(QJsonObject{{QStringLiteral("number"), line.number},
                                          {QStringLiteral("text"), line.text},
                                          {QStringLiteral("start_column"), line.startColumn},
                                          {QStringLiteral("end_column"), line.endColumn}});
        const QString signature = match.record ? match.record->signature() : QString();
        matches.append(QJsonObject{{QStringLiteral("id"), match.recordId},
                                   {QStringLiteral("signature"), signature},
                                   {QStringLiteral("score"), match.score},
                                   {QStringLiteral("match_count"), match.matchCount},
                                   {QStringLiteral("line_count"), match.lineCount},
                                   {QStringLiteral("lines"), matchLines}});
        lines << QStringLiteral("%1 on line %2: %3")
                     .arg(match.recordId)
                     .arg(match.lines.isEmpty() ? 0 : match.lines.first().number)
                     .arg(shortened(match.lines.isEmpty() ? QString() : match.lines.first().text));
    }
    QJsonArray skipped;
    for (const LogMatchResult::Skipped &skip : result.skipped)
        skipped.append(QJsonObject{{QStringLiteral("id"), skip.recordId}, {QStringLiteral("reason"), skip.reason}});
    const QString text = lines.isEmpty() ? QStringLiteral("No record's regex matches this log.")
                                         : lines.join(QLatin1Char('\n'));
    return success(QJsonObject{{QStringLiteral("matches"), matches},
                               {QStringLiteral("skipped"), skipped},
                               {QStringLiteral("cut_short"), LookupResult::cutShortJson(result.cutShort)},
                               {QStringLiteral("incomplete"), !result.cutShort.isEmpty()}},
                   text + McpLookupAnswer::incompleteText(result.cutShort));
}

QJsonObject McpTools::getErrorChain(const QJsonObject &arguments)
{
    QJsonObject error;
    const Record *record = findRecord(arguments.value(u"id").toString(), &error);
    if (!record)
        return error;
    const LinkGraph graph = LinkGraph::neighbourhood(m_kb.kb(), record->id(), intArgument(arguments, u"depth", 1));
    QJsonArray nodes;
    for (const LinkGraph::Node &node : graph.nodes())
        nodes.append(node.toJson());
    QJsonArray edges;
    QStringList lines;
    for (const LinkGraph::Edge &edge : graph.edges()) {
        const QString from = graph.nodes().at(edge.source).id;
        const QString to = graph.nodes().at(edge.target).id;
        const QString kind = QLatin1String(Link::key(edge.kind));
        edges.append(QJsonObject{
            {QStringLiteral("from"), from},
            {QStringLiteral("to"), to},
            {QStringLiteral("kind"), kind},
            {QStringLiteral("probability"), edge.probability ? QJsonValue(*edge.probability) : QJsonValue()}});
        lines << QStringLiteral("%1 %2 %3").arg(from, kind, to);
    }
    const QString text =
        QStringLiteral("%1 records around %2, %3 links").arg(nodes.size()).arg(record->id()).arg(edges.size())
        + (lines.isEmpty() ? QString() : QStringLiteral(":\n") + lines.join(QLatin1Char('\n')));
    return success(QJsonObject{{QStringLiteral("center"), record->id()},
                               {QStringLiteral("nodes"), nodes},
                               {QStringLiteral("edges"), edges}},
                   text);
}

QJsonObject McpTools::listDomains()
{
    QMap<QString, QMap<QString, int>> counts; // domain -> category -> records
    const KnowledgeBase &kb = m_kb.kb();
    for (int i = 0; i < kb.count(); ++i)
        ++counts[kb.recordAt(i)->domain()][kb.recordAt(i)->category()];
    QJsonArray domains;
    QStringList lines;
    for (auto domain = counts.cbegin(); domain != counts.cend(); ++domain) {
        QJsonArray categories;
        int total = 0;
        for (auto category = domain->cbegin(); category != domain->cend(); ++category) {
            categories.append(
                QJsonObject{{QStringLiteral("category"), category.key()}, {QStringLiteral("count"), category.value()}});
            total += category.value();
        }
        domains.append(QJsonObject{{QStringLiteral("domain"), domain.key()},
                                   {QStringLiteral("count"), total},
                                   {QStringLiteral("categories"), categories}});
        lines << QStringLiteral("%1 (%2)").arg(domain.key()).arg(total);
    }
    return success(QJsonObject{{QStringLiteral("total"), kb.count()}, {QStringLiteral("domains"), domains}},
                   QStringLiteral("%1 records in %2 domains: %3")
                       .arg(kb.count())
                       .arg(domains.size())
                       .arg(lines.join(QStringLiteral(", "))));
}

QJsonObject McpTools::reportOutcome(const QJsonObject &arguments)
{
    if (!m_outcomeRefusal.isEmpty())
        return failure(m_outcomeRefusal);
    const QString folder = m_outcomeFolder.isEmpty() ? m_kb.root() : m_outcomeFolder;
    QJsonObject error;
    const Record *record = findRecord(arguments.value(u"id").toString(), &error);
    if (!record)
        return error;
    const bool workaround = arguments.contains(u"workaround_index");
    if (workaround == arguments.contains(u"dead_end_index"))
        return failure(QStringLiteral("Give exactly one of workaround_index and dead_end_index."));
    OutcomeReport report;
    report.kind = workaround ? OutcomeReport::Workaround : OutcomeReport::DeadEnd;
    const QJsonValue given = arguments.value(workaround ? u"workaround_index" : u"dead_end_index");
    const qint64 index = indexArgument(given);
    const qsizetype items = workaround ? record->workarounds().size() : record->deadEnds().size();
    const QString list = workaround ? QStringLiteral("workarounds") : QStringLiteral("dead_ends");
    if (index < 0)
        return failure(QStringLiteral("The %1 index must be a whole number of 0 or more, not %2.")
                           .arg(list,
                                given.isDouble() ? QString::number(given.toDouble(), 'g', 17)
                                                 : QStringLiteral("a value of another type")));
    const QString item = QStringLiteral("%1[%2]").arg(list).arg(index);
    if (index >= items)
        return failure(QStringLiteral("%1 has no %2: it has %3 (indexes count from 0).")
                           .arg(record->id(), item)
                           .arg(workaround ? QStringLiteral("%1 workarounds").arg(items)
                                           : QStringLiteral("%1 dead ends").arg(items)));
    report.index = int(index);
    report.key = OutcomeLog::newKey(QStringLiteral("r-"));
    report.time = QDateTime::currentDateTimeUtc();
    report.client = m_client;
    report.recordId = record->id();
    report.worked = arguments.value(u"worked").toBool();
    report.note = arguments.value(u"note").toString();
    QString writeError;
    if (!OutcomeLog::append(folder, report, &writeError)) {
        qWarning("errata mcp: %s", qPrintable(writeError));
        return failure(QStringLiteral("The report could not be kept: %1").arg(writeError));
    }
    // Acknowledged only once a read gives it back.
    const OutcomeLog::Contents contents = OutcomeLog::read(folder);
    const QList<OutcomeReport> reports = contents.of(record->id());
    if (std::none_of(reports.cbegin(), reports.cend(),
                     [&](const OutcomeReport &kept) { return kept.key == report.key; }))
        return failure(QStringLiteral("The report was written to %1 but cannot be read back from it, so no curator "
                                      "will see it: %2")
                           .arg(OutcomeLog::fileName(),
                                contents.problems.isEmpty() ? QStringLiteral("it is not there")
                                                            : contents.problems.mid(0, 3).join(QStringLiteral("; "))));
    const QString summary = OutcomeSummary::describe(reports);
    return success(
        QJsonObject{{QStringLiteral("report"), report.key},
                    {QStringLiteral("id"), record->id()},
                    {QStringLiteral("item"), item},
                    {QStringLiteral("worked"), report.worked},
                    {QStringLiteral("summary"), summary}},
        QStringLiteral(
            "Thank you: the report on %1 of %2 is kept for a curator. All reports on it (items numbered from 1): %3")
            .arg(item, record->id(), summary));
}

} // namespace Errata
