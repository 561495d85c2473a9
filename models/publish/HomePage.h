#pragma once

#include "models/publish/SiteLanguage.h"

#include <QByteArray>

namespace Errata {

struct SiteContext;

// index.html: the KB's name and counts, the domain → category tree with
// counts, and two plain forms (search, lookup) that need no script here.
class HomePage
{
public:
    static QByteArray render(const SiteContext &site, SiteLanguage language);
};

} // namespace Errata
