#pragma once

#include "models/publish/SiteLanguage.h"

#include <QByteArray>

namespace Errata {

struct SiteContext;

// lookup.html: "What is this error?": the text box, status and result list the lookup scripts fill, with a <noscript>
// naming `errata lookup`.
class LookupPage
{
public:
    static QByteArray render(const SiteContext &site, SiteLanguage language);
};

} // namespace Errata
