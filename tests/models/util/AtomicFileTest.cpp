// Replacing a file in one step: the bytes arrive whole or not at all, a
// full disk (a file size limit, FileSizeLimit) keeps the old file and says
// so, for bytes at hand and for a stream, and symbolic links are never
// written through.

#include "models/util/AtomicFile.h"
#include "support/FileSizeLimit.h"
#include "support/TestFiles.h"

#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

const QByteArray OldText = "{\"old\": true}\n";

QStringList entries(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class AtomicFileTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void writesAndReplaces();
    void fullDiskKeepsTheOldFile_data();
    void fullDiskKeepsTheOldFile();
    void fullDiskFailsAStream_data();
    void fullDiskFailsAStream();
    void closeWithoutCommitKeepsTheOldFile();
    void refusesALink_data();
    void refusesALink();
    void replacesALinkWhenAsked();
    void putsTheLinkBackOnAFailure();
    void refusesAFolder();
    void refusesASpecialFile();
    void linkedFolder();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_file;
};

void AtomicFileTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_file = m_dir->filePath(QStringLiteral("record.json"));
    QVERIFY(writeFile(m_file, OldText));
}

void AtomicFileTest::writesAndReplaces()
{
    QString error;
    QVERIFY2(AtomicFile::writeFile(m_file, "new", &error), qPrintable(error));
    QCOMPARE(readFile(m_file), QByteArray("new"));
    const QString created = m_dir->filePath(QStringLiteral("created.json"));
    QVERIFY2(AtomicFile::writeFile(created, QByteArray(100000, 'x'), &error), qPrintable(error));
    QCOMPARE(readFile(created), QByteArray(100000, 'x'));
    QCOMPARE(entries(m_dir->path()), (QStringList{QStringLiteral("created.json"), QStringLiteral("record.json")}));
}

void AtomicFileTest::fullDiskKeepsTheOldFile_data()
{
    QTest::addColumn<int>("limit");
    QTest::addColumn<int>("size");
    // Below Qt's write buffer (16 KiB), the whole text meets the full disk
    // only when QSaveFile flushes it in commit().
    QTest::newRow("nothing fits") << 0 << 100;
    QTest::newRow("part fits, buffered") << 40 << 100;
    QTest::newRow("part fits, large") << 20000 << 100000;
}

void AtomicFileTest::fullDiskKeepsTheOldFile()
{
    QFETCH(int, limit);
    QFETCH(int, size);
    const QString created = m_dir->filePath(QStringLiteral("created.json"));
    QString error;
    bool replaced = false;
    bool createdOne = false;
    {
        FileSizeLimit full(static_cast<rlim_t>(limit));
        QVERIFY(full.isActive());
        replaced = AtomicFile::writeFile(m_file, QByteArray(size, 'x'), &error);
        createdOne = AtomicFile::writeFile(created, QByteArray(size, 'x'), &error);
    }
    QVERIFY(!replaced);
    QVERIFY(!createdOne);
    QCOMPARE(readFile(m_file), OldText);
    QVERIFY2(error.startsWith(created + QStringLiteral(": cannot be written: ")), qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("left as it was")), qPrintable(error));
    QCOMPARE(entries(m_dir->path()), QStringList{QStringLiteral("record.json")});
}

void AtomicFileTest::fullDiskFailsAStream_data()
{
    QTest::addColumn<int>("count");
    QTest::newRow("within the buffer") << 100;
    QTest::newRow("beyond the buffer") << 50000;
}

// Small writes through a QDataStream, as the KB cache writes, with the
// disk full just before the end.
void AtomicFileTest::fullDiskFailsAStream()
{
    QFETCH(int, count);
    const auto writeStream = [this, count](QString *error) {
        AtomicFile file(m_file);
        if (!file.open(QIODevice::WriteOnly)) {
            *error = file.errorString();
            return false;
        }
        QDataStream out(&file);
        for (int i = 0; i < count; ++i)
            out << quint32(i);
        const bool committed = file.commit();
        *error = file.errorString();
        return committed;
    };
    QString error;
    QVERIFY2(writeStream(&error), qPrintable(error));
    const QByteArray whole = readFile(m_file);
    QCOMPARE(whole.size(), qsizetype(count) * 4);
    QVERIFY(writeFile(m_file, OldText));
    {
        FileSizeLimit full(static_cast<rlim_t>(whole.size() - 1));
        QVERIFY(full.isActive());
        QVERIFY(!writeStream(&error));
    }
    QVERIFY2(error.contains(QLatin1String("cannot be written")), qPrintable(error));
    QCOMPARE(readFile(m_file), OldText);
    QCOMPARE(entries(m_dir->path()), QStringList{QStringLiteral("record.json")});
}

void AtomicFileTest::closeWithoutCommitKeepsTheOldFile()
{
    {
        AtomicFile file(m_file);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write("half"), qint64(4));
        file.close();
        QVERIFY(!file.isOpen());
    }
    {
        AtomicFile file(m_file);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write("destroyed before commit"), qint64(23));
    }
    QCOMPARE(readFile(m_file), OldText);
    QCOMPARE(entries(m_dir->path()), QStringList{QStringLiteral("record.json")});
    AtomicFile reading(m_file);
    QVERIFY(!reading.open(QIODevice::ReadWrite));
}

void AtomicFileTest::refusesALink_data()
{
    QTest::addColumn<bool>("dangling");
    QTest::newRow("to a file") << false;
    QTest::newRow("dangling") << true;
}

void AtomicFileTest::refusesALink()
{
    QFETCH(bool, dangling);
    QTemporaryDir outside;
    QVERIFY(outside.isValid());
    const QString target = outside.filePath(QStringLiteral("target.json"));
    if (!dangling)
        QVERIFY(writeFile(target, OldText));
    const QString link = m_dir->filePath(QStringLiteral("link.json"));
    QVERIFY(QFile::link(target, link));

    QString error;
    QVERIFY(!AtomicFile::writeFile(link, "new", &error));
    QCOMPARE(error, link + QStringLiteral(" is a symbolic link; Errata does not write through links"));
    QCOMPARE(QFileInfo(link).symLinkTarget(), target);
    QCOMPARE(QFileInfo::exists(target), !dangling);
    if (!dangling)
        QCOMPARE(readFile(target), OldText);
    QCOMPARE(entries(outside.path()), dangling ? QStringList() : QStringList{QStringLiteral("target.json")});
}

void AtomicFileTest::replacesALinkWhenAsked()
{
    QTemporaryDir outside;
    QVERIFY(outside.isValid());
    const QString target = outside.filePath(QStringLiteral("target.json"));
    const QString link = m_dir->filePath(QStringLiteral("link.json"));
    QVERIFY(QFile::link(target, link));

    QString error;
    QVERIFY2(AtomicFile::writeFile(link, "new", &error, AtomicFile::ReplaceLink), qPrintable(error));
    QVERIFY(!QFileInfo(link).isSymLink());
    QCOMPARE(readFile(link), QByteArray("new"));
    QVERIFY(!QFileInfo::exists(target));
}

void AtomicFileTest::putsTheLinkBackOnAFailure()
{
    const QString link = m_dir->filePath(QStringLiteral("link.json"));
    QVERIFY(QFile::link(QStringLiteral("../somewhere/else.json"), link));
    QString error;
    {
        FileSizeLimit full(0);
        QVERIFY(full.isActive());
        QVERIFY(!AtomicFile::writeFile(link, "new", &error, AtomicFile::ReplaceLink));
    }
    QVERIFY2(error.contains(QLatin1String("cannot be written")), qPrintable(error));
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(QFileInfo(link).symLinkTarget(),
             QDir::cleanPath(m_dir->filePath(QStringLiteral("../somewhere/else.json"))));
    QCOMPARE(entries(m_dir->path()), (QStringList{QStringLiteral("link.json"), QStringLiteral("record.json")}));
}

void AtomicFileTest::refusesAFolder()
{
    const QString folder = m_dir->filePath(QStringLiteral("folder.json"));
    QVERIFY(QDir().mkpath(folder));
    for (const AtomicFile::LinkPolicy links : {AtomicFile::RefuseLink, AtomicFile::ReplaceLink}) {
        QString error;
        QVERIFY(!AtomicFile::writeFile(folder, "new", &error, links));
        QCOMPARE(error, folder + QStringLiteral(" is a folder, not a file"));
        QVERIFY(QFileInfo(folder).isDir());
    }
}

void AtomicFileTest::refusesASpecialFile()
{
    // Renaming over a FIFO or a socket replaced it by a regular file (as
    // root, over /dev/null the system's device).
    const QString fifo = m_dir->filePath(QStringLiteral("pipe.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString socketPath = m_dir->filePath(QStringLiteral("socket.json"));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_un address = {};
    address.sun_family = AF_UNIX;
    const QByteArray name = QFile::encodeName(socketPath);
    QVERIFY(size_t(name.size()) < sizeof(address.sun_path));
    std::memcpy(address.sun_path, name.constData(), size_t(name.size()));
    QCOMPARE(::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof(address)), 0);
    ::close(fd);
    const QStringList before = entries(m_dir->path());
    const QList<QPair<QString, QString>> cases = {{fifo, QStringLiteral("a FIFO (named pipe)")},
                                                  {socketPath, QStringLiteral("a socket")}};
    for (const auto &[path, kind] : cases) {
        for (const AtomicFile::LinkPolicy links : {AtomicFile::RefuseLink, AtomicFile::ReplaceLink}) {
            QString error;
            QVERIFY(!AtomicFile::writeFile(path, "new", &error, links));
            QVERIFY2(error.startsWith(path + QStringLiteral(" is ") + kind + QStringLiteral(", not a regular file")),
                     qPrintable(error));
            QCOMPARE(entries(m_dir->path()), before);
        }
    }
    struct stat status = {};
    QCOMPARE(::lstat(QFile::encodeName(fifo).constData(), &status), 0);
    QVERIFY(S_ISFIFO(status.st_mode));
    QCOMPARE(::lstat(name.constData(), &status), 0);
    QVERIFY(S_ISSOCK(status.st_mode));
    // Only looked at, never written: the device itself.
    QCOMPARE(AtomicFile::specialKind(QStringLiteral("/dev/null")), QStringLiteral("a character device"));
    QCOMPARE(AtomicFile::specialKind(m_file), QString());
    QCOMPARE(AtomicFile::specialKind(m_dir->filePath(QStringLiteral("missing"))), QString());
}

void AtomicFileTest::linkedFolder()
{
    const QString root = m_dir->filePath(QStringLiteral("kb"));
    QVERIFY(QDir().mkpath(root + QStringLiteral("/real/deeper")));
    QVERIFY(QFile::link(m_dir->path(), root + QStringLiteral("/out")));
    QVERIFY(QFile::link(root + QStringLiteral("/real"), root + QStringLiteral("/real/deeper/loop")));
    QCOMPARE(AtomicFile::linkedFolder(root, root + QStringLiteral("/real/deeper/a.json")), QString());
    QCOMPARE(AtomicFile::linkedFolder(root, root + QStringLiteral("/new/folder/a.json")), QString());
    QCOMPARE(AtomicFile::linkedFolder(root, root + QStringLiteral("/out/a.json")), root + QStringLiteral("/out"));
    QCOMPARE(AtomicFile::linkedFolder(root, root + QStringLiteral("/out/x/y/a.json")), root + QStringLiteral("/out"));
    QCOMPARE(AtomicFile::linkedFolder(root, root + QStringLiteral("/real/deeper/loop/a.json")),
             root + QStringLiteral("/real/deeper/loop"));
    // The root itself may be a link: only what is below it counts.
    QCOMPARE(AtomicFile::linkedFolder(root + QStringLiteral("/out"), root + QStringLiteral("/out/a.json")), QString());
}

QTEST_GUILESS_MAIN(AtomicFileTest)
#include "AtomicFileTest.moc"
