#pragma once

#include "models/json/OrderedJson.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace Errata {

class SiteSink;
struct SiteContext;

// The data of the site's search as you type (resources/site/search.js), two classic scripts written with
// Html::scriptData (docs/site.md, "Search and lookup in the page", has every key):
//
// - data/records.js: self.ErrataRecords = {format: 1, records: [...]}, one object per record of ctx.published in
//   that order (by id), with what a result shows (id, signature, Chinese signature, page, domain, category; the
//   lookup reads these too) and what the filters of the desktop search look at (tier, resolvable, fix rate,
//   confidence, Chinese, stale, the severities of its findings).
// - data/search.js: self.ErrataSearch = {...}, the tokens of ctx.index (SearchIndex) in code point order, each
//   with its postings (record * 3 + field class, delta-coded) over records.js, the scores search() gives, and
//   the case folding Errata searches with, so that the page finds what the desktop search finds, in its order.
class SearchExport
{
public:
    // search.js keeps this many UTF-16 units of a longer token (a pasted blob, a 1 MB field without spaces), and
    // says which tokens it cut ("long"): the page then finds them by those first units, without the exact bonus.
    static constexpr int TokenCut = 128;

    static void write(const SiteContext &ctx, SiteSink &sink);

    // The two documents, for the tests.
    static OrderedJson records(const SiteContext &ctx);
    static OrderedJson search(const SiteContext &ctx);

    // One token of search.js: its text (cut to TokenCut UTF-16 units), whether it was cut, and its postings over
    // records.js (record * 3 + field class), sorted.
    struct ExportToken
    {
        QString text;
        bool cut = false;
        std::vector<int> values;
    };

private:
    static QByteArray searchScript(const SiteContext &ctx);
    static QByteArray postingsText(const std::vector<ExportToken> &tokens);
};

} // namespace Errata
