#include "models/itemmodels/RecordTreeModel.h"

#include "models/git/GitStatus.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/text/DisplayName.h"

#include <algorithm>

namespace Errata {

struct RecordTreeModel::Node
{
    Kind kind = DomainNode;
    QString name; // domain or category name, record id
    const Record *record = nullptr;
    const GitDeletedRecords::Item *deleted = nullptr; // DeletedNode
    Node *parent = nullptr;
    int row = 0;
    int count = 0;     // records below
    int severity = -1; // worst Problem::Severity below (groups), -1 for none
    int serial = 0;    // unique in this model until the next reset
    std::vector<std::unique_ptr<Node>> children;
};

namespace {

QString groupName(const QString &name)
{
    return name.isEmpty() ? QStringLiteral("(none)") : name;
}

} // namespace

RecordTreeModel::RecordTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>())
{
}

RecordTreeModel::~RecordTreeModel() = default;

void RecordTreeModel::setKnowledgeBase(const KnowledgeBase *kb)
{
    if (m_kb)
        disconnect(m_kb, nullptr, this, nullptr);
    m_kb = kb;
    if (m_kb) {
        connect(m_kb, &KnowledgeBase::reset, this, &RecordTreeModel::rebuild);
        connect(m_kb, &KnowledgeBase::recordAdded, this, &RecordTreeModel::addRecord);
        connect(m_kb, &KnowledgeBase::recordAboutToBeRemoved, this, &RecordTreeModel::removeRecord);
        connect(m_kb, &KnowledgeBase::recordChanged, this, &RecordTreeModel::updateRecord);
        connect(m_kb, &KnowledgeBase::problemsChanged, this, &RecordTreeModel::updateRecord);
        connect(m_kb, &KnowledgeBase::manyProblemsChanged, this, qOverload<>(&RecordTreeModel::updateSeverities));
        connect(m_kb, &KnowledgeBase::recordSaved, this, &RecordTreeModel::updateRecord);
    }
    rebuild();
}

void RecordTreeModel::rebuild()
{
    beginResetModel();
    ++m_structureVersion;
    m_nextSerial = 0;
    m_root = newNode();
    m_leaves.clear();
    m_deletedLeaves.clear();
    QHash<QString, Node *> groups; // "domain" and "domain/category" -> node
    const auto group = [&](Node *parent, Kind kind, const QString &name, const QString &key) {
        Node *&node = groups[key];
        if (!node) {
            parent->children.push_back(newNode());
            node = parent->children.back().get();
            node->kind = kind;
            node->name = name;
            node->parent = parent;
        }
        return node;
    };
    for (int i = 0; m_kb && i < m_kb->count(); ++i) {
        const Record *record = m_kb->recordAt(i);
        const QString domainName = groupName(record->domain());
        const QString categoryName = groupName(record->category());
        Node *domain = group(m_root.get(), DomainNode, domainName, domainName);
        Node *category = group(domain, CategoryNode, categoryName, domainName + QLatin1Char('/') + categoryName);
        category->children.push_back(makeLeaf(record, category));
    }
    for (const GitDeletedRecords::Item &item : m_deleted ? m_deleted->items() : QList<GitDeletedRecords::Item>()) {
        const QString domainName = groupName(item.domain);
        const QString categoryName = groupName(item.category);
        Node *domain = group(m_root.get(), DomainNode, domainName, domainName);
        Node *category = group(domain, CategoryNode, categoryName, domainName + QLatin1Char('/') + categoryName);
        category->children.push_back(makeDeletedLeaf(item, category));
    }
    finishSubtree(m_root.get());
    endResetModel();
}

// Sorts, numbers and counts a freshly built subtree, bottom up.
void RecordTreeModel::finishSubtree(Node *node)
{
    auto &children = node->children;
    std::sort(children.begin(), children.end(), [](const auto &a, const auto &b) { return a->name < b->name; });
    node->count = 0;
    for (size_t row = 0; row < children.size(); ++row) {
        Node *child = children[row].get();
        child->row = int(row);
        if (isGroup(child))
            finishSubtree(child);
        node->count += child->count;
    }
    node->severity = groupSeverity(node);
}

std::unique_ptr<RecordTreeModel::Node> RecordTreeModel::makeLeaf(const Record *record, Node *parent)
{
    auto leaf = newNode();
    leaf->kind = RecordNode;
    leaf->name = record->id();
    leaf->record = record;
    leaf->parent = parent;
    leaf->count = 1;
    m_leaves.insert(record, leaf.get());
    return leaf;
}

std::unique_ptr<RecordTreeModel::Node> RecordTreeModel::makeDeletedLeaf(const GitDeletedRecords::Item &item,
                                                                        Node *parent)
{
    auto leaf = newNode();
    leaf->kind = DeletedNode;
    leaf->name = item.id;
    leaf->deleted = &item;
    leaf->parent = parent;
    leaf->count = 1;
    m_deletedLeaves << leaf.get();
    return leaf;
}

bool RecordTreeModel::isGroup(const Node *node)
{
    return node->kind == DomainNode || node->kind == CategoryNode;
}

// Finds the group `name` below `parent`, inserting it when it does not exist.
RecordTreeModel::Node *RecordTreeModel::groupFor(Node *parent, Kind kind, const QString &name)
{
    for (const auto &child : parent->children) {
        if (child->name == name)
            return child.get();
    }
    auto group = newNode();
    group->kind = kind;
    group->name = name;
    Node *raw = group.get();
    insertChild(parent, std::move(group));
    return raw;
}

void RecordTreeModel::insertChild(Node *parent, std::unique_ptr<Node> child)
{
    auto &children = parent->children;
    const auto at = std::lower_bound(children.begin(), children.end(), child->name,
                                     [](const auto &node, const QString &name) { return node->name < name; });
    const int row = int(at - children.begin());
    child->parent = parent;
    beginInsertRows(indexOfNode(parent), row, row);
    ++m_structureVersion;
    children.insert(children.begin() + row, std::move(child));
    for (size_t i = size_t(row); i < children.size(); ++i)
        children[i]->row = int(i);
    endInsertRows();
}

void RecordTreeModel::removeNode(Node *node)
{
    Node *parent = node->parent;
    beginRemoveRows(indexOfNode(parent), node->row, node->row);
    ++m_structureVersion;
    auto &children = parent->children;
    children.erase(children.begin() + node->row);
    for (size_t i = 0; i < children.size(); ++i)
        children[i]->row = int(i);
    endRemoveRows();
}

void RecordTreeModel::changeCounts(Node *from, int delta)
{
    for (Node *node = from; node && node != m_root.get(); node = node->parent) {
        node->count += delta;
        node->severity = groupSeverity(node);
        const QModelIndex index = indexOfNode(node);
        emit dataChanged(index, index, {Qt::DisplayRole, CountRole, SeverityRole});
    }
}

void RecordTreeModel::addRecord(const Record *record)
{
    if (m_leaves.contains(record))
        return;
    Node *domain = groupFor(m_root.get(), DomainNode, groupName(record->domain()));
    Node *category = groupFor(domain, CategoryNode, groupName(record->category()));
    insertChild(category, makeLeaf(record, category));
    changeCounts(category, 1);
}

void RecordTreeModel::removeRecord(const Record *record)
{
    if (Node *leaf = m_leaves.take(record))
        removeLeaf(leaf, -1);
}

void RecordTreeModel::removeLeaf(Node *leaf, int countDelta)
{
    Node *category = leaf->parent;
    Node *domain = category->parent;
    removeNode(leaf);
    if (!category->children.empty()) {
        changeCounts(category, countDelta);
        return;
    }
    removeNode(category); // groups without rows go away
    if (domain->children.empty())
        removeNode(domain);
    else
        changeCounts(domain, countDelta);
}

void RecordTreeModel::setDeletedRecords(std::shared_ptr<const GitDeletedRecords> deleted)
{
    if (deleted == m_deleted)
        return;
    while (!m_deletedLeaves.isEmpty()) // they point into m_deleted
        removeLeaf(m_deletedLeaves.takeLast(), -1);
    m_deleted = std::move(deleted);
    for (const GitDeletedRecords::Item &item : m_deleted ? m_deleted->items() : QList<GitDeletedRecords::Item>()) {
        Node *domain = groupFor(m_root.get(), DomainNode, groupName(item.domain));
        Node *category = groupFor(domain, CategoryNode, groupName(item.category));
        insertChild(category, makeDeletedLeaf(item, category));
        changeCounts(category, 1);
    }
}

const GitDeletedRecords::Item *RecordTreeModel::deletedAt(const QModelIndex &index) const
{
    return index.isValid() ? nodeOf(index)->deleted : nullptr;
}

QModelIndexList RecordTreeModel::deletedRows() const
{
    QModelIndexList rows;
    for (const Node *leaf : m_deletedLeaves)
        rows << indexOfNode(leaf);
    return rows;
}

void RecordTreeModel::updateRecord(const Record *record)
{
    Node *leaf = m_leaves.value(record);
    if (!leaf)
        return;
    const bool moved = leaf->name != record->id() || leaf->parent->name != groupName(record->category())
        || leaf->parent->parent->name != groupName(record->domain());
    if (moved) {
        removeRecord(record);
        addRecord(record);
        return;
    }
    const QModelIndex index = indexOfNode(leaf);
    emit dataChanged(index, index);
    changeCounts(leaf->parent, 0);
}

void RecordTreeModel::updateSeverities()
{
    if (m_root)
        updateSeverities(m_root.get());
}

// Every record's and group's icon below `node`: one dataChanged for each
// group's rows.
void RecordTreeModel::updateSeverities(Node *node)
{
    for (const auto &child : node->children) {
        if (isGroup(child.get()))
            updateSeverities(child.get());
    }
    if (node != m_root.get())
        node->severity = groupSeverity(node);
    if (!node->children.empty()) {
        const QModelIndex parent = indexOfNode(node);
        emit dataChanged(index(0, 0, parent), index(int(node->children.size()) - 1, 0, parent), {SeverityRole});
    }
}

void RecordTreeModel::setGitStatus(std::shared_ptr<const GitStatus> status)
{
    m_git = std::move(status);
    if (m_root)
        updateRole(m_root.get(), GitStateRole);
}

int RecordTreeModel::gitStateOf(const Record *record) const
{
    if (!m_git || !m_kb || !record || m_git->entries().isEmpty())
        return -1;
    const QString path = record->filePath();
    const QString &root = m_kb->root();
    if (!path.startsWith(root) || path.size() <= root.size() + 1)
        return -1;
    const GitStatus::Entry *entry = m_git->find(path.mid(root.size() + 1));
    return entry ? int(entry->state) : -1;
}

// One dataChanged of `role` for each group's rows below `node`.
void RecordTreeModel::updateRole(Node *node, int role)
{
    for (const auto &child : node->children) {
        if (isGroup(child.get()))
            updateRole(child.get(), role);
    }
    if (!node->children.empty()) {
        const QModelIndex parent = indexOfNode(node);
        emit dataChanged(index(0, 0, parent), index(int(node->children.size()) - 1, 0, parent), {role});
    }
}

std::unique_ptr<RecordTreeModel::Node> RecordTreeModel::newNode()
{
    auto node = std::make_unique<Node>();
    node->serial = m_nextSerial++;
    return node;
}

int RecordTreeModel::serialOf(const QModelIndex &index) const
{
    return index.isValid() ? nodeOf(index)->serial : -1;
}

RecordTreeModel::Node *RecordTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex RecordTreeModel::indexOfNode(const Node *node) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, 0, const_cast<Node *>(node));
}

QModelIndex RecordTreeModel::indexOf(const Record *record) const
{
    return indexOfNode(m_leaves.value(record));
}

const Record *RecordTreeModel::recordAt(const QModelIndex &index) const
{
    return index.isValid() ? nodeOf(index)->record : nullptr;
}

QModelIndex RecordTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const Node *node = nodeOf(parent);
    if (column != 0 || row < 0 || row >= int(node->children.size()))
        return {};
    return createIndex(row, 0, node->children[size_t(row)].get());
}

QModelIndex RecordTreeModel::parent(const QModelIndex &child) const
{
    return child.isValid() ? indexOfNode(nodeOf(child)->parent) : QModelIndex();
}

int RecordTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int RecordTreeModel::columnCount(const QModelIndex &) const
{
    return 1;
}

// A record's id and signature, and its git state when its file changed.
QString RecordTreeModel::toolTip(const Node *node) const
{
    if (node->deleted) {
        return DisplayName::of(node->name) + QLatin1Char('\n') + node->deleted->signature + QLatin1Char('\n')
            + tr("git: deleted; the last commit has it. Enter restores it.");
    }
    if (!node->record)
        return DisplayName::of(node->name);
    QString tip = DisplayName::of(node->record->id()) + QLatin1Char('\n') + node->record->signature();
    const int state = gitStateOf(node->record);
    if (state >= 0)
        tip += QLatin1Char('\n') + tr("git: %1").arg(GitStatus::stateText(GitStatus::State(state)));
    return tip;
}

int RecordTreeModel::recordSeverity(const Record *record) const
{
    int worst = -1;
    for (const Problem &problem : m_kb->problems(record))
        worst = worst < 0 ? int(problem.severity) : std::min(worst, int(problem.severity));
    return worst;
}

int RecordTreeModel::groupSeverity(const Node *node) const
{
    int worst = -1;
    for (const auto &child : node->children) {
        const int severity = child->record ? recordSeverity(child->record) : child->severity;
        if (severity >= 0)
            worst = worst < 0 ? severity : std::min(worst, severity);
    }
    return worst;
}

QVariant RecordTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node *node = nodeOf(index);
    switch (role) {
    case Qt::DisplayRole:
        if (node->record)
            return node->record->signature().simplified();
        if (node->deleted)
            return node->deleted->signature.isEmpty() ? DisplayName::of(node->name)
                                                      : node->deleted->signature.simplified();
        return QStringLiteral("%1 (%L2)").arg(DisplayName::of(node->name)).arg(node->count);
    case Qt::ToolTipRole: return toolTip(node);
    case KindRole: return int(node->kind);
    case IdRole: return node->name;
    case SignatureRole:
        return node->record ? node->record->signature() : node->deleted ? node->deleted->signature : QString();
    case SeverityRole: return node->record ? recordSeverity(node->record) : node->severity;
    case CountRole: return node->count;
    case RecordRole: return QVariant::fromValue(quintptr(node->record));
    case ModifiedRole: return node->record && node->record->isModified();
    case GitStateRole: return node->deleted ? int(GitStatus::State::Deleted) : gitStateOf(node->record);
    case DeletedPathRole: return node->deleted ? node->deleted->path : QString();
    default: return {};
    }
}

QHash<int, QByteArray> RecordTreeModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractItemModel::roleNames();
    names.insert(KindRole, "kind");
    names.insert(IdRole, "id");
    names.insert(SignatureRole, "signature");
    names.insert(SeverityRole, "severity");
    names.insert(CountRole, "count");
    return names;
}

} // namespace Errata
