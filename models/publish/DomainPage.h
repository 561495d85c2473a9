#pragma once

#include "models/publish/SiteLanguage.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Errata {

struct SiteContext;

// domains/<domain>.html (SitePaths::domainPage): the domain's records by
// category, each with its signature linked to its page, its fix rate and
// badges. A domain of more than MaxRecords records lists the first
// MaxRecords (by category, then id) and says how many more there are.
class DomainPage
{
public:
    static constexpr int MaxRecords = 1000;

    // Every domain of site.published, sorted ("" too).
    static QStringList domains(const SiteContext &site);
    static QByteArray render(const SiteContext &site, const QString &domain, SiteLanguage language);
};

} // namespace Errata
