#pragma once

#include "models/publish/SiteOptions.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>

namespace Errata {

class KnowledgeBase;
class SiteSink;
struct SiteContext;

// `errata publish` and File > Publish Site: a KB made into a static site.
//
//   SitePublisher::Request request{kbFolder, outFolder, options};
//   const SitePublisher::Result result = SitePublisher::publish(request, &cancel, progress);
//
// publish() refuses an OUT that is the KB, inside it or holds it, opens the
// KB through its cache as `errata lookup` does (findings included), writes
// every file of the site into a new folder next to OUT (SiteWriter) and
// swaps it in: a reader never sees half a site, and a failed or cancelled
// run leaves the old one as it was. render() writes the same files into any
// sink (a test's memory, a server's cache).
class SitePublisher
{
public:
    struct Request
    {
        QString kb;
        QString out;
        SiteOptions options; // an invalid options.today: referenceDate() decides
    };

    struct Invalid
    {
        QString id;
        QString file;       // below the KB's root
        QStringList errors; // "rule at /pointer: message"
    };

    struct Result
    {
        bool ok = false;
        QString error;        // why not, a sentence naming the folder or file
        bool refused = false; // nothing was done: the request itself was wrong
        bool cancelled = false;
        int records = 0; // in the KB
        int published = 0;
        QList<Invalid> invalid; // records with error findings: published with a warning, or left out
        QDate referenceDate;
        int written = 0;
        int unchanged = 0;
        int removed = 0;
        int carriedOver = 0;
        int files = 0;
        qint64 bytes = 0;
        bool sitemap = false;
        double seconds = 0;
        QStringList notes; // what the user should know of how the site was swapped in (SiteWriter::notes)
    };

    // Progress: the stage's name for the user, and `done` of its `total`
    // steps (0 of 0 while a stage cannot count its steps).
    using Progress = std::function<void(int done, int total, const QString &stage)>;

    static Result publish(const Request &request, const std::atomic_bool *cancel = nullptr,
                          const Progress &progress = {});

    // Every file of the site for `site`, added to `sink`. False when cancelled.
    static bool render(const SiteContext &site, SiteSink &sink, const std::atomic_bool *cancel = nullptr,
                       const std::function<void(int done, int total)> &progress = {});

    // The date stale and aging are counted from when none is given: the
    // newest last_confirmed or last_updated of the KB that is not after
    // `clock`, or `clock` when no record has one. So an unchanged KB gives
    // the same site tomorrow.
    static QDate referenceDate(const KnowledgeBase &kb, QDate clock);

    // `url` without its final "/" when it is an absolute http(s) URL with a
    // host and no query, fragment or user name; else "" and why in `why`.
    static QString baseUrl(const QString &url, QString *why);

    // The records a site shows, by id then file path: every record, or
    // those without error findings when `validOnly`.
    static std::vector<const class Record *> publishedRecords(const KnowledgeBase &kb, bool validOnly);
    static QList<Invalid> invalidRecords(const KnowledgeBase &kb);
};

} // namespace Errata
