#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

namespace Errata {

class GitStatus;

// The record files a KB's git checkout deleted since HEAD and no longer
// has on disk, each as the last commit (HEAD) holds it: what the tree
// lists under its domain and category so that it can be restored.
//
// A file git reports deleted that is still on disk (removed from the index
// only: `git rm --cached`) is a record of the KB, and not listed here.
//
//   const GitDeletedRecords deleted = GitDeletedRecords::read(root, GitStatus::read(root));
//   for (const GitDeletedRecords::Item &item : deleted.items())
//       qInfo() << item.path << item.id;
class GitDeletedRecords
{
public:
    struct Item
    {
        QString path; // below the KB's root, with '/'
        // Read from HEAD's text; a text that does not parse gives the file's
        // name as the id and the folders of its path as domain and category.
        QString id;
        QString signature;
        QString domain;
        QString category;
        QByteArray text; // as HEAD has it
    };

    // The deleted files of `status` (read for the KB at `root`).
    static GitDeletedRecords read(const QString &root, const GitStatus &status);

    // Sorted by path.
    const QList<Item> &items() const { return m_items; }
    const Item *find(const QString &path) const;
    bool isEmpty() const { return m_items.isEmpty(); }
    // Drops the items `drop` says (a file whose record the open KB still
    // holds, as it does after the file was removed on disk).
    void dropIf(const std::function<bool(const Item &)> &drop);
    // Whether the two list the same files (nothing to show again).
    bool samePaths(const GitDeletedRecords &other) const;

private:
    QList<Item> m_items;
};

} // namespace Errata
