#pragma once

#include "models/publish/PageLayout.h"

#include <QString>

namespace Errata {

class Record;
struct SiteContext;

// The transition-graph neighbourhood of a record as inline SVG, for its
// page: the record in the middle, the records it links to and those that
// link to it on a circle around it, each a link to its page; a target no
// published record has is drawn grey and unlinked. Coordinates are
// integers, colours come from site.css classes (no style attribute), text
// is escaped; at most MaxNodes neighbours, then "and N more".
class GraphSvg
{
public:
    static constexpr int MaxNodes = 40;

    // "" when the record has no links either way.
    static QString render(const SiteContext &site, const PageLayout::Page &page, const Record &record);
};

} // namespace Errata
