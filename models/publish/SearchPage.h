#pragma once

#include "models/publish/SiteLanguage.h"

#include <QByteArray>

namespace Errata {

struct SiteContext;

// search.html: the search form, status and result list the search scripts fill (the DOM of docs/site.md), with a
// <noscript> naming `errata search`.
class SearchPage
{
public:
    static QByteArray render(const SiteContext &site, SiteLanguage language);
};

} // namespace Errata
