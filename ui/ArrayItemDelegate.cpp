#include "ArrayItemDelegate.h"

#include "ArrayTableModel.h"

#include <QComboBox>
#include <QDoubleSpinBox>

namespace Errata {

namespace {

const ArrayTableModel::Column *columnOf(const QModelIndex &index)
{
    const auto *model = qobject_cast<const ArrayTableModel *>(index.model());
    return model ? &model->columns().at(index.column()) : nullptr;
}

} // namespace

QWidget *ArrayItemDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                         const QModelIndex &index) const
{
    const ArrayTableModel::Column *column = columnOf(index);
    if (column && column->type == ArrayTableModel::Rate) {
        auto *spin = new QDoubleSpinBox(parent);
        spin->setRange(0.0, 1.0);
        spin->setSingleStep(0.05);
        spin->setDecimals(2);
        return spin;
    }
    if (column && column->type == ArrayTableModel::Choice) {
        auto *combo = new QComboBox(parent);
        combo->addItems(column->choices);
        return combo;
    }
    return QStyledItemDelegate::createEditor(parent, option, index);
}

void ArrayItemDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    if (auto *spin = qobject_cast<QDoubleSpinBox *>(editor))
        spin->setValue(index.data(Qt::EditRole).toDouble());
    else if (auto *combo = qobject_cast<QComboBox *>(editor))
        combo->setCurrentText(index.data(Qt::EditRole).toString());
    else
        QStyledItemDelegate::setEditorData(editor, index);
}

void ArrayItemDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    if (auto *spin = qobject_cast<QDoubleSpinBox *>(editor))
        model->setData(index, spin->value());
    else if (auto *combo = qobject_cast<QComboBox *>(editor))
        model->setData(index, combo->currentText());
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

QString ArrayItemDelegate::displayText(const QVariant &value, const QLocale &locale) const
{
    if (value.typeId() == QMetaType::Double)
        return locale.toString(value.toDouble(), 'f', 2);
    return QStyledItemDelegate::displayText(value, locale);
}

} // namespace Errata
