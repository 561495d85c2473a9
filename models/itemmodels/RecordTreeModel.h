#pragma once

#include "models/git/GitDeletedRecords.h"

#include <QAbstractItemModel>
#include <QHash>

#include <memory>
#include <vector>

namespace Errata {

class GitStatus;
class KnowledgeBase;
class Record;

// The KB as a tree: domain -> category -> record, each level sorted by
// name (records by id). Groups show their record count. The model follows
// the KB in place (records added, removed or changed move only their own
// rows), so views keep their selection and expansion.
//
// Record files git reports deleted since the last commit (HEAD) are listed
// too, as HEAD has them (DeletedNode rows, without a record),
// so that they can be restored; a group counts them with its records.
//
// It holds no widgets or icons: the worst validation severity of a record
// or group is exposed as SeverityRole and the view chooses the icon.
class RecordTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Kind { DomainNode, CategoryNode, RecordNode, DeletedNode };
    enum Role {
        KindRole = Qt::UserRole + 1,
        IdRole,          // record id, or the group's name
        SignatureRole,   // records only
        SeverityRole,    // worst Problem::Severity below this node, or -1
        CountRole,       // records below this node
        RecordRole,      // const Record * as quintptr (records only)
        ModifiedRole,    // the record has unsaved changes
        GitStateRole,    // int(GitStatus::State) of the record's file, or -1 (unchanged, or no git)
        DeletedPathRole, // deleted records: the file's path below the KB's root
    };

    explicit RecordTreeModel(QObject *parent = nullptr);
    ~RecordTreeModel() override;

    void setKnowledgeBase(const KnowledgeBase *kb);
    const KnowledgeBase *knowledgeBase() const { return m_kb; }

    QModelIndex indexOf(const Record *record) const;
    // A small number for each row, unique until the next reset, below
    // serialCount(); -1 for the invalid index. Lets a proxy keep per-row
    // figures in an array (RecordFilterModel's ranks).
    int serialOf(const QModelIndex &index) const;
    int serialCount() const { return m_nextSerial; }
    // Changes whenever a row is added or removed or the model is reset: a
    // proxy may keep what it worked out about rows while it stays the same.
    int structureVersion() const { return m_structureVersion; }
    const Record *recordAt(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Keeping up with the KB (connected to its signals).
    void addRecord(const Record *record);
    void removeRecord(const Record *record);
    void updateRecord(const Record *record);
    // Every icon, after the findings of many records changed at once.
    void updateSeverities();
    // The git states of the KB's files (GitStateRole); null: none.
    void setGitStatus(std::shared_ptr<const GitStatus> status);
    const GitStatus *gitStatus() const { return m_git.get(); }
    // int(GitStatus::State) of the file of `record`, or -1.
    int gitStateOf(const Record *record) const;
    // The record files git reports deleted (DeletedNode rows); null: none.
    void setDeletedRecords(std::shared_ptr<const GitDeletedRecords> deleted);
    // The deleted file of a DeletedNode row, or null.
    const GitDeletedRecords::Item *deletedAt(const QModelIndex &index) const;
    QModelIndexList deletedRows() const;

private:
    struct Node;

    void rebuild();
    std::unique_ptr<Node> newNode();
    void finishSubtree(Node *node);
    std::unique_ptr<Node> makeLeaf(const Record *record, Node *parent);
    std::unique_ptr<Node> makeDeletedLeaf(const GitDeletedRecords::Item &item, Node *parent);
    void removeLeaf(Node *leaf, int countDelta);
    static bool isGroup(const Node *node);
    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOfNode(const Node *node) const;
    Node *groupFor(Node *parent, Kind kind, const QString &name);
    void insertChild(Node *parent, std::unique_ptr<Node> child);
    void removeNode(Node *node);
    void changeCounts(Node *from, int delta);
    void updateSeverities(Node *node);
    void updateRole(Node *node, int role);
    int recordSeverity(const Record *record) const;
    QString toolTip(const Node *node) const;
    int groupSeverity(const Node *node) const;

    const KnowledgeBase *m_kb = nullptr;
    std::shared_ptr<const GitStatus> m_git;
    std::shared_ptr<const GitDeletedRecords> m_deleted;
    std::unique_ptr<Node> m_root;
    QHash<const Record *, Node *> m_leaves;
    QList<Node *> m_deletedLeaves;
    int m_nextSerial = 0;
    int m_structureVersion = 0;
};

} // namespace Errata
