#pragma once

#include "models/publish/SiteLanguage.h"

#include <QByteArray>

namespace Errata {

struct SiteContext;

// quality.html: the data-quality dashboard of *ctx.quality (QualityReport):
// the reference date, a table of every count per domain and in total (a
// non-zero count links to the list of its records further down, each a link
// to its record page), and bar charts as inline SVG (ChartSvg).
class QualityPage
{
public:
    static QByteArray render(const SiteContext &ctx, SiteLanguage language);
};

} // namespace Errata
