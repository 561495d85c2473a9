#include "models/git/GitDeletedRecords.h"

#include "models/git/GitHeadFile.h"
#include "models/git/GitLibrary.h"
#include "models/git/GitStatus.h"
#include "models/record/Record.h"

#include <QFileInfo>

#include <algorithm>

namespace Errata {

namespace {

// What the tree shows of a deleted file: its record's summary, or what its
// path tells ("domain/category/id.json", or fewer folders).
void describe(GitDeletedRecords::Item *item)
{
    Record record;
    Record::LoadError error;
    if (record.parse(item->text, &error) && !record.id().isEmpty()) {
        item->id = record.id();
        item->signature = record.signature();
        item->domain = record.domain();
        item->category = record.category();
        return;
    }
    const QStringList parts = item->path.split(QLatin1Char('/'));
    item->id = QFileInfo(parts.last()).completeBaseName();
    item->domain = parts.size() > 1 ? parts.at(0) : QString();
    item->category = parts.size() > 2 ? parts.at(parts.size() - 2) : QString();
}

} // namespace

GitDeletedRecords GitDeletedRecords::read(const QString &root, const GitStatus &status)
{
    GitDeletedRecords deleted;
    const GitLibrary library;
    GitLibrary::Repository repository;
    for (const GitStatus::Entry &entry : status.entries()) {
        if (entry.state != GitStatus::State::Deleted || QFileInfo::exists(root + QLatin1Char('/') + entry.path))
            continue;
        if (!repository && !(repository = GitLibrary::open(root)))
            break;
        const QString path = GitLibrary::workTreePath(repository.get(), root, entry.path);
        Item item;
        item.path = entry.path;
        if (path.isEmpty() || !GitHeadFile::read(repository.get(), path, &item.text))
            continue;
        item.text.truncate(Record::MaxFileSize); // larger than a record file may be: named by its path
        describe(&item);
        deleted.m_items << item;
    }
    return deleted; // status.entries() are sorted by path
}

const GitDeletedRecords::Item *GitDeletedRecords::find(const QString &path) const
{
    const auto it = std::lower_bound(m_items.cbegin(), m_items.cend(), path,
                                     [](const Item &item, const QString &key) { return item.path < key; });
    return it != m_items.cend() && it->path == path ? &*it : nullptr;
}

void GitDeletedRecords::dropIf(const std::function<bool(const Item &)> &drop)
{
    m_items.removeIf(drop);
}

bool GitDeletedRecords::samePaths(const GitDeletedRecords &other) const
{
    return std::equal(m_items.cbegin(), m_items.cend(), other.m_items.cbegin(), other.m_items.cend(),
                      [](const Item &a, const Item &b) { return a.path == b.path && a.id == b.id; });
}

} // namespace Errata
