#include "models/publish/SitePublisher.h"

#include "models/kb/KnowledgeBase.h"
#include "models/publish/ApiFiles.h"
#include "models/publish/DomainPage.h"
#include "models/publish/HomePage.h"
#include "models/publish/LookupExport.h"
#include "models/publish/LookupPage.h"
#include "models/publish/NotFoundPage.h"
#include "models/publish/PageLayout.h"
#include "models/publish/QualityPage.h"
#include "models/publish/RecipeKeys.h"
#include "models/publish/RecordPage.h"
#include "models/publish/SearchExport.h"
#include "models/publish/SearchPage.h"
#include "models/publish/SiteAssets.h"
#include "models/publish/SiteBuild.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/publish/SiteTextFiles.h"
#include "models/publish/SiteWriter.h"
#include "models/record/Record.h"
#include "models/util/Parallel.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QUrl>

#include <algorithm>
#include <optional>

namespace Errata {

namespace {

using Job = std::function<void()>;

bool isCancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load();
}

// The files that are not one page each, largest first so that they start
// before the pages share the cores.
void addFileJobs(std::vector<Job> &jobs, const SiteContext &site, SiteSink &sink)
{
    jobs.emplace_back([&] { LookupExport::write(site, sink); });
    jobs.emplace_back([&] { SearchExport::write(site, sink); });
    jobs.emplace_back([&] { ApiFiles::write(site, sink); });
    jobs.emplace_back([&] { SiteTextFiles::write(site, sink); });
    jobs.emplace_back([&] { SiteAssets::write(sink); });
}

void addPage(std::vector<Job> &jobs, SiteSink &sink, const QString &path, SiteLanguage language,
             std::function<QByteArray()> render)
{
    jobs.emplace_back(
        [&sink, path = languagePrefix(language) + path, render = std::move(render)] { sink.add(path, render()); });
}

void addPageJobs(std::vector<Job> &jobs, const SiteContext &site, SiteSink &sink, const QStringList &domains)
{
    for (const SiteLanguage language : siteLanguages) {
        addPage(jobs, sink, QStringLiteral("index.html"), language,
                [&site, language] { return HomePage::render(site, language); });
        addPage(jobs, sink, QStringLiteral("search.html"), language,
                [&site, language] { return SearchPage::render(site, language); });
        addPage(jobs, sink, QStringLiteral("lookup.html"), language,
                [&site, language] { return LookupPage::render(site, language); });
        addPage(jobs, sink, QStringLiteral("quality.html"), language,
                [&site, language] { return QualityPage::render(site, language); });
        addPage(jobs, sink, QStringLiteral("404.html"), language,
                [&site, language] { return NotFoundPage::render(site, language); });
        for (const QString &domain : domains)
            addPage(jobs, sink, SitePaths::domainPage(domain), language,
                    [&site, domain, language] { return DomainPage::render(site, domain, language); });
    }
    const QByteArray global = RecipeKeys::global(site);
    for (const Record *record : site.published) // one parse for both languages, none when both are kept
        jobs.emplace_back([&site, &sink, record, global] {
            const QByteArray key = RecipeKeys::recordPage(site, *record, global);
            const QString path = site.paths.recordPage(*record);
            std::optional<Record> document;
            for (const SiteLanguage language : siteLanguages) {
                const QString written = languagePrefix(language) + path;
                const QByteArray languageKey = key + char('0' + int(language));
                if (sink.reuse(written, languageKey))
                    continue;
                if (!document)
                    document = RecordPage::document(*record);
                sink.add(written, RecordPage::render(site, *record, *document, language), languageKey);
            }
        });
}

QString describe(const Problem &problem)
{
    QString where = problem.pointer.isEmpty() ? QString() : QStringLiteral(" at ") + problem.pointer;
    return problem.rule + where + QStringLiteral(": ") + problem.message;
}

bool hasErrors(const KnowledgeBase &kb, const Record *record)
{
    const QList<Problem> problems = kb.problems(record);
    return std::any_of(problems.begin(), problems.end(), [](const Problem &p) { return p.severity == Problem::Error; });
}

SitePublisher::Result failed(SitePublisher::Result result, const QString &error, bool refused = false)
{
    result.ok = false;
    result.error = error;
    result.refused = refused;
    return result;
}

} // namespace

QString SitePublisher::baseUrl(const QString &text, QString *why)
{
    QString trimmed = text.trimmed();
    while (trimmed.endsWith(QLatin1Char('/')))
        trimmed.chop(1);
    const QUrl url(trimmed, QUrl::StrictMode);
    const QString scheme = url.scheme();
    if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        || url.host().isEmpty()) {
        *why = QStringLiteral("--base-url needs an absolute http or https URL with a host, not \"%1\"").arg(text);
        return {};
    }
    if (url.hasQuery() || url.hasFragment() || !url.userInfo().isEmpty()) {
        *why = QStringLiteral("--base-url takes no query, fragment or user name: \"%1\"").arg(text);
        return {};
    }
    return url.toString(QUrl::FullyEncoded);
}

QDate SitePublisher::referenceDate(const KnowledgeBase &kb, QDate clock)
{
    QDate newest;
    for (const Record *record : kb.records()) {
        for (const QDate date : {record->lastConfirmed(), record->lastUpdated()})
            if (date.isValid() && date <= clock && (!newest.isValid() || date > newest))
                newest = date;
    }
    return newest.isValid() ? newest : clock;
}

std::vector<const Record *> SitePublisher::publishedRecords(const KnowledgeBase &kb, bool validOnly)
{
    std::vector<const Record *> records;
    for (const Record *record : kb.records())
        if (!validOnly || !hasErrors(kb, record))
            records.push_back(record);
    std::sort(records.begin(), records.end(), [&kb](const Record *a, const Record *b) {
        if (a->id() != b->id())
            return a->id() < b->id();
        return kb.relativePath(a->filePath()) < kb.relativePath(b->filePath());
    });
    return records;
}

QList<SitePublisher::Invalid> SitePublisher::invalidRecords(const KnowledgeBase &kb)
{
    QList<Invalid> invalid;
    for (const Record *record : publishedRecords(kb, false)) {
        Invalid entry{record->id(), kb.relativePath(record->filePath()), {}};
        for (const Problem &problem : kb.problems(record))
            if (problem.severity == Problem::Error)
                entry.errors.append(describe(problem));
        if (!entry.errors.isEmpty())
            invalid.append(entry);
    }
    return invalid;
}

bool SitePublisher::render(const SiteContext &site, SiteSink &sink, const std::atomic_bool *cancel,
                           const std::function<void(int, int)> &progress)
{
    std::vector<Job> jobs;
    addFileJobs(jobs, site, sink);
    addPageJobs(jobs, site, sink, DomainPage::domains(site));
    const int total = int(jobs.size());
    Parallel::forEach(
        total, [&jobs](int i) { jobs[size_t(i)](); }, cancel,
        [&progress, total](int done) {
            if (progress)
                progress(done, total);
        });
    return !isCancelled(cancel);
}

SitePublisher::Result SitePublisher::publish(const Request &request, const std::atomic_bool *cancel,
                                             const Progress &progress)
{
    QElapsedTimer timer;
    timer.start();
    Result result;
    const QFileInfo kbInfo(request.kb);
    if (!kbInfo.isDir())
        return failed(result, QStringLiteral("%1 is not a folder").arg(request.kb), true);
    const QString refusal = SiteWriter::refusal(request.out, request.kb);
    if (!refusal.isEmpty())
        return failed(result, refusal, true);
    SiteBuild build;
    if (!build.open(request.kb, request.options, cancel, progress)) {
        result.cancelled = true;
        return failed(result, QStringLiteral("cancelled"));
    }
    const KnowledgeBase &kb = build.kb();
    const SiteContext &site = build.context();
    const SiteOptions &options = site.options;
    result.referenceDate = build.referenceDate();
    result.records = kb.count();
    result.invalid = invalidRecords(kb);
    result.published = int(site.published.size());

    SiteWriter writer;
    QString error;
    if (!writer.begin(request.out, request.kb, &error))
        return failed(result, error);
    const auto pages = [&progress](int done, int total) {
        if (progress)
            progress(done, total, QStringLiteral("Writing the site"));
    };
    if (!render(site, writer, cancel, pages)) {
        writer.abandon();
        result.cancelled = true;
        return failed(result, QStringLiteral("cancelled: %1 was left as it was").arg(request.out));
    }
    if (writer.failed()) {
        const QString why = writer.error();
        writer.abandon();
        return failed(result, why);
    }
    if (progress)
        progress(0, 0, QStringLiteral("Swapping the new site in"));
    if (!writer.commit(&error))
        return failed(result, error);
    const SiteWriter::Counts counts = writer.counts();
    result.written = counts.written;
    result.unchanged = counts.unchanged;
    result.removed = counts.removed;
    result.carriedOver = counts.carriedOver;
    result.files = counts.written + counts.unchanged;
    result.bytes = counts.bytes;
    result.sitemap = !options.baseUrl.isEmpty();
    result.notes = writer.notes();
    result.ok = true;
    result.seconds = double(timer.nsecsElapsed()) / 1e9;
    if (progress)
        progress(1, 1, QStringLiteral("Done"));
    return result;
}

} // namespace Errata
