#include "models/itemmodels/ArrayTableModel.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"

#include <QRegularExpression>

#include <algorithm>

namespace Errata {

ArrayTableModel::ArrayTableModel(const QString &arrayPointer, const QList<Column> &columns, QObject *parent)
    : QAbstractTableModel(parent)
    , m_pointer(arrayPointer)
    , m_columns(columns)
{
}

void ArrayTableModel::setRecord(const KnowledgeBase *kb, const Record *record)
{
    if (m_kb)
        disconnect(m_kb, nullptr, this, nullptr);
    m_kb = kb;
    m_record = record;
    if (m_kb) {
        connect(m_kb, &KnowledgeBase::recordChanged, this, [this](const Record *changed) {
            if (changed == m_record)
                reload();
        });
        // Findings follow the KB: a link target added or removed elsewhere.
        connect(m_kb, &KnowledgeBase::problemsChanged, this, [this](const Record *changed) {
            if (changed == m_record)
                refreshAll();
        });
        connect(m_kb, &KnowledgeBase::manyProblemsChanged, this, &ArrayTableModel::refreshAll);
    }
    reload();
}

void ArrayTableModel::refreshAll()
{
    if (m_rows > 0)
        emit dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1));
}

void ArrayTableModel::reload()
{
    beginResetModel();
    const OrderedJson &value = array();
    m_rows = int(value.is_array() || value.is_object() ? value.size() : 0);
    endResetModel();
}

// The array (or, in object mode, the object shown as key/value rows).
const OrderedJson &ArrayTableModel::array() const
{
    static const OrderedJson null;
    if (!m_record)
        return null;
    const auto pointer = OrderedJson::json_pointer(m_pointer.toStdString());
    return m_record->json().contains(pointer) ? m_record->json().at(pointer) : null;
}

OrderedJson ArrayTableModel::parallel(const QString &name) const
{
    const OrderedJson value = m_record ? m_record->value(QLatin1Char('/') + name) : OrderedJson();
    return value.is_array() ? value : OrderedJson::array();
}

QStringList ArrayTableModel::parallelArrays() const
{
    QStringList names;
    for (const Column &column : m_columns)
        if (!column.parallelArray.isEmpty() && !names.contains(column.parallelArray))
            names << column.parallelArray;
    return names;
}

OrderedJson ArrayTableModel::rowValue(int row, const Column &column) const
{
    if (!column.parallelArray.isEmpty()) {
        const OrderedJson list = parallel(column.parallelArray);
        return size_t(row) < list.size() ? list[size_t(row)] : OrderedJson();
    }
    const OrderedJson &value = array();
    if (m_objectMode) {
        auto it = value.begin();
        std::advance(it, row);
        return column.key == QLatin1String("@key") ? OrderedJson(it.key()) : it.value();
    }
    const OrderedJson &item = value[size_t(row)];
    if (item.is_string() && column.key == QLatin1String("error_id"))
        return item; // a bare link string
    return Record::member(item, column.key.toUtf8().constData());
}

// List cells hold URLs (sources), so items are separated by white space.
QString ArrayTableModel::listToText(const OrderedJson &list)
{
    return Record::toStringList(list).join(QLatin1Char(' '));
}

OrderedJson ArrayTableModel::textToList(const QString &text)
{
    OrderedJson list = OrderedJson::array();
    for (const QString &item : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
        list.push_back(item.toStdString());
    return list;
}

int ArrayTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int ArrayTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant ArrayTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows)
        return {};
    const Column &column = m_columns.at(index.column());
    if (column.key == QLatin1String("error_id")
        && (role == TargetMissingRole || role == BareLinkRole || role == ReciprocalMissingRole))
        return linkRole(index.row(), column, role);
    if (role == Qt::ToolTipRole && column.key == QLatin1String("error_id")
        && linkRole(index.row(), column, TargetMissingRole).toBool())
        return tr("No record \"%1\" in this KB: the link dangles.")
            .arg(Record::toQString(rowValue(index.row(), column)));
    if (role == Qt::ToolTipRole && column.key == QLatin1String("error_id")
        && linkRole(index.row(), column, ReciprocalMissingRole).toBool())
        return tr("%1 has no link back to this record; \"Add reciprocal link\" adds it there.")
            .arg(Record::toQString(rowValue(index.row(), column)));
    if (role == Qt::ToolTipRole && isBareLink(index.row()))
        return linkRole(index.row(), column, role);
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole)
        return {};
    const OrderedJson value = rowValue(index.row(), column);
    switch (column.type) {
    case Rate: return value.is_number() ? QVariant(value.get<double>()) : QVariant();
    case StringList: return listToText(value);
    default: return Record::toQString(value);
    }
}

bool ArrayTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || !m_edit)
        return false;
    const Column &column = m_columns.at(index.column());
    OrderedJson newValue;
    switch (column.type) {
    case Rate: newValue = value.toDouble(); break;
    case StringList: newValue = textToList(value.toString()); break;
    default: newValue = value.toString().toStdString(); break;
    }
    if (rowValue(index.row(), column) == newValue)
        return false;
    const QString what = tr("Edit %1").arg(column.title.toLower());
    if (!column.parallelArray.isEmpty()) {
        OrderedJson list = parallel(column.parallelArray);
        while (list.size() <= size_t(index.row()))
            list.push_back("");
        list[size_t(index.row())] = newValue;
        m_edit({{QLatin1Char('/') + column.parallelArray, list}}, what);
        return true;
    }
    OrderedJson whole = array();
    if (m_objectMode) {
        OrderedJson rebuilt = OrderedJson::object();
        int row = 0;
        for (auto it = whole.begin(); it != whole.end(); ++it, ++row) {
            const bool edited = row == index.row();
            const std::string key = edited && column.key == QLatin1String("@key") ? newValue.get<std::string>()
                                                                                  : it.key();
            rebuilt[key] = edited && column.key != QLatin1String("@key") ? newValue : it.value();
        }
        whole = rebuilt;
    } else {
        OrderedJson &item = whole[size_t(index.row())];
        if (item.is_string() && column.key == QLatin1String("error_id"))
            item = newValue; // keep a bare link bare
        else if (item.is_object())
            item[column.key.toStdString()] = newValue;
    }
    m_edit({{m_pointer, whole}}, what);
    return true;
}

QVariant ArrayTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    return m_columns.value(section).title;
}

Qt::ItemFlags ArrayTableModel::flags(const QModelIndex &index) const
{
    const Qt::ItemFlags base = QAbstractTableModel::flags(index);
    if (index.isValid() && isBareLink(index.row()) && m_columns.at(index.column()).key != QLatin1String("error_id"))
        return base; // a bare id string has nothing but its id; convert it first
    return base | Qt::ItemIsEditable;
}

bool ArrayTableModel::isBareLink(int row) const
{
    const OrderedJson &value = array();
    const bool linkList = std::any_of(m_columns.cbegin(), m_columns.cend(),
                                      [](const Column &column) { return column.key == QLatin1String("error_id"); });
    return linkList && !m_objectMode && value.is_array() && size_t(row) < value.size()
        && value[size_t(row)].is_string();
}

// Whether `target` lacks the way back for this list (leads_to and
// preceded_by only; a missing target or a self-link is another finding).
bool ArrayTableModel::reciprocalMissing(const QString &target) const
{
    const bool leads = m_pointer.endsWith(QLatin1String("/leads_to"));
    const bool preceded = m_pointer.endsWith(QLatin1String("/preceded_by"));
    if (!m_kb || !m_record || (!leads && !preceded) || target.isEmpty() || target == m_record->id()
        || !m_kb->find(target))
        return false;
    return !m_kb->links().hasLink(target, leads ? Link::PrecededBy : Link::LeadsTo, m_record->id());
}

QVariant ArrayTableModel::linkRole(int row, const Column &column, int role) const
{
    const QString target = Record::toQString(rowValue(row, column));
    switch (role) {
    case TargetMissingRole: return m_kb && !target.isEmpty() && !m_kb->find(target);
    case BareLinkRole: return isBareLink(row);
    case ReciprocalMissingRole: return reciprocalMissing(target);
    case Qt::ToolTipRole:
        return tr("Written as a bare id string, and kept that way; \"Convert to object\" makes it an object "
                  "that can hold a probability, condition or delay.");
    default: return {};
    }
}

OrderedJson ArrayTableModel::emptyRow() const
{
    OrderedJson row = OrderedJson::object();
    for (const Column &column : m_columns) {
        if (!column.parallelArray.isEmpty() || column.key.startsWith(QLatin1Char('@')))
            continue;
        switch (column.type) {
        case Rate: row[column.key.toStdString()] = 0.5; break;
        case StringList: row[column.key.toStdString()] = OrderedJson::array(); break;
        case Choice: row[column.key.toStdString()] = column.choices.value(0).toStdString(); break;
        default: row[column.key.toStdString()] = ""; break;
        }
    }
    return row;
}

OrderedJson ArrayTableModel::toObjectMembers(const OrderedJson &rows) const
{
    OrderedJson object = OrderedJson::object();
    for (const OrderedJson &row : rows)
        object[row.at(0).get<std::string>()] = row.at(1);
    return object;
}

// Applies `operation` to the rows (and to the parallel arrays alongside),
// then hands the new values over as one edit.
template<typename Operation>
void ArrayTableModel::editRows(const QString &what, Operation operation)
{
    if (!m_edit)
        return;
    const OrderedJson &current = array();
    OrderedJson rows = OrderedJson::array();
    if (m_objectMode) {
        for (auto it = current.begin(); it != current.end(); ++it)
            rows.push_back(OrderedJson::array({it.key(), it.value()}));
    } else if (current.is_array()) {
        rows = current;
    }
    operation(rows, false);
    QList<Change> changes{{m_pointer, m_objectMode ? toObjectMembers(rows) : rows}};
    for (const QString &name : parallelArrays()) {
        OrderedJson list = parallel(name);
        while (list.size() < size_t(m_rows))
            list.push_back("");
        operation(list, true);
        changes << Change{QLatin1Char('/') + name, list};
    }
    m_edit(changes, what);
}

void ArrayTableModel::addRow()
{
    const OrderedJson row = m_objectMode ? OrderedJson::array({"os", ""}) : emptyRow();
    editRows(tr("Add row"),
             [&row](OrderedJson &list, bool isParallel) { list.push_back(isParallel ? OrderedJson("") : row); });
}

void ArrayTableModel::appendRow(const OrderedJson &row, const QString &what)
{
    editRows(what, [&row](OrderedJson &list, bool isParallel) { list.push_back(isParallel ? OrderedJson("") : row); });
}

void ArrayTableModel::convertToObjects(const QList<int> &rows)
{
    QList<int> bare;
    for (int row : rows) {
        if (isBareLink(row))
            bare << row;
    }
    if (bare.isEmpty())
        return;
    editRows(tr("Convert link to object"), [&bare](OrderedJson &list, bool) {
        for (int row : bare)
            list[size_t(row)] = OrderedJson::object({{"error_id", list[size_t(row)]}});
    });
}

void ArrayTableModel::removeRowsAt(const QList<int> &rows)
{
    QList<int> sorted = rows;
    std::sort(sorted.begin(), sorted.end(), std::greater<int>());
    editRows(tr("Remove row"), [&sorted](OrderedJson &list, bool) {
        for (int row : sorted)
            if (size_t(row) < list.size())
                list.erase(size_t(row));
    });
}

void ArrayTableModel::duplicateRow(int row)
{
    editRows(tr("Duplicate row"), [row](OrderedJson &list, bool) {
        if (size_t(row) < list.size())
            list.insert(list.begin() + row + 1, list[size_t(row)]);
    });
}

void ArrayTableModel::moveRow(int row, int delta)
{
    const int target = row + delta;
    if (row < 0 || target < 0 || row >= m_rows || target >= m_rows)
        return;
    editRows(delta < 0 ? tr("Move row up") : tr("Move row down"), [row, target](OrderedJson &list, bool) {
        if (size_t(std::max(row, target)) < list.size())
            std::swap(list[size_t(row)], list[size_t(target)]);
    });
}

} // namespace Errata
