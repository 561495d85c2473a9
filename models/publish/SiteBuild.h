#pragma once

#include "models/publish/SiteOptions.h"

#include <QDate>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace Errata {

class KnowledgeBase;
class KnowledgeBaseSession;
class QualityReport;
class SitePaths;
struct SiteContext;

// A KB opened as `errata publish` opens it, and the SiteContext every file of
// its site is made from: read through the cache, the reference date resolved
// (SitePublisher::referenceDate) before every record is checked against it,
// indexed, the quality report computed and the published records chosen.
// `errata publish` writes the files of context() to disk, `errata serve`
// keeps them in memory: both through SitePublisher::render(), so that they
// are the same bytes.
//
//   SiteBuild build;
//   if (build.open(kbFolder, options, &cancel))
//       SitePublisher::render(build.context(), sink, &cancel);
class SiteBuild
{
public:
    // The stage's name for the user, and `done` of its `total` steps.
    using Progress = std::function<void(int done, int total, const QString &stage)>;

    SiteBuild();
    ~SiteBuild();
    SiteBuild(const SiteBuild &) = delete;
    SiteBuild &operator=(const SiteBuild &) = delete;

    // False when cancelled (context() is then not to be used).
    bool open(const QString &kbFolder, const SiteOptions &options, const std::atomic_bool *cancel = nullptr,
              const Progress &progress = {});

    const KnowledgeBase &kb() const;
    // options.today as given, or the KB's reference date.
    QDate referenceDate() const { return m_referenceDate; }
    const SiteContext &context() const { return *m_context; }

private:
    std::unique_ptr<KnowledgeBaseSession> m_session;
    std::unique_ptr<QualityReport> m_quality;
    std::unique_ptr<SitePaths> m_paths;
    std::unique_ptr<SiteContext> m_context;
    QDate m_referenceDate;
};

} // namespace Errata
