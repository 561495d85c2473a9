#pragma once

#include <QByteArray>
#include <QString>

namespace Errata {

class Record;

// What KnowledgeBaseLoader asks of a cache of the KB it reads: a record it
// can restore without parsing its file. SearchIndexCache is one; the
// loader knows only this, so the KB room stays below the rooms that cache
// search indexes and findings.
class LoadCache
{
public:
    virtual ~LoadCache() = default;

    // From any thread, once per file: when the cache holds `text` for the
    // file at `relativePath`, restores `record` from it and returns true.
    virtual bool restore(const QString &relativePath, const QByteArray &text, Record &record) = 0;
};

} // namespace Errata
