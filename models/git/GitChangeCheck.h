#pragma once

#include "models/git/GitStatus.h"
#include "models/kb/Problem.h"

#include <QDate>
#include <QList>
#include <QString>

namespace Errata {

// The findings of the record files a KB's git checkout changed (GitStatus), without reading the files git reports
// unchanged: the rules that read the whole KB (id against path, duplicate ids, dangling and one-way links) take the
// other records' ids and links from GitSummaryCache, by their blob ids in git's index. The findings are those
// `errata validate` gives the same files, for the KB as git tracks it (a file git ignores is not read).
//
//   for (const GitChangeCheck::Checked &item : GitChangeCheck::check(root, GitStatus::read(root), options))
//       print(item.entry.path, item.findings);
class GitChangeCheck
{
public:
    struct Options
    {
        QDate today = QDate::currentDate();
        QString cacheFile; // GitSummaryCache's file; empty: none
    };
    struct Checked
    {
        GitStatus::Entry entry;
        QString id;              // the record's; empty when deleted or not loaded
        QList<Problem> findings; // a file's own load problem when it did not load; file: absolute path
    };
    struct Counts
    {
        int fromCache = 0; // unchanged files whose summary the cache had
        int read = 0;      // files read
    };

    // One item per entry of `status`, in its order. `cacheError` says why
    // the cache could not be written, if it could not.
    static QList<Checked> check(const QString &root, const GitStatus &status, const Options &options,
                                QString *cacheError = nullptr, Counts *counts = nullptr);
};

} // namespace Errata
