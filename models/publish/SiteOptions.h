#pragma once

#include <QDate>
#include <QString>

namespace Errata {

// What `errata publish` and File > Publish Site were asked for.
struct SiteOptions
{
    // "" or an absolute http(s) URL without a final "/" (checked by the
    // command): where the site will be served; makes sitemap.xml possible
    // and the feed's and the API's links absolute.
    QString baseUrl;
    // The date stale and aging are counted from. Never the clock by itself:
    // the publisher resolves it so that an unchanged KB gives the same bytes
    // tomorrow (SitePublisher says how).
    QDate today;
    // Leave out records with error findings instead of showing them with a
    // warning.
    bool validOnly = false;
};

} // namespace Errata
