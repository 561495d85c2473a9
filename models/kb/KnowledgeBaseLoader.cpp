#include "models/kb/KnowledgeBaseLoader.h"

#include "models/kb/LoadCache.h"
#include "models/kb/LoadIndexer.h"
#include "models/scan/RecordFields.h"
#include "models/scan/RecordScanner.h"
#include "models/util/Parallel.h"
#include "models/util/StringPool.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <string_view>
#include <system_error>

namespace Errata {

namespace fs = std::filesystem;

namespace {

bool hasJsonSuffix(const std::string &name)
{
    constexpr std::string_view suffix = ".json";
    if (name.size() < suffix.size())
        return false;
    for (size_t i = 0; i < suffix.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(name[name.size() - suffix.size() + i])) != suffix[i])
            return false;
    }
    return true;
}

// The length of the well-formed UTF-8 sequence at `at`, or 0 (overlong
// forms, surrogates and code points past U+10FFFF are not well formed).
size_t sequenceLength(std::string_view bytes, size_t at)
{
    const auto byte = [&bytes](size_t i) { return static_cast<unsigned char>(bytes[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80)
        return 1;
    size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        low = lead == 0xE0 ? 0xA0 : low;
        high = lead == 0xED ? 0x9F : high;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        low = lead == 0xF0 ? 0x90 : low;
        high = lead == 0xF4 ? 0x8F : high;
    }
    if (length == 0 || at + length > bytes.size() || byte(at + 1) < low || byte(at + 1) > high)
        return 0;
    for (size_t i = 2; i < length; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80)
            return 0;
    }
    return length;
}

bool isValidUtf8(std::string_view bytes)
{
    for (size_t at = 0; at < bytes.size();) {
        const size_t length = sequenceLength(bytes, at);
        if (length == 0)
            return false;
        at += length;
    }
    return true;
}

// The bytes of a name as text; the bytes that are not well-formed UTF-8 as
// \xHH, since they cannot be shown (nor typed back) as they are.
QString textOf(std::string_view bytes)
{
    if (isValidUtf8(bytes))
        return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
    QString text;
    for (size_t at = 0; at < bytes.size();) {
        const size_t length = sequenceLength(bytes, at);
        if (length == 0)
            text += QString::asprintf("\\x%02X", unsigned(static_cast<unsigned char>(bytes[at])));
        else
            text += QString::fromUtf8(bytes.data() + at, qsizetype(length));
        at += std::max<size_t>(length, 1);
    }
    return text;
}

QString pathText(const fs::path &path)
{
    return QDir::cleanPath(textOf(path.native()));
}

fs::path toPath(const QString &path)
{
    return fs::path(QFile::encodeName(path).toStdString());
}

// Whether `path` (with no links left in it) is below the folder `root` (ditto).
bool isInside(const std::string &path, const std::string &root)
{
    const std::string folder = !root.empty() && root.back() == '/' ? root : root + '/';
    return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0;
}

// The entry's own type, not its link's: from the directory entry when it
// knows it (no system call), which is the case for every file but the rare
// special ones.
fs::file_type ownType(const fs::directory_entry &entry)
{
    std::error_code error;
    if (entry.is_symlink(error))
        return fs::file_type::symlink;
    if (entry.is_regular_file(error))
        return fs::file_type::regular;
    if (entry.is_directory(error))
        return fs::file_type::directory;
    return entry.symlink_status(error).type();
}

QString typeName(fs::file_type type)
{
    switch (type) {
    case fs::file_type::fifo: return KnowledgeBaseLoader::tr("a FIFO");
    case fs::file_type::socket: return KnowledgeBaseLoader::tr("a socket");
    case fs::file_type::block:
    case fs::file_type::character: return KnowledgeBaseLoader::tr("a device");
    case fs::file_type::directory: return KnowledgeBaseLoader::tr("a folder");
    default: return KnowledgeBaseLoader::tr("a special file");
    }
}

// What the rule makes of one entry below the KB folder.
struct Entry
{
    enum Kind { Ignore, Load, Skip };
    Kind kind = Ignore;
    fs::path target; // Load through a link: the regular file it leads to
    QString message; // Skip: why
    Problem::Severity severity = Problem::Error;
    QString rule = QStringLiteral("file");
};

Entry skip(const QString &message, Problem::Severity severity = Problem::Error)
{
    return Entry{Entry::Skip,
                 {},
                 message,
                 severity,
                 severity == Problem::Error ? QStringLiteral("file") : QStringLiteral("folder")};
}

// A link is resolved to the end (realpath): its chain of links may lead
// anywhere, and only where it ends counts.
Entry classifyLink(const fs::path &path, bool json, const std::string &root)
{
    std::error_code error;
    const fs::path target = fs::canonical(path, error);
    if (error) {
        if (!json)
            return {};
        if (error == std::errc::too_many_symbolic_link_levels)
            return skip(KnowledgeBaseLoader::tr("not loaded: a link loop"));
        std::error_code readError;
        const QString written = textOf(fs::read_symlink(path, readError).native());
        if (error == std::errc::no_such_file_or_directory)
            return skip(KnowledgeBaseLoader::tr("not loaded: a dangling link (to %1)").arg(written));
        return skip(KnowledgeBaseLoader::tr("not loaded: cannot follow the link (to %1): %2")
                        .arg(written, QString::fromLocal8Bit(error.message())));
    }
    const fs::file_type type = fs::status(target, error).type();
    if (type == fs::file_type::directory)
        return skip(KnowledgeBaseLoader::tr("not read: a link to a folder (links to folders are not followed, so "
                                            "no record behind it is loaded)"),
                    Problem::Warning);
    if (!json)
        return {};
    if (!isInside(target.native(), root))
        return skip(KnowledgeBaseLoader::tr("not loaded: a link that leads out of the KB folder (to %1)")
                        .arg(textOf(fs::read_symlink(path, error).native())));
    if (type != fs::file_type::regular)
        return skip(KnowledgeBaseLoader::tr("not loaded: a link to %1, not to a regular file").arg(typeName(type)));
    return Entry{Entry::Load, target, {}, Problem::Error, {}};
}

// `root` is the KB folder with no links left in it.
Entry classify(const fs::path &path, fs::file_type type, bool json, const std::string &root)
{
    if (type == fs::file_type::symlink)
        return classifyLink(path, json, root);
    if (!json || type == fs::file_type::not_found || type == fs::file_type::none)
        return {};
    if (type == fs::file_type::regular)
        return Entry{Entry::Load, {}, {}, Problem::Error, {}};
    return skip(KnowledgeBaseLoader::tr("not loaded: %1, not a regular file").arg(typeName(type)));
}

Problem skippedProblem(const fs::path &path, const Entry &entry)
{
    return Problem{entry.severity, pathText(path), QString(), 0, 0, entry.message, entry.rule};
}

// A record whose document is released at once is read by the scan path
// (no document built), into `fields`; the document reader parses what it
// refuses, and gives the verdict and the message (`fields` is then left
// empty). The domains and categories, a few strings for the whole KB, are
// shared through `strings`.
bool readRecord(const QByteArray &text, KnowledgeBaseLoader::Documents documents, Record &record,
                Record::LoadError *error, StringPool &strings, std::optional<RecordFields> &fields)
{
    if (documents == KnowledgeBaseLoader::ReleaseDocuments) {
        thread_local RecordScanner scanner;
        fields.emplace();
        if (scanner.scan(text, &*fields)) {
            strings.share(fields->summary.domain);
            strings.share(fields->summary.category);
            record.restore(text, fields->summary);
            return true;
        }
        fields.reset();
    }
    return record.parse(text, error);
}

// The warning for a KB folder inside a repository's own `.git` folder (links
// resolved), whose files git never tracks; none when it is not in one.
std::optional<Problem> insideGitFolder(const QString &root, const std::string &canonicalRoot)
{
    fs::path gitFolder;
    for (const fs::path &part : fs::path(canonicalRoot)) {
        gitFolder /= part;
        if (part == ".git")
            return Problem{Problem::Warning,
                           root,
                           QString(),
                           0,
                           0,
                           KnowledgeBaseLoader::tr("the KB folder is inside %1, the folder where git keeps its own "
                                                   "data: git never tracks the records in it (open the folder of the "
                                                   "checkout instead)")
                               .arg(pathText(gitFolder)),
                           QStringLiteral("folder")};
    }
    return std::nullopt;
}

Problem unlistedFolder(const fs::path &folder, const std::error_code &error)
{
    return Problem{Problem::Error,
                   pathText(folder),
                   QString(),
                   0,
                   0,
                   KnowledgeBaseLoader::tr("not read: the folder cannot be listed (%1), so no record in it is loaded")
                       .arg(QString::fromLocal8Bit(error.message())),
                   QStringLiteral("folder")};
}

// One folder's entries into `listing`; the folders in it to list next into `folders`.
void listFolder(const fs::path &folder, const std::string &canonicalRoot, KnowledgeBaseLoader::Listing &listing,
                std::vector<fs::path> &folders)
{
    std::error_code error;
    fs::directory_iterator it(folder, error);
    for (; !error && it != fs::directory_iterator(); it.increment(error)) {
        const fs::path &path = it->path();
        const std::string name = path.filename().native();
        const fs::file_type type = ownType(*it);
        const bool isFolder = type == fs::file_type::directory;
        if (!name.empty() && name.front() == '.')
            continue;
        const bool json = hasJsonSuffix(name);
        if (!isValidUtf8(name)) {
            // No record id can be made of such a name, nor of the names in such a folder.
            if (isFolder)
                listing.skipped << skippedProblem(
                    path,
                    skip(KnowledgeBaseLoader::tr("not read: the folder name is not valid UTF-8 (shown with \\x "
                                                 "escapes)"),
                         Problem::Warning));
            else if (json)
                listing.skipped << skippedProblem(
                    path,
                    skip(KnowledgeBaseLoader::tr(
                        "not loaded: the file name is not valid UTF-8 (shown with \\x escapes)")));
            continue;
        }
        if (isFolder) {
            folders.push_back(path);
            continue;
        }
        const Entry entry = classify(path, type, json, canonicalRoot);
        if (entry.kind == Entry::Skip)
            listing.skipped << skippedProblem(path, entry);
        if (entry.kind != Entry::Load)
            continue;
        const QString file = pathText(path);
        listing.files << file;
        if (!entry.target.empty())
            listing.targets.insert(file, textOf(entry.target.native()));
    }
    // A folder that cannot be opened, or whose listing broke off: its records are missing, and said to be.
    if (error)
        listing.skipped << unlistedFolder(folder, error);
}

} // namespace

// As QDirIterator(root, {"*.json"}, QDir::Files, Subdirectories) lists them (hidden entries and folders left out,
// folder links not followed), but from the type each directory entry already gives: QDirIterator asks the file system
// about every file, a noticeable part of a lookup's time. Only links and special files cost a system call or two more.
// Unlike either, a folder that cannot be listed is not passed over in silence: it is an error naming it.
KnowledgeBaseLoader::Listing KnowledgeBaseLoader::list(const QString &root)
{
    Listing listing;
    std::error_code error;
    const fs::path rootPath = toPath(root);
    const std::string canonicalRoot = fs::canonical(rootPath, error).native();
    if (const std::optional<Problem> warning = insideGitFolder(QDir::cleanPath(root), canonicalRoot))
        listing.skipped << *warning;
    std::vector<fs::path> folders{rootPath};
    while (!folders.empty()) {
        const fs::path folder = std::move(folders.back());
        folders.pop_back();
        listFolder(folder, canonicalRoot, listing, folders);
    }
    listing.files.sort();
    std::sort(listing.skipped.begin(), listing.skipped.end(),
              [](const Problem &a, const Problem &b) { return a.file < b.file; });
    return listing;
}

QStringList KnowledgeBaseLoader::recordFiles(const QString &root)
{
    return list(root).files;
}

QString KnowledgeBaseLoader::fileToRead(const QString &root, const QString &path, QString *why)
{
    std::error_code error;
    const std::string canonicalRoot = fs::canonical(toPath(root), error).native();
    const fs::path file = toPath(path);
    const fs::file_type type = fs::symlink_status(file, error).type();
    const Entry entry = classify(file, type, true, canonicalRoot);
    if (entry.kind == Entry::Load)
        return entry.target.empty() ? path : textOf(entry.target.native());
    *why = entry.kind == Entry::Skip ? entry.message : tr("not loaded: the file is gone");
    return QString();
}

KnowledgeBaseLoader::Result KnowledgeBaseLoader::load(const QString &root, const std::atomic_bool *cancel,
                                                      const std::function<void(int, int)> &progress,
                                                      Documents documents, LoadCache *cache, LoadIndexer *index)
{
    Result result;
    result.root = QDir::cleanPath(QFileInfo(root).absoluteFilePath());
    const QDir rootDir(result.root);
    const QString prefix = result.root.endsWith(QLatin1Char('/')) ? result.root : result.root + QLatin1Char('/');
    const auto relativePath = [&](const QString &file) {
        return file.startsWith(prefix) ? file.mid(prefix.size()) : rootDir.relativeFilePath(file);
    };
    const Listing listing = list(result.root);
    const QStringList &files = listing.files;
    result.fileCount = int(files.size());
    std::vector<std::unique_ptr<Record>> loaded(size_t(files.size()));
    std::vector<Record::LoadError> errors(size_t(files.size()));
    StringPool strings;
    const auto loadOne = [&](int run, int i) {
        auto record = std::make_unique<Record>();
        record->setFilePath(files.at(i));
        QByteArray text;
        Record::LoadError &error = errors[size_t(i)];
        // Read where the link led when listed, refusing a link put there since.
        const QString &file = files.at(i);
        if (!Record::readFile(listing.targets.value(file, file), &text, &error.message, Record::Links::Refuse))
            return;
        const bool cached = cache && cache->restore(relativePath(files.at(i)), text, *record);
        std::optional<RecordFields> fields;
        if (!cached && !readRecord(text, documents, *record, &error, strings, fields))
            return;
        if (index && !cached)
            index->add(run, uint32_t(i), *record, fields ? *fields : RecordFields::of(*record));
        if (documents == ReleaseDocuments)
            record->releaseDocument();
        loaded[size_t(i)] = std::move(record);
    };
    const int count = result.fileCount;
    const auto report = [&](int done) {
        if (progress)
            progress(done, count);
    };
    // With an index to fill, in the builder's runs, a file's slot its place
    // in the listing; else file by file as threads come free (no run waits
    // for another).
    if (index)
        index->addInRuns(count, loadOne, cancel, report);
    else
        Parallel::forEach(
            count, [&](int i) { loadOne(0, i); }, cancel, report);
    result.cancelled = cancel && cancel->load();
    result.problems = listing.skipped;
    for (size_t i = 0; i < loaded.size(); ++i) {
        if (loaded[i]) {
            result.records.push_back(std::move(loaded[i]));
        } else if (!errors[i].message.isEmpty()) {
            const Record::LoadError &error = errors[i];
            result.problems << Problem{Problem::Error, files.at(qsizetype(i)), error.pointer,         error.line,
                                       error.column,   error.message,          QStringLiteral("file")};
        }
    }
    return result;
}

} // namespace Errata
