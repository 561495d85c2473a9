#pragma once

#include "record/Record.h"
#include "validation/Problem.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace Errata {

class SearchIndexCache;

// Reads every record of a KB folder on all cores. Files that cannot be read
// or parsed become problems (with line and column for JSON errors); the rest
// still load. Hidden folders (".git") and hidden files are skipped.
class KnowledgeBaseLoader
{
public:
    struct Result
    {
        QString root;
        std::vector<std::unique_ptr<Record>> records;
        QList<Problem> problems;
        int fileCount = 0;
        bool cancelled = false;
    };

    // Whether loaded records keep their parsed documents. Released ones are
    // parsed again when needed (Record::json()), which costs time but keeps
    // a large KB in less than half the memory (2.26x its files, not 5.23x).
    enum Documents { ReleaseDocuments, KeepDocuments };

    // Sorted absolute paths of the *.json files below `root`.
    static QStringList recordFiles(const QString &root);

    // `progress(done, total)` is called on the calling thread. With an
    // opened `cache`, files it holds unchanged are not parsed.
    static Result load(const QString &root, const std::atomic_bool *cancel = nullptr,
                       const std::function<void(int, int)> &progress = {}, Documents documents = ReleaseDocuments,
                       SearchIndexCache *cache = nullptr);
};

} // namespace Errata
