#pragma once

#include "models/publish/SiteLanguage.h"

#include <QByteArray>

namespace Errata {

struct SiteContext;

// 404.html: served for any missing path, so its links start from PageLayout::rootOf(site).
class NotFoundPage
{
public:
    static QByteArray render(const SiteContext &site, SiteLanguage language);
};

} // namespace Errata
