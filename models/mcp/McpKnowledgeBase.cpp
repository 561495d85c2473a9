#include "models/mcp/McpKnowledgeBase.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseWatcher.h"
#include "models/links/LinkRevalidator.h"
#include "models/lookup/LookupEngine.h"
#include "models/matching/LogMatcher.h"
#include "models/search/SearchIndex.h"
#include "models/session/KnowledgeBaseSession.h"
#include "models/validation/RecordValidator.h"

#include <QFileInfo>

namespace Errata {

McpKnowledgeBase::McpKnowledgeBase(QObject *parent)
    : QObject(parent)
    , m_session(std::make_unique<KnowledgeBaseSession>())
    , m_regexBudgetMs(LogMatcher::DefaultRegexBudgetMs)
    , m_runBudgetMs(LogMatcher::DefaultRunBudgetMs)
{
}

void McpKnowledgeBase::setBudgets(qint64 regexBudgetMs, qint64 runBudgetMs)
{
    m_regexBudgetMs = regexBudgetMs;
    m_runBudgetMs = runBudgetMs;
}

McpKnowledgeBase::~McpKnowledgeBase()
{
    delete m_watcher; // before the KB it watches
}

KnowledgeBase &McpKnowledgeBase::kb() const
{
    return m_session->knowledgeBase();
}

SearchIndex &McpKnowledgeBase::index() const
{
    return m_session->index();
}

// As `errata lookup` opens a KB: findings only when the cache lacks them
// or must be written again.
bool McpKnowledgeBase::open(const QString &folder, const OpenOptions &openOptions, QString *error)
{
    const QFileInfo info(folder);
    if (!info.isDir() || !info.isReadable()) {
        *error = QStringLiteral("%1: not a readable folder").arg(folder);
        return false;
    }
    m_root = info.absoluteFilePath();
    KnowledgeBaseSession::Options options;
    options.indexAsRead = true;
    const std::atomic_bool *cancel = openOptions.cancel;
    if (!m_session->read(m_root, options, cancel) || !m_session->check(cancel) || !m_session->buildIndex(cancel)) {
        *error = QStringLiteral("cancelled");
        return false;
    }
    QString cacheError;
    if (m_session->isCacheOutdated() && !m_session->writeCache(&cacheError))
        qWarning("errata mcp: cannot write the cache %s (%s)", qPrintable(m_session->cacheFile()),
                 qPrintable(cacheError));
    m_lookup = std::make_unique<LookupEngine>(m_session->index().lookup(),
                                              LookupEngine::Budgets{m_regexBudgetMs, m_runBudgetMs});
    resetMatcher();
    if (openOptions.follow)
        watch();
    return true;
}

void McpKnowledgeBase::leaveThread()
{
    if (m_watcher)
        return;
    kb().moveToThread(nullptr);
    m_session->moveToThread(nullptr);
    moveToThread(nullptr);
}

const LogMatcher &McpKnowledgeBase::matcher()
{
    const std::lock_guard<std::mutex> lock(m_matcherLock);
    if (!m_matcher) {
        LogMatcher::Options options;
        options.regexBudgetMs = m_regexBudgetMs;
        options.runBudgetMs = m_runBudgetMs;
        m_matcher = std::make_unique<LogMatcher>();
        m_matcher->build(kb(), options);
    }
    return *m_matcher;
}

void McpKnowledgeBase::checkDisk()
{
    if (m_watcher)
        m_watcher->checkNow();
}

void McpKnowledgeBase::holdChanges()
{
    if (m_watcher)
        m_watcher->setHeld(true);
}

// The changes, then what the KB does shortly after them, now: the links'
// findings (LinkRevalidator), and the search index's order.
void McpKnowledgeBase::allowChanges()
{
    if (m_watcher)
        m_watcher->setHeld(false);
    for (LinkRevalidator *revalidator : kb().findChildren<LinkRevalidator *>()) {
        if (revalidator->isPending())
            revalidator->flush();
    }
    index().settle();
}

void McpKnowledgeBase::watch()
{
    delete m_watcher;
    m_watcher = new KnowledgeBaseWatcher(&kb(), this);
    connect(m_watcher, &KnowledgeBaseWatcher::changesWaiting, this, &McpKnowledgeBase::changesWaiting);
    const auto changedRecord = [this](Record *record) {
        recheck(record);
        resetMatcher();
        emit changed();
    };
    connect(m_watcher, &KnowledgeBaseWatcher::reloaded, this, changedRecord);
    connect(m_watcher, &KnowledgeBaseWatcher::added, this, changedRecord);
    // The server never edits a record, so this is a file changed twice
    // before the first change was handled: read it again.
    connect(m_watcher, &KnowledgeBaseWatcher::conflict, this, [this, changedRecord](Record *record) {
        QString error;
        if (kb().reload(record, &error))
            changedRecord(record);
        else
            qWarning("errata mcp: %s: %s", qPrintable(record->filePath()), qPrintable(error));
    });
    connect(m_watcher, &KnowledgeBaseWatcher::removedOnDisk, this, [this](Record *record) {
        kb().take(record); // the index and the watcher follow
        resetMatcher();
        emit changed();
    });
    connect(m_watcher, &KnowledgeBaseWatcher::loadFailed, this, [](const QString &file, const QString &message) {
        qWarning("errata mcp: %s: %s", qPrintable(file), qPrintable(message));
    });
}

void McpKnowledgeBase::resetMatcher()
{
    const std::lock_guard<std::mutex> lock(m_matcherLock);
    m_matcher.reset();
}

void McpKnowledgeBase::recheck(Record *record)
{
    kb().setProblems(record, m_session->validator().validate(*record, &kb()));
}

} // namespace Errata
