#pragma once

#include <QString>
#include <QStringList>

namespace Errata {

struct SiteContext;
class SiteSink;

// What the page's lookup ("What is this error?") ranks with: the lookup
// index `errata lookup` uses, exported for resources/site/lookup.js, and the
// records' regexes for client-side matching (docs/site.md, "Search and lookup
// in the page" and "JSON API"):
//
//   data/lookup.js      self.ErrataLookup = {format: 1, ...}: the live entries
//                       of ctx.index.lookup() that are published, in entry order
//   api/v1/match.json   {format, count, patterns: [{id, regex, flags, js, engine, signature}]}
//
// Regexes are translated to JavaScript by JsRegex; one that RE2 rejects or
// JsRegex cannot translate is exported as null and named in untranslated().
class LookupExport
{
public:
    static void write(const SiteContext &ctx, SiteSink &sink);

    // The ids of the published records whose regex the page cannot run
    // (RE2 rejects it, or it has no JavaScript translation), sorted.
    static QStringList untranslated(const SiteContext &ctx);
};

} // namespace Errata
