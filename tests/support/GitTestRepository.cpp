#include "support/GitTestRepository.h"

#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>

#include <git2.h>

namespace Errata::TestSupport {

namespace {

QByteArray native(const QString &path)
{
    return QFile::encodeName(path);
}

bool blobOf(git_repository *repository, const QByteArray &bytes, git_oid *id)
{
    return git_blob_create_from_buffer(id, repository, bytes.constData(), size_t(bytes.size())) == 0;
}

} // namespace

GitTestRepository::GitTestRepository(const QString &folder, const QString &branch)
    : m_folder(QDir::cleanPath(folder))
{
    git_libgit2_init();
    git_repository_init_options options = GIT_REPOSITORY_INIT_OPTIONS_INIT;
    options.flags = GIT_REPOSITORY_INIT_MKPATH;
    const QByteArray head = native(branch);
    options.initial_head = head.constData();
    if (git_repository_init_ext(&m_repository, native(m_folder).constData(), &options) != 0)
        m_repository = nullptr;
}

GitTestRepository::~GitTestRepository()
{
    git_repository_free(m_repository);
    git_libgit2_shutdown();
}

bool GitTestRepository::write(const QString &path, const QByteArray &bytes)
{
    return writeFile(m_folder + QLatin1Char('/') + path, bytes);
}

bool GitTestRepository::removeFile(const QString &path)
{
    return QFile::remove(m_folder + QLatin1Char('/') + path);
}

bool GitTestRepository::stage(const QString &path)
{
    git_index *index = nullptr;
    if (git_repository_index(&index, m_repository) != 0)
        return false;
    const bool done = git_index_add_bypath(index, native(path).constData()) == 0 && git_index_write(index) == 0;
    git_index_free(index);
    return done;
}

bool GitTestRepository::unstage(const QString &path)
{
    git_index *index = nullptr;
    if (git_repository_index(&index, m_repository) != 0)
        return false;
    const bool done = git_index_remove_bypath(index, native(path).constData()) == 0 && git_index_write(index) == 0;
    git_index_free(index);
    return done;
}

QByteArray GitTestRepository::commitAll(const QString &message)
{
    git_index *index = nullptr;
    if (git_repository_index(&index, m_repository) != 0)
        return QByteArray();
    git_oid treeId;
    git_oid commitId;
    git_tree *tree = nullptr;
    git_signature *author = nullptr;
    git_commit *parent = nullptr;
    git_reference *head = nullptr;
    bool done = git_index_add_all(index, nullptr, 0, nullptr, nullptr) == 0
        && git_index_update_all(index, nullptr, nullptr, nullptr) == 0 && git_index_write(index) == 0
        && git_index_write_tree(&treeId, index) == 0 && git_tree_lookup(&tree, m_repository, &treeId) == 0
        && git_signature_new(&author, "Errata Test", "test@errata.invalid", 1767225600, 0) == 0;
    if (done && git_repository_head(&head, m_repository) == 0)
        done = git_commit_lookup(&parent, m_repository, git_reference_target(head)) == 0;
    const git_commit *parents[] = {parent};
    done = done
        && git_commit_create(&commitId, m_repository, "HEAD", author, author, nullptr, message.toUtf8().constData(),
                             tree, parent ? 1 : 0, parents)
            == 0;
    git_reference_free(head);
    git_commit_free(parent);
    git_signature_free(author);
    git_tree_free(tree);
    git_index_free(index);
    if (!done)
        return QByteArray();
    char text[GIT_OID_HEXSZ + 1] = {};
    git_oid_tostr(text, sizeof text, &commitId);
    return QByteArray(text);
}

bool GitTestRepository::conflict(const QString &path, const QByteArray &base, const QByteArray &ours,
                                 const QByteArray &theirs, const QByteArray &workTree)
{
    git_index *index = nullptr;
    if (!write(path, workTree) || git_repository_index(&index, m_repository) != 0)
        return false;
    const QByteArray name = native(path);
    git_index_entry entries[3] = {};
    const QByteArray *texts[3] = {&base, &ours, &theirs};
    bool done = git_index_remove_bypath(index, name.constData()) == 0;
    for (int stage = 0; stage < 3 && done; ++stage) {
        entries[stage].path = name.constData();
        entries[stage].mode = GIT_FILEMODE_BLOB;
        done = texts[stage]->isEmpty() || blobOf(m_repository, *texts[stage], &entries[stage].id);
    }
    done = done
        && git_index_conflict_add(index, base.isEmpty() ? nullptr : &entries[0], ours.isEmpty() ? nullptr : &entries[1],
                                  theirs.isEmpty() ? nullptr : &entries[2])
            == 0
        && git_index_write(index) == 0;
    git_index_free(index);
    return done;
}

bool GitTestRepository::detachHead()
{
    git_reference *head = nullptr;
    if (git_repository_head(&head, m_repository) != 0)
        return false;
    const bool done = git_repository_set_head_detached(m_repository, git_reference_target(head)) == 0;
    git_reference_free(head);
    return done;
}

bool GitTestRepository::hasGit()
{
    return !QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty();
}

bool GitTestRepository::runGit(const QString &folder, const QStringList &arguments)
{
    QProcess git;
    git.setWorkingDirectory(folder);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    environment.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    for (const char *who : {"GIT_AUTHOR", "GIT_COMMITTER"}) {
        environment.insert(QLatin1String(who) + QStringLiteral("_NAME"), QStringLiteral("Errata Test"));
        environment.insert(QLatin1String(who) + QStringLiteral("_EMAIL"), QStringLiteral("test@errata.invalid"));
    }
    git.setProcessEnvironment(environment);
    git.setProcessChannelMode(QProcess::MergedChannels);
    git.start(QStandardPaths::findExecutable(QStringLiteral("git")), arguments);
    const bool ok = git.waitForFinished(60000) && git.exitStatus() == QProcess::NormalExit && git.exitCode() == 0;
    if (!ok)
        qWarning("git %s: %s", qPrintable(arguments.join(QLatin1Char(' '))), git.readAll().constData());
    return ok;
}

bool GitTestRepository::addSubmodule(const QString &into, const QString &path, const QString &folder,
                                     const QList<QPair<QString, QByteArray>> &files)
{
    for (const auto &[name, text] : files) {
        if (!writeFile(folder + QLatin1Char('/') + name, text))
            return false;
    }
    const auto git = [](const QString &where, const QStringList &arguments) { return runGit(where, arguments); };
    return git(folder, {QStringLiteral("init"), QStringLiteral("-q"), QStringLiteral("-b"), QStringLiteral("main")})
        && git(folder, {QStringLiteral("add"), QStringLiteral("-A")})
        && git(folder, {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("sub")})
        && git(into,
               {QStringLiteral("-c"), QStringLiteral("protocol.file.allow=always"), QStringLiteral("submodule"),
                QStringLiteral("add"), QStringLiteral("-q"), folder, path})
        && git(into, {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("sub")});
}

} // namespace Errata::TestSupport
