#pragma once

#include <QByteArray>

namespace Errata {

class Record;
struct SiteContext;

// The recipe key of a page: a hash of everything the page is made from, so
// that a second run keeps the old file instead of making it again when the
// key is the same (SiteSink::reuse). Conservative by design: a key may
// change when the page does not (the page is then made and compared), never
// the other way round.
class RecipeKeys
{
public:
    // Raise it whenever a page's code changes what it writes: a site written
    // by a program of another version or recipe is made anew.
    static constexpr int Recipe = 1;

    // What every page depends on: the program's version and recipe, the
    // options (base URL, reference date, --valid-only) and the KB's name.
    static QByteArray global(const SiteContext &site);
    // A record page: its path, the record's text and findings, and for each
    // record it links to or that links to it, its id, kind, page and
    // signature (or that it is missing). 20 bytes.
    static QByteArray recordPage(const SiteContext &site, const Record &record, const QByteArray &global);
};

} // namespace Errata
