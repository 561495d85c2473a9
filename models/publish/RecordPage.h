#pragma once

#include "models/publish/SiteLanguage.h"

#include "models/record/Record.h"

#include <QByteArray>

namespace Errata {

struct SiteContext;

// The page of one record: records/<id>.html (SitePaths::recordPage). Every
// field a reader needs, the record's findings as a warning box, its links
// both ways. Fields are read from a copy parsed from the record's original
// text, so pages of several records can be written from several threads.
class RecordPage
{
public:
    // A field longer than this is cut, with a link to the record's JSON.
    static constexpr int MaxFieldChars = 32 * 1024;

    static QByteArray render(const SiteContext &site, const Record &record, SiteLanguage language);
    // The same from `document`, a copy of `record` parsed by document(): one
    // parse for both languages.
    static QByteArray render(const SiteContext &site, const Record &record, const Record &document,
                             SiteLanguage language);
    static Record document(const Record &record);
};

} // namespace Errata
