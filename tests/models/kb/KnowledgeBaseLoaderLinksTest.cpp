// What the loader does with entries that are not plain record files: links
// (inside the KB folder: loaded; leaving it, dangling or looping: reported),
// FIFOs, sockets and devices (reported, never opened: a FIFO would block the
// load forever), links to folders (not followed, reported) and names that are
// not valid UTF-8 (reported with escapes). Every skipped entry is one load
// problem naming it; the good records still load.

#include "KnowledgeBaseFixture.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFileInfo>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <future>
#include <memory>

using namespace Errata;
using namespace Errata::KnowledgeBaseFixture;
using namespace Errata::TestSupport;

namespace {

constexpr int LoadLimitMs = 10000;

bool makeLink(const QByteArray &target, const QString &link)
{
    return ::symlink(target.constData(), QFile::encodeName(link).constData()) == 0;
}

bool makeFifo(const QString &path)
{
    return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
}

// A reader blocked in open() on a FIFO goes on once a writer opens it, and
// reads the end of the file once the writer closes it.
void releaseReaders(const QStringList &fifos)
{
    for (const QString &fifo : fifos) {
        const int fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0)
            ::close(fd);
    }
}

// Loads `root` on another thread; a load still going after LoadLimitMs is
// a hang: the FIFOs are opened for writing to release it, and it is null.
std::unique_ptr<KnowledgeBase> loadWithin(const QString &root, const QStringList &fifos = {})
{
    auto loading = std::async(std::launch::async, [root] { return KnowledgeBaseLoader::load(root); });
    if (loading.wait_for(std::chrono::milliseconds(LoadLimitMs)) != std::future_status::ready) {
        while (loading.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready)
            releaseReaders(fifos);
        loading.get();
        return nullptr;
    }
    auto kb = std::make_unique<KnowledgeBase>();
    kb->adopt(loading.get());
    return kb;
}

// The load problem of `file`, or one with an empty message.
Problem problemOf(const KnowledgeBase &kb, const QString &file)
{
    for (const Problem &problem : kb.loadProblems()) {
        if (problem.file == QDir::cleanPath(file))
            return problem;
    }
    return Problem();
}

QString allProblems(const KnowledgeBase &kb)
{
    QStringList lines;
    for (const Problem &problem : kb.loadProblems())
        lines << problem.toText();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class KnowledgeBaseLoaderLinksTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void linkToFifoDoesNotHang();
    void fifoInTheFolder();
    void socket();
    void danglingLink();
    void linkLoop();
    void linkLeavingTheFolder();
    void linkInsideTheFolderIsLoaded();
    void linkThroughTheRootsOwnLink();
    void linkToFolderIsNotFollowed();
    void nameNotValidUtf8();
    void otherNamesAreNotReported();
    void recordFilesLeavesSkippedOut();

private:
    QString path(const QString &relative) const { return m_dir->filePath(relative); }
    QString root() const { return QDir::cleanPath(m_dir->path()); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QTemporaryDir> m_outside;
};

void KnowledgeBaseLoaderLinksTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_outside = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid() && m_outside->isValid());
    QVERIFY(writeFile(path(QStringLiteral("disk/full.json")), cleanRecord(QStringLiteral("disk/full"))));
}

void KnowledgeBaseLoaderLinksTest::linkToFifoDoesNotHang()
{
    const QString fifo = path(QStringLiteral("disk/pipe"));
    QVERIFY(makeFifo(fifo));
    QVERIFY(makeLink("pipe", path(QStringLiteral("disk/pipe.json"))));
    const auto kb = loadWithin(root(), {fifo});
    QVERIFY2(kb, "the load hung on a link to a FIFO");
    QCOMPARE(ids(*kb), QStringList{QStringLiteral("disk/full")});
    const Problem problem = problemOf(*kb, path(QStringLiteral("disk/pipe.json")));
    QVERIFY2(problem.message.contains(QLatin1String("a link to a FIFO")), qPrintable(allProblems(*kb)));
    QCOMPARE(problem.severity, Problem::Error);
    QCOMPARE(kb->loadProblems().size(), 1);
}

void KnowledgeBaseLoaderLinksTest::fifoInTheFolder()
{
    const QString fifo = path(QStringLiteral("disk/pipe.json"));
    QVERIFY(makeFifo(fifo));
    const auto kb = loadWithin(root(), {fifo});
    QVERIFY2(kb, "the load hung on a FIFO");
    QCOMPARE(ids(*kb), QStringList{QStringLiteral("disk/full")});
    const Problem problem = problemOf(*kb, fifo);
    QVERIFY2(problem.message.contains(QLatin1String("a FIFO, not a regular file")), qPrintable(allProblems(*kb)));
    QCOMPARE(kb->loadProblems().size(), 1);
}

void KnowledgeBaseLoaderLinksTest::socket()
{
    // A socket's path must be short: bound from inside the folder.
    const QString socketPath = path(QStringLiteral("s.json"));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    const auto closeLater = qScopeGuard([fd] { ::close(fd); });
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray name = QFile::encodeName(socketPath);
    if (size_t(name.size()) >= sizeof(address.sun_path))
        QSKIP("the temporary folder's path is too long for a socket");
    std::memcpy(address.sun_path, name.constData(), size_t(name.size()));
    QVERIFY(::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof(address)) == 0);
    const auto kb = loadWithin(root());
    QVERIFY(kb);
    QVERIFY2(problemOf(*kb, socketPath).message.contains(QLatin1String("a socket, not a regular file")),
             qPrintable(allProblems(*kb)));
    QCOMPARE(kb->count(), 1);
}

void KnowledgeBaseLoaderLinksTest::danglingLink()
{
    QVERIFY(makeLink("gone.json", path(QStringLiteral("disk/dangling.json"))));
    const auto kb = loadWithin(root());
    QVERIFY(kb);
    const Problem problem = problemOf(*kb, path(QStringLiteral("disk/dangling.json")));
    QVERIFY2(problem.message.contains(QLatin1String("a dangling link (to gone.json)")), qPrintable(allProblems(*kb)));
    QCOMPARE(problem.severity, Problem::Error);
    QCOMPARE(problem.rule, QStringLiteral("file"));
    QCOMPARE(ids(*kb), QStringList{QStringLiteral("disk/full")});
}

void KnowledgeBaseLoaderLinksTest::linkLoop()
{
    QVERIFY(makeLink("b.json", path(QStringLiteral("disk/a.json"))));
    QVERIFY(makeLink("a.json", path(QStringLiteral("disk/b.json"))));
    QVERIFY(makeLink("self.json", path(QStringLiteral("disk/self.json"))));
    const auto kb = loadWithin(root());
    QVERIFY(kb);
    for (const QString &name : {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("self")}) {
        const Problem problem = problemOf(*kb, path(QStringLiteral("disk/%1.json").arg(name)));
        QVERIFY2(problem.message.contains(QLatin1String("a link loop")), qPrintable(allProblems(*kb)));
    }
    QCOMPARE(kb->loadProblems().size(), 3);
    QCOMPARE(kb->count(), 1);
}

void KnowledgeBaseLoaderLinksTest::linkLeavingTheFolder()
{
    const QString target = m_outside->filePath(QStringLiteral("secret.json"));
    QVERIFY(writeFile(target, cleanRecord(QStringLiteral("disk/secret"))));
    QVERIFY(makeLink(QFile::encodeName(target), path(QStringLiteral("disk/secret.json"))));
    // Relative, out and back in through a folder outside: still out.
    QVERIFY(makeLink("../../" + QFile::encodeName(QFileInfo(m_outside->path()).fileName()) + "/secret.json",
                     path(QStringLiteral("disk/relative.json"))));
    const auto kb = loadWithin(root());
    QVERIFY(kb);
    QCOMPARE(ids(*kb), QStringList{QStringLiteral("disk/full")});
    const Problem problem = problemOf(*kb, path(QStringLiteral("disk/secret.json")));
    QVERIFY2(problem.message.contains(QLatin1String("a link that leads out of the KB folder (to ") + target),
             qPrintable(allProblems(*kb)));
    QVERIFY2(problemOf(*kb, path(QStringLiteral("disk/relative.json")))
                 .message.contains(QLatin1String("leads out of the KB folder")),
             qPrintable(allProblems(*kb)));
    QCOMPARE(kb->loadProblems().size(), 2);
}

// Loaded at the link's path (its id is checked against that path), read
// through the link; saving it is refused by RecordWriter.
void KnowledgeBaseLoaderLinksTest::linkInsideTheFolderIsLoaded()
{
    QVERIFY(writeFile(path(QStringLiteral("shared/oom.json")), cleanRecord(QStringLiteral("gpu/oom"))));
    QVERIFY(QDir().mkpath(path(QStringLiteral("gpu"))));
    QVERIFY(makeLink("../shared/oom.json", path(QStringLiteral("gpu/oom.json"))));
    // A chain of links, all inside.
    QVERIFY(makeLink("oom.json", path(QStringLiteral("gpu/chain.json"))));
    const auto kb = loadWithin(root());
    QVERIFY(kb);
    QVERIFY2(kb->loadProblems().isEmpty(), qPrintable(allProblems(*kb)));
    QCOMPARE(kb->count(), 4);
    QStringList paths;
    for (int i = 0; i < kb->count(); ++i)
        paths << QDir(root()).relativeFilePath(kb->recordAt(i)->filePath());
    paths.sort();
    QCOMPARE(paths,
             (QStringList{QStringLiteral("disk/full.json"), QStringLiteral("gpu/chain.json"),
                          QStringLiteral("gpu/oom.json"), QStringLiteral("shared/oom.json")}));
}

// A KB opened through a link to its folder: links inside lead inside.
void KnowledgeBaseLoaderLinksTest::linkThroughTheRootsOwnLink()
{
    QVERIFY(makeLink("full.json", path(QStringLiteral("disk/again.json"))));
    const QString viaLink = m_outside->filePath(QStringLiteral("kb"));
    QVERIFY(makeLink(QFile::encodeName(root()), viaLink));
    const auto kb = loadWithin(viaLink);
    QVERIFY(kb);
    QVERIFY2(kb->loadProblems().isEmpty(), qPrintable(allProblems(*kb)));
    QCOMPARE(kb->count(), 2);
}

void KnowledgeBaseLoaderLinksTest::linkToFolderIsNotFollowed()
{
    QVERIFY(writeFile(m_outside->filePath(QStringLiteral("net/dns.json")), cleanRecord(QStringLiteral("net/dns"))));
    QVERIFY(makeLink(QFile::encodeName(m_outside->filePath(QStringLiteral("net"))), path(QStringLiteral("net"))));
    QVERIFY(makeLink("disk", path(QStringLiteral("mirror"))));
    const auto kb = loadWithin(root());
    QVERIFY(kb);
    QCOMPARE(ids(*kb), QStringList{QStringLiteral("disk/full")});
    for (const QString &name : {QStringLiteral("net"), QStringLiteral("mirror")}) {
        const Problem problem = problemOf(*kb, path(name));
        QVERIFY2(problem.message.contains(QLatin1String("a link to a folder")), qPrintable(allProblems(*kb)));
        QCOMPARE(problem.severity, Problem::Warning);
    }
    QCOMPARE(kb->loadProblems().size(), 2);
}

// The id cannot be told from such a name, and the name cannot be shown as
// it is: reported, with the bytes that are not UTF-8 as \xHH.
void KnowledgeBaseLoaderLinksTest::nameNotValidUtf8()
{
    const QByteArray file = QFile::encodeName(path(QStringLiteral("disk"))) + "/caf\xE9-\xFF.json";
    const QByteArray folder = QFile::encodeName(path(QStringLiteral("net"))) + "/d\xC3(";
    // QTemporaryDir cannot remove names that are not valid UTF-8.
    const auto removeNames = qScopeGuard([&] {
        ::unlink(file.constData());
        ::rmdir(folder.constData());
    });
    const int fd = ::open(file.constData(), O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    QVERIFY(fd >= 0);
    const QByteArray text = cleanRecord(QStringLiteral("disk/cafe"));
    QCOMPARE(::write(fd, text.constData(), size_t(text.size())), ssize_t(text.size()));
    ::close(fd);
    QVERIFY(QDir().mkpath(path(QStringLiteral("net"))));
    QCOMPARE(::mkdir(folder.constData(), 0700), 0);
    const auto kb = loadWithin(root());
    QVERIFY(kb);
    QCOMPARE(ids(*kb), QStringList{QStringLiteral("disk/full")});
    const Problem problem = problemOf(*kb, path(QStringLiteral("disk/caf\\xE9-\\xFF.json")));
    QVERIFY2(problem.message.contains(QLatin1String("the file name is not valid UTF-8")), qPrintable(allProblems(*kb)));
    QCOMPARE(problem.severity, Problem::Error);
    const Problem folderProblem = problemOf(*kb, path(QStringLiteral("net/d\\xC3(")));
    QVERIFY2(folderProblem.message.contains(QLatin1String("the folder name is not valid UTF-8")),
             qPrintable(allProblems(*kb)));
    QCOMPARE(kb->loadProblems().size(), 2);
}

// Only what could hold records is reported: links and special files whose
// names do not end in .json, and hidden ones, are not.
void KnowledgeBaseLoaderLinksTest::otherNamesAreNotReported()
{
    QVERIFY(makeFifo(path(QStringLiteral("disk/pipe"))));
    QVERIFY(makeLink("gone", path(QStringLiteral("disk/dangling.txt"))));
    QVERIFY(makeLink("gone.json", path(QStringLiteral("disk/.hidden.json"))));
    QVERIFY(makeLink("/", path(QStringLiteral(".hidden-folder"))));
    QVERIFY(makeLink("/etc/hostname", path(QStringLiteral("README"))));
    const auto kb = loadWithin(root(), {path(QStringLiteral("disk/pipe"))});
    QVERIFY(kb);
    QVERIFY2(kb->loadProblems().isEmpty(), qPrintable(allProblems(*kb)));
    QCOMPARE(kb->count(), 1);
}

void KnowledgeBaseLoaderLinksTest::recordFilesLeavesSkippedOut()
{
    QVERIFY(makeFifo(path(QStringLiteral("disk/pipe.json"))));
    QVERIFY(makeLink("gone.json", path(QStringLiteral("disk/dangling.json"))));
    QVERIFY(makeLink("/etc/hostname", path(QStringLiteral("disk/out.json"))));
    QVERIFY(makeLink("full.json", path(QStringLiteral("disk/in.json"))));
    QCOMPARE(KnowledgeBaseLoader::recordFiles(root()),
             (QStringList{path(QStringLiteral("disk/full.json")), path(QStringLiteral("disk/in.json"))}));
}

QTEST_GUILESS_MAIN(KnowledgeBaseLoaderLinksTest)
#include "KnowledgeBaseLoaderLinksTest.moc"
