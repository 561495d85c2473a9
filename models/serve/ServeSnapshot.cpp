#include "models/serve/ServeSnapshot.h"

#include "models/git/GitCheckoutState.h"
#include "models/kb/KnowledgeBase.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/publish/SiteBuild.h"
#include "models/publish/SitePublisher.h"
#include "models/publish/SiteSink.h"

#include <QElapsedTimer>
#include <QFileInfo>

namespace Errata {

namespace {

bool isCancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load();
}

} // namespace

ServeSnapshot::ServeSnapshot() = default;

ServeSnapshot::~ServeSnapshot() = default;

std::shared_ptr<const ServeSnapshot> ServeSnapshot::build(const QString &folder, const Options &options, QString *error,
                                                          const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    const QFileInfo info(folder);
    if (!info.isDir() || !info.isReadable()) {
        *error = QStringLiteral("%1: not a readable folder").arg(folder);
        return nullptr;
    }
    std::shared_ptr<ServeSnapshot> snapshot(new ServeSnapshot);
    snapshot->m_info.root = info.absoluteFilePath();
    // Git's state before and after the files are read: an operation that
    // began or ended meanwhile was under way while they were.
    const GitCheckoutState::State before = GitCheckoutState::read(snapshot->m_info.root);
    if (!snapshot->renderSite(options, cancel) || !snapshot->openKb(options, error, cancel)) {
        if (isCancelled(cancel))
            *error = QStringLiteral("cancelled");
        return nullptr;
    }
    const QString after = GitCheckoutState::operationIn(before.gitDir);
    snapshot->m_info.commit = before.commit;
    snapshot->m_info.gitOperation = before.operation.isEmpty() ? after : before.operation;
    snapshot->listProblems();
    snapshot->m_info.loadedAt = QDateTime::currentDateTimeUtc();
    snapshot->m_info.seconds = double(timer.nsecsElapsed()) / 1e9;
    return snapshot;
}

// The site first, from a KB opened as `errata publish` opens it (records
// checked against the site's reference date, not the clock), dropped once
// its files are made.
bool ServeSnapshot::renderSite(const Options &options, const std::atomic_bool *cancel)
{
    if (!options.renderSite)
        return true;
    MemorySiteSink sink;
    {
        SiteBuild site;
        if (!site.open(m_info.root, options.site, cancel) || !SitePublisher::render(site.context(), sink, cancel))
            return false;
    }
    const QMap<QString, QByteArray> files = sink.files();
    m_site.reserve(files.size());
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        m_site.insert(it.key(), it.value());
        m_info.siteBytes += it.value().size();
    }
    m_info.siteFiles = int(m_site.size());
    return true;
}

// As `errata mcp` opens it, but frozen, with its log matcher built now
// rather than by the first request that needs it.
bool ServeSnapshot::openKb(const Options &options, QString *error, const std::atomic_bool *cancel)
{
    m_kb = std::make_unique<McpKnowledgeBase>();
    m_kb->setBudgets(options.regexBudgetMs, options.runBudgetMs);
    McpKnowledgeBase::OpenOptions opening;
    opening.follow = false;
    opening.cancel = cancel;
    if (!m_kb->open(m_info.root, opening, error))
        return false;
    m_kb->matcher();
    m_kb->leaveThread();
    m_info.records = m_kb->kb().count();
    return !isCancelled(cancel);
}

void ServeSnapshot::listProblems()
{
    const KnowledgeBase &kb = m_kb->kb();
    for (const Problem &problem : kb.loadProblems()) {
        const QString file = problem.file.isEmpty() ? QString() : kb.relativePath(problem.file);
        m_info.problems << (file.isEmpty() ? problem.message : file + QStringLiteral(": ") + problem.message);
        if (problem.severity == Problem::Error && !problem.file.isEmpty())
            m_unreadable.append({problem.file, problem.message});
    }
    if (!m_info.gitOperation.isEmpty())
        m_info.problems << m_info.gitOperation;
}

const QByteArray *ServeSnapshot::siteFile(const QString &path) const
{
    const auto it = m_site.constFind(path);
    return it == m_site.cend() ? nullptr : &it.value();
}

QString ServeSnapshot::refusal(const ServeSnapshot &current) const
{
    if (!m_info.gitOperation.isEmpty())
        return QStringLiteral("git is in the middle of an operation: %1").arg(m_info.gitOperation);
    const KnowledgeBase &kb = m_kb->kb();
    QStringList lost;
    for (const Unreadable &file : m_unreadable)
        if (current.kb().kb().findFile(file.file))
            lost << kb.relativePath(file.file) + QStringLiteral(": ") + file.message;
    if (lost.isEmpty())
        return QString();
    const QString files = lost.size() == 1 ? QStringLiteral("1 file") : QStringLiteral("%1 files").arg(lost.size());
    return QStringLiteral("%1 that the snapshot being served read cannot be read now: %2")
        .arg(files, lost.join(QStringLiteral("; ")));
}

} // namespace Errata
