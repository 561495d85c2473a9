#include "models/git/GitRestore.h"

#include "models/git/GitLibrary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <git2.h>

#include <memory>

namespace Errata {

namespace {

struct TreeEntryDeleter
{
    void operator()(git_tree_entry *entry) const { git_tree_entry_free(entry); }
};
using TreeEntry = std::unique_ptr<git_tree_entry, TreeEntryDeleter>;

struct IndexDeleter
{
    void operator()(git_index *index) const { git_index_free(index); }
};

// The entry of `path` (as git names it) in HEAD's tree, or null.
TreeEntry headEntry(git_repository *repository, const QString &path)
{
    git_object *object = nullptr;
    if (git_revparse_single(&object, repository, "HEAD^{tree}") != 0)
        return nullptr;
    git_tree_entry *entry = nullptr;
    const int failed = git_tree_entry_bypath(&entry, reinterpret_cast<git_tree *>(object),
                                             QFile::encodeName(path).constData());
    git_object_free(object);
    return failed == 0 ? TreeEntry(entry) : nullptr;
}

bool writeFile(const QString &file, const QByteArray &text, QString *error)
{
    if (!QDir().mkpath(QFileInfo(file).absolutePath())) {
        *error = GitRestore::tr("cannot make the folder %1").arg(QFileInfo(file).absolutePath());
        return false;
    }
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size() || !out.commit()) {
        *error = out.errorString();
        return false;
    }
    return true;
}

// Puts HEAD's entry back in the index when the deletion was staged.
bool restoreIndexEntry(git_repository *repository, const git_tree_entry &head, const QByteArray &path, QString *error)
{
    git_index *raw = nullptr;
    if (git_repository_index(&raw, repository) != 0) {
        *error = GitLibrary::lastError();
        return false;
    }
    const std::unique_ptr<git_index, IndexDeleter> index(raw);
    if (git_index_read(raw, 0) != 0) { // git may have changed it since the repository was opened
        *error = GitLibrary::lastError();
        return false;
    }
    if (git_index_get_bypath(raw, path.constData(), 0))
        return true;
    git_index_entry entry = {};
    entry.mode = git_tree_entry_filemode(&head);
    entry.id = *git_tree_entry_id(&head);
    entry.path = path.constData();
    if (git_index_add(raw, &entry) != 0 || git_index_write(raw) != 0) {
        *error = GitLibrary::lastError();
        return false;
    }
    return true;
}

} // namespace

bool GitRestore::restore(const QString &root, const QString &path, QString *error)
{
    const GitLibrary library;
    const GitLibrary::Repository repository = GitLibrary::open(root);
    const QString relative = repository ? GitLibrary::workTreePath(repository.get(), root, path) : QString();
    const TreeEntry head = relative.isEmpty() ? nullptr : headEntry(repository.get(), relative);
    if (!head || git_tree_entry_type(head.get()) != GIT_OBJECT_BLOB) {
        *error = tr("%1: not in the last commit, nothing to restore").arg(path);
        return false;
    }
    git_blob *blob = nullptr;
    if (git_blob_lookup(&blob, repository.get(), git_tree_entry_id(head.get())) != 0) {
        *error = tr("%1: cannot read it from the last commit: %2").arg(path, GitLibrary::lastError());
        return false;
    }
    const QByteArray text(static_cast<const char *>(git_blob_rawcontent(blob)), qsizetype(git_blob_rawsize(blob)));
    git_blob_free(blob);
    const QString file = root + QLatin1Char('/') + path;
    QString failure;
    if (!QFileInfo::exists(file) && !writeFile(file, text, &failure)) {
        *error = tr("%1: cannot write it: %2").arg(path, failure);
        return false;
    }
    if (!restoreIndexEntry(repository.get(), *head, QFile::encodeName(relative), &failure)) {
        *error = tr("%1: written, but not put back in git's index: %2").arg(path, failure);
        return false;
    }
    return true;
}

} // namespace Errata
