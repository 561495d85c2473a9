#include "models/git/GitStatus.h"

#include "models/git/GitLibrary.h"

#include <QFile>
#include <QHash>
#include <QSet>

#include <git2.h>
#include <git2/sys/hashsig.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace Errata {

namespace {

struct StatusListDeleter
{
    void operator()(git_status_list *list) const { git_status_list_free(list); }
};

// The pathspec of every file below `folder`, with the folder's name taken
// literally (libgit2 reads pathspecs as fnmatch patterns, and compares a
// plain one as a prefix only when it holds no special character).
QByteArray pathspecBelow(const QString &folder)
{
    QByteArray spec;
    for (const char c : QFile::encodeName(folder)) {
        if (c == '*' || c == '?' || c == '[' || c == '\\')
            spec += '\\';
        spec += c;
    }
    return spec + "/*";
}

struct ReferenceDeleter
{
    void operator()(git_reference *reference) const { git_reference_free(reference); }
};
using Reference = std::unique_ptr<git_reference, ReferenceDeleter>;

QString branchOf(git_repository *repository)
{
    git_reference *head = nullptr;
    if (git_repository_head(&head, repository) == 0) {
        const Reference owned(head);
        if (git_reference_is_branch(head))
            return QString::fromUtf8(git_reference_shorthand(head));
        char id[8] = {};
        git_oid_tostr(id, sizeof id, git_reference_target(head));
        return GitStatus::tr("HEAD detached at %1").arg(QString::fromLatin1(id));
    }
    // Not born yet: HEAD names the branch the first commit will make.
    if (git_reference_lookup(&head, repository, "HEAD") != 0)
        return QString();
    const Reference owned(head);
    const char *target = git_reference_symbolic_target(head);
    const QString name = target ? QString::fromUtf8(target) : QString();
    return name.startsWith(QLatin1String("refs/heads/")) ? name.mid(11) : name;
}

// The state of one entry of libgit2's list, as the class comment describes.
bool stateOf(unsigned int flags, GitStatus::State *state)
{
    if (flags & GIT_STATUS_CONFLICTED)
        *state = GitStatus::State::Conflicted;
    else if (flags & (GIT_STATUS_INDEX_RENAMED | GIT_STATUS_WT_RENAMED))
        *state = GitStatus::State::Renamed;
    else if ((flags & GIT_STATUS_INDEX_NEW) && (flags & GIT_STATUS_WT_DELETED))
        return false;
    else if (flags & GIT_STATUS_INDEX_NEW)
        *state = GitStatus::State::Added;
    else if (flags & (GIT_STATUS_INDEX_DELETED | GIT_STATUS_WT_DELETED))
        *state = GitStatus::State::Deleted; // with WT_NEW: git rm --cached, deleted by the next commit
    else if (flags & GIT_STATUS_WT_NEW)
        *state = GitStatus::State::Untracked;
    else if (flags
             & (GIT_STATUS_INDEX_MODIFIED | GIT_STATUS_WT_MODIFIED | GIT_STATUS_INDEX_TYPECHANGE
                | GIT_STATUS_WT_TYPECHANGE))
        *state = GitStatus::State::Modified;
    else
        return false;
    return true;
}

struct TreeDeleter
{
    void operator()(git_tree *tree) const { git_tree_free(tree); }
};

// The tree of a commit named as git names it ("HEAD~2", "main", a commit
// id), or null.
git_tree *treeOf(git_repository *repository, const QString &revision)
{
    git_object *object = nullptr;
    if (git_revparse_single(&object, repository, revision.toUtf8().constData()) != 0)
        return nullptr;
    git_object *tree = nullptr;
    const int failed = git_object_peel(&tree, object, GIT_OBJECT_TREE);
    git_object_free(object);
    return failed == 0 ? reinterpret_cast<git_tree *>(tree) : nullptr;
}

// The paths of an entry, relative to the work tree: where it is now, and
// where it was in HEAD when renamed.
void pathsOf(const git_status_entry &entry, QString *path, QString *oldPath)
{
    const git_diff_delta *first = entry.head_to_index ? entry.head_to_index : entry.index_to_workdir;
    const git_diff_delta *last = entry.index_to_workdir ? entry.index_to_workdir : entry.head_to_index;
    *path = QString::fromUtf8(last->new_file.path);
    *oldPath = QString::fromUtf8(first->old_file.path);
}

// An entry of the list, with what pairing it by content needs.
struct Candidate
{
    GitStatus::Entry entry;
    QByteArray workPath;  // below the work tree, as libgit2 names it
    QByteArray blob;      // the raw id of its content, when libgit2 knew it
    bool pairable = true; // not a file removed from the index only
    bool paired = false;  // a deleted file now the old side of a rename
};

QByteArray rawId(const git_diff_file &file)
{
    if (!(file.flags & GIT_DIFF_FLAG_VALID_ID) || git_oid_is_zero(&file.id))
        return QByteArray();
    return QByteArray(reinterpret_cast<const char *>(file.id.id), GIT_OID_RAWSZ);
}

// The content a deleted file had, or a new file has, as far as the list
// says: the side of the index or of HEAD the change is on.
QByteArray blobOf(const git_status_entry &item, GitStatus::State state)
{
    const git_diff_delta *staged = item.head_to_index;
    const git_diff_delta *unstaged = item.index_to_workdir;
    if (state == GitStatus::State::Deleted)
        return staged && staged->status == GIT_DELTA_DELETED ? rawId(staged->old_file)
            : unstaged                                       ? rawId(unstaged->old_file)
                                                             : QByteArray();
    if (state == GitStatus::State::Added)
        return staged ? rawId(staged->new_file) : QByteArray();
    return unstaged ? rawId(unstaged->new_file) : QByteArray(); // untracked: hashed when needed
}

QByteArray hashOf(git_repository *repository, const QByteArray &workPath)
{
    git_oid id;
    if (git_repository_hashfile(&id, repository, workPath.constData(), GIT_OBJECT_BLOB, nullptr) != 0) {
        git_error_clear();
        return QByteArray();
    }
    return QByteArray(reinterpret_cast<const char *>(id.id), GIT_OID_RAWSZ);
}

bool isNew(const Candidate &item)
{
    return item.entry.state == GitStatus::State::Added || item.entry.state == GitStatus::State::Untracked;
}

// As git pairs exact renames before it compares contents, and with no
// limit: each new file with a deleted one of identical content, in path
// order. libgit2 compares each new file with the first diff.renameLimit
// deleted ones only, identical or not.
void pairByContent(git_repository *repository, std::vector<Candidate> &items)
{
    QHash<QByteArray, QList<size_t>> gone;
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i].entry.state == GitStatus::State::Deleted && items[i].pairable && !items[i].blob.isEmpty())
            gone[items[i].blob] << i;
    }
    for (size_t i = 0; !gone.isEmpty() && i < items.size(); ++i) {
        Candidate &item = items[i];
        if (!isNew(item))
            continue;
        if (item.blob.isEmpty() && item.entry.state == GitStatus::State::Untracked)
            item.blob = hashOf(repository, item.workPath);
        const auto match = gone.find(item.blob);
        if (item.blob.isEmpty() || match == gone.end())
            continue;
        Candidate &old = items[match->takeFirst()];
        if (match->isEmpty())
            gone.erase(match);
        old.paired = true;
        item.entry.state = GitStatus::State::Renamed;
        item.entry.oldPath = old.entry.path;
    }
}

struct HashsigDeleter
{
    void operator()(git_hashsig *signature) const { git_hashsig_free(signature); }
};
using Signature = std::unique_ptr<git_hashsig, HashsigDeleter>;

// libgit2's measure of a file's content for renames: of its blob, or of its
// file on disk when it is untracked (not in the object database).
Signature signatureOf(git_repository *repository, const Candidate &item)
{
    const auto options = git_hashsig_option_t(GIT_HASHSIG_SMART_WHITESPACE | GIT_HASHSIG_ALLOW_SMALL_FILES);
    git_hashsig *signature = nullptr;
    git_oid id;
    git_blob *blob = nullptr;
    if (item.entry.state == GitStatus::State::Untracked) {
        const QByteArray file = QByteArray(git_repository_workdir(repository)) + item.workPath;
        git_hashsig_create_fromfile(&signature, file.constData(), options);
    } else if (item.blob.size() == GIT_OID_RAWSZ
               && git_oid_fromraw(&id, reinterpret_cast<const unsigned char *>(item.blob.constData())) == 0
               && git_blob_lookup(&blob, repository, &id) == 0) {
        git_hashsig_create(&signature, static_cast<const char *>(git_blob_rawcontent(blob)),
                           size_t(git_blob_rawsize(blob)), options);
        git_blob_free(blob);
    }
    git_error_clear();
    return Signature(signature);
}

// Each file name held by exactly one of `items` of the kind `wanted`
// picks, left unpaired: name -> index.
QHash<QString, size_t> uniqueNames(const std::vector<Candidate> &items, bool (*wanted)(const Candidate &))
{
    QHash<QString, size_t> names;
    QSet<QString> shared;
    for (size_t i = 0; i < items.size(); ++i) {
        if (!wanted(items[i]))
            continue;
        const QString name = items[i].entry.path.section(QLatin1Char('/'), -1);
        if (names.contains(name))
            shared.insert(name);
        names.insert(name, i);
    }
    for (const QString &name : std::as_const(shared))
        names.remove(name);
    return names;
}

bool isUnpairedGone(const Candidate &item)
{
    return item.entry.state == GitStatus::State::Deleted && item.pairable && !item.paired;
}

// Past the rename limit, as git does since 2.33: a deleted and a new file
// of one name, each the only one of that name, are a rename when their
// contents are at least `threshold` percent alike.
void pairByName(git_repository *repository, std::vector<Candidate> &items, int threshold)
{
    const QHash<QString, size_t> gone = uniqueNames(items, isUnpairedGone);
    const QHash<QString, size_t> added = uniqueNames(items, isNew);
    for (auto it = added.cbegin(); it != added.cend(); ++it) {
        const auto match = gone.constFind(it.key());
        if (match == gone.cend())
            continue;
        Candidate &item = items[it.value()];
        Candidate &old = items[match.value()];
        const Signature a = signatureOf(repository, old);
        const Signature b = signatureOf(repository, item);
        if (!a || !b || git_hashsig_compare(a.get(), b.get()) < threshold)
            continue;
        old.paired = true;
        item.entry.state = GitStatus::State::Renamed;
        item.entry.oldPath = old.entry.path;
    }
}

// git's diff.renameLimit (libgit2 reads it too), or its default.
int renameLimitOf(git_repository *repository)
{
    git_config *config = nullptr;
    int32_t value = 0;
    if (git_repository_config_snapshot(&config, repository) == 0) {
        if (git_config_get_int32(&value, config, "diff.renameLimit") != 0)
            value = 0;
        git_config_free(config);
    }
    git_error_clear();
    return value > 0 ? int(value) : 1000;
}

// The submodules of the checkout below the KB's root (`below`: its path in
// the work tree with a final '/', or "" for the whole work tree), in no
// hidden folder (the loader would not read them anyway), relative to it.
// They are the index's gitlinks: what git records as a commit of another
// repository and never looks into. (git_submodule_foreach, which reads
// .gitmodules, leaks a regex match block on each call in libgit2 1.5.)
QStringList submodulesBelow(git_repository *repository, const QString &below)
{
    QStringList all;
    git_index *index = nullptr;
    if (git_repository_index(&index, repository) != 0) {
        git_error_clear(); // no index to read: none known
        return all;
    }
    const size_t count = git_index_entrycount(index);
    for (size_t i = 0; i < count; ++i) {
        const git_index_entry *entry = git_index_get_byindex(index, i);
        if (entry && entry->mode == GIT_FILEMODE_COMMIT && git_index_entry_stage(entry) == 0)
            all << QString::fromUtf8(entry->path);
    }
    git_index_free(index);
    QStringList kept;
    for (const QString &path : std::as_const(all)) {
        const QString relative = path.startsWith(below) ? path.mid(below.size()) : QString();
        if (!relative.isEmpty() && !relative.startsWith(QLatin1Char('.')) && !relative.contains(QLatin1String("/.")))
            kept << relative;
    }
    kept.sort();
    return kept;
}

} // namespace

GitStatus GitStatus::read(const QString &root)
{
    return read(root, QString());
}

GitStatus GitStatus::read(const QString &root, const QString &revision)
{
    GitStatus status;
    const GitLibrary library;
    const GitLibrary::Repository repository = GitLibrary::open(root);
    if (!repository)
        return status;
    status.m_repository = true;
    status.m_branch = branchOf(repository.get());
    const QString prefix = GitLibrary::workTreePath(repository.get(), root);
    if (prefix.isEmpty())
        return status; // bare, or the root is not in the work tree: nothing changed in it
    const QByteArray pathspec = prefix == QLatin1String(".") ? QByteArray() : pathspecBelow(prefix);
    char *pathspecs[] = {const_cast<char *>(pathspec.constData())};

    git_status_options options;
    git_status_options_init(&options, GIT_STATUS_OPTIONS_VERSION); // the macro leaves fields to clang's warning
    std::unique_ptr<git_tree, TreeDeleter> baseline;
    if (!revision.isEmpty()) {
        baseline.reset(treeOf(repository.get(), revision));
        if (!baseline) {
            status.m_error = tr("unknown revision \"%1\": %2").arg(revision, GitLibrary::lastError());
            return status;
        }
        options.baseline = baseline.get();
    }
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS
        | GIT_STATUS_OPT_RENAMES_HEAD_TO_INDEX | GIT_STATUS_OPT_RENAMES_INDEX_TO_WORKDIR
        | GIT_STATUS_OPT_EXCLUDE_SUBMODULES | GIT_STATUS_OPT_SORT_CASE_SENSITIVELY;
    // Records share their keys and layout: git's 50 % would pair a deleted
    // record with an unrelated new one.
    options.rename_threshold = RenameThreshold;
    if (!pathspec.isEmpty())
        options.pathspec = {pathspecs, 1};
    git_status_list *list = nullptr;
    // As git status does, the index's record of the files' times and sizes
    // is brought up to date when the index can be written: after a checkout
    // that touched every file, only the first call reads them all. When the
    // index is locked (git is at work), it is read without.
    options.flags |= GIT_STATUS_OPT_UPDATE_INDEX;
    int failed = git_status_list_new(&list, repository.get(), &options);
    if (failed != 0) {
        options.flags &= ~unsigned(GIT_STATUS_OPT_UPDATE_INDEX);
        failed = git_status_list_new(&list, repository.get(), &options);
    }
    if (failed != 0) {
        status.m_error = tr("cannot read the state of the git checkout: %1").arg(GitLibrary::lastError());
        return status;
    }
    const std::unique_ptr<git_status_list, StatusListDeleter> owned(list);
    const QString below = pathspec.isEmpty() ? QString() : prefix + QLatin1Char('/');
    status.collect(repository.get(), list, below);
    status.m_submodules = submodulesBelow(repository.get(), below);
    return status;
}

void GitStatus::collect(git_repository *repository, git_status_list *list, const QString &below)
{
    const auto relative = [&below](const QString &path) {
        return path.startsWith(below) ? path.mid(below.size()) : QString();
    };
    std::vector<Candidate> items;
    for (size_t i = 0, count = git_status_list_entrycount(list); i < count; ++i) {
        const git_status_entry *item = git_status_byindex(list, i);
        Candidate candidate;
        Entry &entry = candidate.entry;
        QString path;
        QString oldPath;
        if (!stateOf(item->status, &entry.state))
            continue;
        pathsOf(*item, &path, &oldPath);
        entry.path = relative(path);
        // Removed from the index and still on disk (git rm --cached): the
        // two halves pair up as a rename to itself; the next commit deletes it.
        if (entry.state == State::Renamed && oldPath == path) {
            entry.state = State::Deleted;
            candidate.pairable = false;
        } else if (entry.state == State::Renamed) {
            entry.oldPath = relative(oldPath);
        }
        if (entry.path.isEmpty() || !isRecordPath(entry.path))
            continue;
        candidate.workPath = path.toUtf8();
        candidate.blob = blobOf(*item, entry.state);
        items.push_back(std::move(candidate));
    }
    // What libgit2 had to compare deleted files with: past the limit, it
    // compared each new file with some of them only.
    const auto sources = std::count_if(items.cbegin(), items.cend(), [](const Candidate &item) {
        return isUnpairedGone(item) || item.entry.state == State::Renamed;
    });
    m_renameLimit = renameLimitOf(repository);
    pairByContent(repository, items);
    const bool cut = sources > m_renameLimit;
    if (cut)
        pairByName(repository, items, RenameThreshold);
    int gone = 0;
    int added = 0;
    for (Candidate &item : items) {
        if (item.paired)
            continue;
        gone += item.entry.state == State::Deleted && item.pairable ? 1 : 0;
        added += isNew(item) ? 1 : 0;
        m_entries << std::move(item.entry);
    }
    if (cut && gone > 0 && added > 0) {
        m_unpairedGone = gone;
        m_unpairedNew = added;
    }
    std::sort(m_entries.begin(), m_entries.end(), [](const Entry &a, const Entry &b) { return a.path < b.path; });
}

QStringList GitStatus::notCovered() const
{
    QStringList notes;
    for (const QString &folder : m_submodules)
        notes << tr("the records in the git submodule %1 are not covered: git's state of this checkout does not look "
                    "into submodules")
                     .arg(folder);
    if (m_unpairedGone > 0)
        notes << tr("%1 deleted and %2 new record files were not all compared for renames: past git's rename limit "
                    "(diff.renameLimit, %3) only files of identical content are paired, so some of them may be "
                    "renames of changed files")
                     .arg(m_unpairedGone)
                     .arg(m_unpairedNew)
                     .arg(m_renameLimit);
    return notes;
}

bool GitStatus::isRecordPath(const QString &path)
{
    // Asked of every file of the index: no list of the parts is made.
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) && !path.startsWith(QLatin1Char('.'))
        && !path.contains(QLatin1String("/."));
}

const GitStatus::Entry *GitStatus::find(const QString &path) const
{
    const auto it = std::lower_bound(m_entries.cbegin(), m_entries.cend(), path,
                                     [](const Entry &entry, const QString &key) { return entry.path < key; });
    return it != m_entries.cend() && it->path == path ? &*it : nullptr;
}

QString GitStatus::stateName(State state)
{
    switch (state) {
    case State::Modified: return QStringLiteral("modified");
    case State::Added: return QStringLiteral("added");
    case State::Untracked: return QStringLiteral("untracked");
    case State::Deleted: return QStringLiteral("deleted");
    case State::Renamed: return QStringLiteral("renamed");
    case State::Conflicted: return QStringLiteral("conflicted");
    }
    return QString();
}

QString GitStatus::stateText(State state)
{
    switch (state) {
    case State::Modified: return tr("modified");
    case State::Added: return tr("added");
    case State::Untracked: return tr("untracked");
    case State::Deleted: return tr("deleted");
    case State::Renamed: return tr("renamed");
    case State::Conflicted: return tr("conflicted");
    }
    return QString();
}

} // namespace Errata
