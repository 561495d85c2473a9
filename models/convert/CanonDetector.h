#pragma once

#include "models/json/OrderedJson.h"

#include <QStringList>

namespace Errata {

// Tells a folder of deadends.dev canons (the nested format that `errata
// import-deadends` converts, see DeadendsConverter) from a KB of Errata
// records, from a sample of its files: opened as a KB, such a folder gives
// thousands of schema errors, where one hint ("convert them") helps. The
// command line and the window both ask it (KnowledgeBaseSession).
//
// A canon is a JSON object with an "error" object and no "signature" of its
// own: {"id": ..., "error": {"signature": ..., "regex": ...}, "verdict":
// ...}. A record has its signature at the top.
class CanonDetector
{
public:
    static constexpr int SampleSize = 16;
    static constexpr qint64 LargestFile = qint64(1) << 20; // bytes; a larger file is left out of the sample

    static bool isCanon(const OrderedJson &document);
    // Whether most files of a sample of `files` (up to SampleSize, spread
    // evenly over the list) are canons: more than half of those that parse
    // as JSON objects. False when none does.
    static bool looksLikeCanons(const QStringList &files);
    // The sample looksLikeCanons() reads: every file of a short list, else
    // SampleSize files at even steps.
    static QStringList sample(const QStringList &files);
};

} // namespace Errata
