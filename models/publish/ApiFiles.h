#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Errata {

class Record;
class SiteSink;
struct SiteContext;

// The site's JSON API under api/v1/ (docs/site.md, "JSON API", says every
// key):
//
// - index.json: every published record (id, domain, category, signature,
//   signature_zh, url, url_zh, json, updated, valid), in ctx.published order.
// - records/<id>.json (SitePaths::recordJson): the record's bytes as the KB
//   read them from its file, unchanged; a record edited and not yet saved is
//   its own serialisation (what saving would write).
// - errors.ndjson: the same texts, one per line, whitespace outside strings
//   removed (number spellings and key order kept), in id order.
// - stats.json: counts in total and per domain, and the quality report when
//   the context has one.
// - openapi.json (OpenApiDocument); record.schema.json: the record schema
//   errata validate checks with.
//
// Keys in a fixed order, objects keyed by name sorted, UTF-8, LF; relative
// URLs resolve against the file that holds them. The same context gives the
// same bytes.
class ApiFiles
{
public:
    // Adds the files to `sink`. A record whose text cannot be written (it
    // cannot happen for a record read from a file) is left out of
    // records/ and errors.ndjson, its index entry's json null, and named in
    // `notes` ("<id>: <reason>").
    static void write(const SiteContext &site, SiteSink &sink, QStringList *notes = nullptr);

    // The stored text of `record` (see above), or "" with `reason` set.
    static QByteArray storedText(const Record &record, QString *reason);
    // `json` without whitespace outside strings and without a byte order
    // mark: one line for errors.ndjson. `json` must be valid JSON.
    static QByteArray compact(const QByteArray &json);
};

} // namespace Errata
