#include "models/publish/SiteBuild.h"

#include "models/kb/KnowledgeBase.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/publish/SitePublisher.h"
#include "models/quality/QualityModel.h"
#include "models/quality/QualityReport.h"
#include "models/session/KnowledgeBaseSession.h"
#include "models/util/Version.h"

#include <QFileInfo>

namespace Errata {

namespace {

QString generatorName()
{
    return QStringLiteral("Errata ") + QLatin1String(Version::text);
}

} // namespace

SiteBuild::SiteBuild()
    : m_session(std::make_unique<KnowledgeBaseSession>())
{
}

SiteBuild::~SiteBuild() = default;

const KnowledgeBase &SiteBuild::kb() const
{
    return m_session->knowledgeBase();
}

// As `errata lookup` opens a KB, with every record checked against the
// reference date.
bool SiteBuild::open(const QString &kbFolder, const SiteOptions &options, const std::atomic_bool *cancel,
                     const Progress &progress)
{
    const auto stage = [&progress](const char *name) {
        if (progress)
            progress(0, 0, QString::fromLatin1(name));
    };
    stage("Reading the KB");
    if (!m_session->read(kbFolder, KnowledgeBaseSession::Options(), cancel))
        return false;
    m_referenceDate = options.today.isValid()
        ? options.today
        : SitePublisher::referenceDate(m_session->knowledgeBase(), QDate::currentDate());
    m_session->setToday(m_referenceDate);
    stage("Checking the records");
    if (!m_session->check(cancel) || !m_session->buildIndex(cancel))
        return false;
    QString error;
    if (m_session->isCacheOutdated())
        m_session->writeCache(&error); // a cache that cannot be written only makes the next run slower
    if (cancel && cancel->load())
        return false;
    const KnowledgeBase &kb = m_session->knowledgeBase();
    m_quality = std::make_unique<QualityReport>(QualityModel::compute(kb, m_referenceDate));
    std::vector<const Record *> published = SitePublisher::publishedRecords(kb, options.validOnly);
    m_paths = std::make_unique<SitePaths>(kb, published);
    SiteOptions resolved = options;
    resolved.today = m_referenceDate;
    m_context = std::make_unique<SiteContext>(SiteContext{kb, m_session->index(), *m_paths, resolved,
                                                          QFileInfo(QFileInfo(kbFolder).canonicalFilePath()).fileName(),
                                                          generatorName(), std::move(published), m_quality.get()});
    return true;
}

} // namespace Errata
