#pragma once

#include "models/matching/LogMatcher.h"
#include "models/publish/SiteOptions.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <mutex>

namespace Errata {

class McpKnowledgeBase;

// What `errata serve` answers from: a KB read once and never changed again,
// with the files of its site made in memory. Built whole (build(), on any
// thread), then shared by every request thread, read only: a reload builds
// a new one (ServeReloader) and the old one goes when its last holder lets
// go of it, on whichever thread that is (its QObjects belong to no thread,
// McpKnowledgeBase::leaveThread()).
class ServeSnapshot
{
public:
    struct Options
    {
        qint64 regexBudgetMs = LogMatcher::DefaultRegexBudgetMs;
        qint64 runBudgetMs = LogMatcher::DefaultRunBudgetMs;
        SiteOptions site;       // the base URL, the reference date (invalid: the KB's), valid records only
        bool renderSite = true; // tests may skip the site
    };

    struct Info
    {
        QString root;       // absolute KB folder
        QString commit;     // git HEAD commit (40 hex) when the KB is in a git checkout, else ""
        QDateTime loadedAt; // UTC, when the build finished
        int records = 0;
        QStringList problems; // "file: message" for each file that could not be read, and a git operation in progress
        // "" or the git operation in progress while the KB was read, naming
        // the file that says so (GitCheckoutState::operation).
        QString gitOperation;
        double seconds = 0; // how long the build took
        int siteFiles = 0;
        qint64 siteBytes = 0;
    };

    ~ServeSnapshot();
    ServeSnapshot(const ServeSnapshot &) = delete;
    ServeSnapshot &operator=(const ServeSnapshot &) = delete;

    // Null with `error` set when `folder` is not a readable folder or when
    // cancelled ("cancelled"). Files that cannot be read are no failure:
    // they are in info().problems.
    static std::shared_ptr<const ServeSnapshot> build(const QString &folder, const Options &options, QString *error,
                                                      const std::atomic_bool *cancel = nullptr);

    // Opened frozen (it never follows the disk), its log matcher built.
    McpKnowledgeBase &kb() const { return *m_kb; }
    // A file of the site as `errata publish` writes it ("index.html",
    // "zh/index.html", "api/v1/records/<id>.json"…), or null.
    const QByteArray *siteFile(const QString &path) const;
    const Info &info() const { return m_info; }
    // The tools that McpServer::isParallel() does not name run one at a
    // time, under this lock.
    std::mutex &serialLock() const { return m_serial; }

    // Why this snapshot must not replace `current` ("" when it may): git is
    // in the middle of an operation in the checkout, or files that `current`
    // read cannot be read in this one (conflict markers, a file half
    // written): a KB caught mid-`git pull`. The sentence names the files.
    QString refusal(const ServeSnapshot &current) const;

private:
    struct Unreadable
    {
        QString file; // as the loader names it
        QString message;
    };

    ServeSnapshot();
    bool renderSite(const Options &options, const std::atomic_bool *cancel);
    bool openKb(const Options &options, QString *error, const std::atomic_bool *cancel);
    void listProblems();

    std::unique_ptr<McpKnowledgeBase> m_kb;
    QHash<QString, QByteArray> m_site;
    QList<Unreadable> m_unreadable;
    Info m_info;
    mutable std::mutex m_serial;
};

} // namespace Errata
