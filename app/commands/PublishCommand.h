#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Errata {

// errata publish [--kb DIR] OUT [--base-url URL] [--format text|json]
//                [--valid-only] [--today YYYY-MM-DD]
// Writes a static site of the KB (pages in English and Chinese, search and
// lookup in the page, the JSON API) into OUT: a new folder next to OUT,
// swapped in at the end (SitePublisher). Exit code 0: published; 2: bad
// usage or a refused OUT (nothing written), or the site could not be
// written (the old one is left as it was).
class PublishCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
