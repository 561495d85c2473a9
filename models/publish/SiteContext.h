#pragma once

#include "models/publish/SiteOptions.h"

#include <QString>

#include <vector>

namespace Errata {

class KnowledgeBase;
class QualityReport;
class Record;
class SearchIndex;
class SitePaths;

// Everything a page of the site is made from, read-only while the pages are
// written (from several threads at once).
struct SiteContext
{
    const KnowledgeBase &kb;
    const SearchIndex &index; // the search index and, in index.lookup(), the lookup's
    const SitePaths &paths;
    SiteOptions options;                   // options.today resolved
    QString title;                         // the KB's name: its folder's name
    QString generator;                     // "Errata 0.9.0"
    std::vector<const Record *> published; // by id, then file path
    const QualityReport *quality = nullptr;
};

} // namespace Errata
