#pragma once

#include <QStringList>

namespace Errata {

// errata review [--kb DIR] [--format text|json] [--require-complete]
// How far the Chinese translation of a KB has come: for each domain, how
// many bilingual fields (signature, root cause, workarounds: three per
// record) are missing, untranslated, count-mismatch (workarounds_zh),
// translated, or reviewed (a current review in DIR/.errata-review.json);
// fields whose English is empty are counted as not-applicable and left out
// of the table. Text: a table with a total line. JSON: the same counts per
// domain and in total, plus every incomplete field.
// A field is complete when it is translated or reviewed. Exit code 0; 1 with
// --require-complete when some field is not complete (each one is listed on
// stderr) or some record file could not be loaded; 2 for bad usage, an
// unreadable KB folder or an unreadable review file.
class ReviewCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
