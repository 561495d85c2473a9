#pragma once

#include <QStyledItemDelegate>

namespace Errata {

// Editors for the cells of an ArrayTableModel: a 0–1 spin box for rates,
// a combo box for choices, a line edit otherwise.
class ArrayItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
    QString displayText(const QVariant &value, const QLocale &locale) const override;
};

} // namespace Errata
