#pragma once

namespace Errata {

class SiteSink;

// The site's own files, the same for every KB: resources/site/ (style sheet,
// icon, the search and lookup scripts), built into the program as :/site/
// and written into assets/ byte for byte.
class SiteAssets
{
public:
    static void write(SiteSink &sink);
};

} // namespace Errata
