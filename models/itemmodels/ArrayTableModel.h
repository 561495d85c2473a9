#pragma once

#include "models/json/OrderedJson.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <functional>

namespace Errata {

class KnowledgeBase;
class Record;

// One array of a record as an editable table: "dead_ends" as rows of
// action, why_fails, fail_rate, ... Each column reads one key of the row
// objects, or an item of a parallel array (the Chinese text of each
// workaround lives in "workarounds_zh"), or, for "os_specific", the key or
// value of an object's member. The model never changes the record itself:
// every edit is handed to the edit function (which pushes an undoable
// command), and the table follows the record when it changes.
class ArrayTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum ValueType { Text, Rate, StringList, Choice };
    // Extra roles of a link list's "error_id" column (views mark these cells).
    enum Roles { TargetMissingRole = Qt::UserRole + 1, BareLinkRole, ReciprocalMissingRole };

    struct Column
    {
        Column() = default;
        Column(const QString &title, const QString &key, ValueType type = Text, const QStringList &choices = {},
               const QString &parallelArray = {})
            : title(title)
            , key(key)
            , type(type)
            , choices(choices)
            , parallelArray(parallelArray)
        {
        }

        QString title;
        QString key; // member of each row object ("action")
        ValueType type = Text;
        QStringList choices;   // for Choice
        QString parallelArray; // when set, the column is item <row> of this top-level array
    };

    // An edit is one or more whole values replaced at once (a row moved in
    // "workarounds" moves its Chinese text in "workarounds_zh" too).
    struct Change
    {
        QString pointer;
        OrderedJson value;
    };
    using EditFunction = std::function<void(const QList<Change> &changes, const QString &what)>;

    ArrayTableModel(const QString &arrayPointer, const QList<Column> &columns, QObject *parent = nullptr);

    void setRecord(const KnowledgeBase *kb, const Record *record);
    void setEditFunction(EditFunction edit) { m_edit = std::move(edit); }
    void setObjectMode(bool isObject) { m_objectMode = isObject; } // for os_specific
    QString arrayPointer() const { return m_pointer; }
    const KnowledgeBase *knowledgeBase() const { return m_kb; }
    const Record *record() const { return m_record; }
    const QList<Column> &columns() const { return m_columns; }

    // Row operations, each one undoable edit of the whole array.
    void addRow();
    void removeRowsAt(const QList<int> &rows);
    void duplicateRow(int row);
    void moveRow(int row, int delta);
    // Appends a row given whole (a new link {"error_id": ...}).
    void appendRow(const OrderedJson &row, const QString &what);
    // Link lists: rows written as bare id strings become {"error_id": id}.
    void convertToObjects(const QList<int> &rows);
    bool isBareLink(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    static QString listToText(const OrderedJson &list);
    static OrderedJson textToList(const QString &text);

private:
    void reload();
    // Every cell again: the findings shown in them changed.
    void refreshAll();
    const OrderedJson &array() const;
    OrderedJson rowValue(int row, const Column &column) const;
    QVariant linkRole(int row, const Column &column, int role) const;
    bool reciprocalMissing(const QString &target) const;
    template<typename Operation>
    void editRows(const QString &what, Operation operation);
    QStringList parallelArrays() const;
    OrderedJson parallel(const QString &name) const;
    OrderedJson emptyRow() const;
    OrderedJson toObjectMembers(const OrderedJson &rows) const;

    QString m_pointer;
    QList<Column> m_columns;
    const KnowledgeBase *m_kb = nullptr;
    const Record *m_record = nullptr;
    EditFunction m_edit;
    bool m_objectMode = false;
    int m_rows = 0;
};

} // namespace Errata
