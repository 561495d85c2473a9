#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Errata {

class McpKnowledgeBase;

// The tools of `errata mcp` (and of the HTTP server, which calls McpTools
// too) that list and count the KB rather than search it:
//  - list_records: the records of one domain, sorted by id, a page at a
//    time (limit, offset, total), filtered by category and by environment;
//  - domain_stats: per domain, what the published dashboard and `errata
//    validate` count (QualityModel, against today or reference_date), with the
//    categories, the average confidence and fix rate, and links in and out;
//  - list_environments: the runtimes, operating systems and countries the
//    records name (RecordEnvironment), with how many records name each.
// Their results are McpTools::success() or failure(), as the other tools'.
class McpListingTools
{
public:
    static constexpr int DomainsNamed = 20; // in the message about an unknown domain

    explicit McpListingTools(McpKnowledgeBase &kb);

    QJsonObject listRecords(const QJsonObject &arguments) const;
    QJsonObject domainStats(const QJsonObject &arguments) const;
    QJsonObject listEnvironments(const QJsonObject &arguments) const;

    // "No record has the domain …", naming the first DomainsNamed domains.
    static QString unknownDomain(const QString &domain, const QStringList &domains);

private:
    QStringList domains() const;

    McpKnowledgeBase &m_kb;
};

} // namespace Errata
