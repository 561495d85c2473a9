#pragma once

#include "models/record/Record.h"

#include <QString>

#include <memory>
#include <vector>

namespace Errata {

// The shared deadends.dev corpus, converted in memory as errata-match-bench
// does (DeadendsConverter::toRecord), for the lookup cases and benchmark.
// Its files are never copied into the project.
class LookupCorpus
{
public:
    // ERRATA_CORPUS_DIR "/deadends-canons" as the build was configured.
    static QString defaultFolder();

    // Every canon below `folder` as a record, sorted by id (the order of a
    // folder listing differs between file systems; the cases must not).
    // Files that are not canons are left out.
    static std::vector<std::unique_ptr<Record>> convert(const QString &folder);
};

} // namespace Errata
