#pragma once

#include "models/json/OrderedJson.h"
#include "models/record/Record.h"

#include <QDate>
#include <QString>

namespace Errata {

// What a new record starts from: every field of the format with an empty or
// default value, in the key order of the format's example record, so that
// the editor shows every field and new files look like the old ones.
//
// Example: instantiate("pytorch/cuda-oom", "pytorch", QDate(2024, 7, 1)) gives
// {"id": "pytorch/cuda-oom", "signature": "", ..., "domain": "pytorch", ...,
//  "first_seen": "2024-07-01", ..., "aliases": []}.
class RecordTemplate
{
public:
    // Every field; id, domain and the dates are empty strings.
    static OrderedJson defaults();

    // `base` (a JSON object; defaults() when null) with "id" set and put
    // first, "domain" set (in its place, or after "id" when missing) and "first_seen", "last_confirmed" and
    // "last_updated" set to `today` where the template has them. Returns a
    // null value when `base` is neither null nor an object.
    static OrderedJson instantiate(const QString &id, const QString &domain, QDate today,
                                   const OrderedJson &base = OrderedJson());

    // A record that has no file yet: `json` at `filePath`, modified, with an
    // empty originalText (so a save conflicts only with a file that appeared
    // meanwhile), written with a final newline and/or CRLF line ends as asked.
    static Record unsavedRecord(const OrderedJson &json, const QString &filePath, bool finalNewline = true,
                                bool crlf = false);
};

} // namespace Errata
