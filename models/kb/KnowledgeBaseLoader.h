#pragma once

#include "models/kb/Problem.h"
#include "models/record/Record.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace Errata {

class LoadCache;
class LoadIndexer;

// Reads every record of a KB folder on all cores. Files that cannot be read or parsed become problems (with line and
// column for JSON errors); the rest still load. Hidden folders (".git") and hidden files are skipped. Links and
// special files follow docs/record-format.md, "Reading a file": every *.json entry left out is a load problem naming
// it; a link to a regular file inside the KB folder is loaded at the link's path. A folder that cannot be listed (no
// permission, a read error) is an error naming it and the system's reason, and a KB folder inside a `.git` folder a
// warning, so that no record is missing without a word.
class KnowledgeBaseLoader
{
    Q_DECLARE_TR_FUNCTIONS(Errata::KnowledgeBaseLoader)

public:
    struct Result
    {
        QString root;
        std::vector<std::unique_ptr<Record>> records;
        QList<Problem> problems;
        int fileCount = 0;
        bool cancelled = false;
    };

    // What is below a KB folder: the files to load, and what was left out.
    struct Listing
    {
        QStringList files;               // sorted absolute paths; a link at its own path
        QHash<QString, QString> targets; // for the links in `files`: the file each leads to
        QList<Problem> skipped;          // one per entry left out (rule "file", or "folder"), and the .git warning
    };

    // Whether loaded records keep their parsed documents. Released ones are parsed again when needed (Record::json()),
    // which costs time but keeps a large KB in far less memory.
    enum Documents { ReleaseDocuments, KeepDocuments };

    static Listing list(const QString &root);
    // Sorted absolute paths of the *.json files below `root` that load.
    static QStringList recordFiles(const QString &root);
    // The rule for one *.json file below `root` that appeared since the
    // folder was listed: the regular file to read for it (itself, or where
    // its link leads), or an empty string and why not.
    static QString fileToRead(const QString &root, const QString &path, QString *why);

    // `progress(done, total)` is called on the calling thread. With an
    // opened `cache` (SearchIndexCache), files it holds unchanged are not
    // parsed. With an `index` (SearchIndexBuilder), each record read anew
    // (not restored from the cache) is indexed as it is scanned, its slot
    // its place among the files listed, so that the search index is made
    // without reading the records again.
    static Result load(const QString &root, const std::atomic_bool *cancel = nullptr,
                       const std::function<void(int, int)> &progress = {}, Documents documents = ReleaseDocuments,
                       LoadCache *cache = nullptr, LoadIndexer *index = nullptr);
};

} // namespace Errata
