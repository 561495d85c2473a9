#include "models/serve/ServeReloader.h"

#include "models/git/GitCheckoutState.h"
#include "models/serve/ServeWatcher.h"

#include <QFileInfo>
#include <QThread>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace Errata {

namespace {

// Linux keeps a nice value for each thread, and a thread starts with its
// parent's: the pools the build starts (Parallel::forEach) run at it too.
void lowerThisThreadsPriority(int niceness)
{
    const id_t self = id_t(gettid());
    errno = 0;
    const int now = getpriority(PRIO_PROCESS, self);
    if (errno == 0)
        setpriority(PRIO_PROCESS, self, std::min(now + niceness, 19));
}

QString summary(const ServeSnapshot::Info &info)
{
    const QString from = info.commit.isEmpty() ? QStringLiteral("not a git checkout")
                                               : QStringLiteral("commit ") + info.commit.left(12);
    QString text = QStringLiteral("%1 records of %2 (%3), built in %4 s")
                       .arg(info.records)
                       .arg(info.root, from, QString::number(info.seconds, 'f', 2));
    if (!info.problems.isEmpty())
        text += QStringLiteral("; %1 files could not be read").arg(info.problems.size());
    return text;
}

void logProblems(const ServeSnapshot::Info &info)
{
    for (const QString &problem : info.problems)
        qWarning("errata serve: %s", qPrintable(problem));
}

} // namespace

ServeReloader::ServeReloader(const QString &folder, const ServeSnapshot::Options &options, QObject *parent)
    : QObject(parent)
    , m_folder(folder)
    , m_options(options)
{
    m_sweep.setInterval(SweepMs);
    connect(&m_sweep, &QTimer::timeout, this, &ServeReloader::sweep);
}

ServeReloader::~ServeReloader()
{
    m_cancel = true;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

bool ServeReloader::loadFirst(QString *error)
{
    {
        const std::lock_guard<std::mutex> lock(m_statusLock);
        m_status.lastAttempt = QDateTime::currentDateTimeUtc();
        ++m_status.builds;
    }
    std::shared_ptr<const ServeSnapshot> snapshot = ServeSnapshot::build(m_folder, m_options, error, &m_cancel);
    if (!snapshot) {
        const std::lock_guard<std::mutex> lock(m_statusLock);
        m_status.lastError = *error;
        return false;
    }
    logProblems(snapshot->info());
    accept(std::move(snapshot), false);
    return true;
}

void ServeReloader::startWatching()
{
    if (m_watcher)
        return;
    const QString root = QFileInfo(m_folder).absoluteFilePath();
    m_watcher = new ServeWatcher(root, GitCheckoutState::read(root).gitDir, this);
    connect(m_watcher, &ServeWatcher::changed, this, &ServeReloader::reload);
    m_watcher->start();
}

void ServeReloader::reload()
{
    if (QThread::currentThread() != thread()) {
        QMetaObject::invokeMethod(this, &ServeReloader::reload, Qt::QueuedConnection);
        return;
    }
    if (m_thread)
        m_again = true;
    else
        startBuild();
}

std::shared_ptr<const ServeSnapshot> ServeReloader::current() const
{
    const std::lock_guard<std::mutex> lock(m_currentLock);
    return m_current;
}

ServeReloader::Status ServeReloader::status() const
{
    const std::lock_guard<std::mutex> lock(m_statusLock);
    return m_status;
}

void ServeReloader::startBuild()
{
    m_again = false;
    {
        const std::lock_guard<std::mutex> lock(m_statusLock);
        m_status.lastAttempt = QDateTime::currentDateTimeUtc();
        m_status.building = true;
        ++m_status.builds;
    }
    m_thread = QThread::create([this, folder = m_folder, options = m_options] {
        lowerThisThreadsPriority(BuildNiceness);
        QString error;
        std::shared_ptr<const ServeSnapshot> built = ServeSnapshot::build(folder, options, &error, &m_cancel);
        const std::lock_guard<std::mutex> lock(m_builtLock);
        m_built = std::move(built);
        m_buildError = error;
    });
    connect(m_thread, &QThread::finished, this, &ServeReloader::buildEnded);
    m_thread->start();
}

void ServeReloader::buildEnded()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    std::shared_ptr<const ServeSnapshot> built;
    QString error;
    {
        const std::lock_guard<std::mutex> lock(m_builtLock);
        built = std::exchange(m_built, nullptr);
        error = std::exchange(m_buildError, QString());
    }
    {
        const std::lock_guard<std::mutex> lock(m_statusLock);
        m_status.building = false;
    }
    const std::shared_ptr<const ServeSnapshot> serving = current();
    const QString refusal = !built ? QStringLiteral("the KB could not be read: ") + error
        : serving                  ? built->refusal(*serving)
                                   : QString();
    if (refusal.isEmpty()) {
        logProblems(built->info());
        const QString message = summary(built->info());
        accept(std::move(built), true);
        emit reloaded(true, message);
    } else {
        refuse(refusal);
    }
    if (m_again)
        startBuild();
}

void ServeReloader::accept(std::shared_ptr<const ServeSnapshot> snapshot, bool reload)
{
    const ServeSnapshot::Info info = snapshot->info();
    std::shared_ptr<const ServeSnapshot> old;
    {
        const std::lock_guard<std::mutex> lock(m_currentLock);
        old = std::exchange(m_current, std::move(snapshot));
    }
    if (old) {
        m_retired.push_back(std::move(old)); // destroyed here, once no request holds it
        sweep();
    }
    const std::lock_guard<std::mutex> lock(m_statusLock);
    if (reload)
        ++m_status.reloads;
    m_status.ready = true;
    m_status.current = info;
    m_status.lastError.clear();
}

void ServeReloader::refuse(const QString &why)
{
    QString serving;
    {
        const std::lock_guard<std::mutex> lock(m_statusLock);
        ++m_status.failedReloads;
        m_status.lastError = why;
        serving = m_status.ready ? m_status.current.loadedAt.toString(Qt::ISODate) : QString();
    }
    qWarning("errata serve: reload refused: %s; %s", qPrintable(why),
             serving.isEmpty() ? "no snapshot is served yet"
                               : qPrintable(QStringLiteral("still serving the snapshot of ") + serving));
    emit reloaded(false, why);
}

// A replaced snapshot that only this list holds can be held by no request
// any more (current() no longer gives it): it goes now, on this thread.
void ServeReloader::sweep()
{
    m_retired.erase(
        std::remove_if(m_retired.begin(), m_retired.end(),
                       [](const std::shared_ptr<const ServeSnapshot> &snapshot) { return snapshot.use_count() == 1; }),
        m_retired.end());
    {
        const std::lock_guard<std::mutex> lock(m_statusLock);
        m_status.retired = int(m_retired.size());
    }
    if (m_retired.empty())
        m_sweep.stop();
    else if (!m_sweep.isActive())
        m_sweep.start();
}

} // namespace Errata
