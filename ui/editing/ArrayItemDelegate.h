#pragma once

#include <QStyledItemDelegate>

namespace Errata {

// Editors for the cells of an ArrayTableModel: a 0–1 spin box for rates,
// a combo box for choices, a line edit with completion over the KB's records
// for link targets, a line edit otherwise. Link targets are marked: a
// missing record in red with a warning icon, a target without a link back
// with an information icon, a bare id string in italics.
class ArrayItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
    QString displayText(const QVariant &value, const QLocale &locale) const override;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace Errata
