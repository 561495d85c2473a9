#include "ui/editing/ArrayItemDelegate.h"

#include "models/itemmodels/ArrayTableModel.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "ui/editing/LinkTargetCompleter.h"
#include "ui/style/StatusColors.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QStyle>

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
    const auto *model = qobject_cast<const ArrayTableModel *>(index.model());
    if (column && column->key == QLatin1String("error_id") && model && model->knowledgeBase()) {
        auto *edit = new QLineEdit(parent);
        new LinkTargetCompleter(model->knowledgeBase(), model->record() ? model->record()->id() : QString(), edit);
        return edit;
    }
    return QStyledItemDelegate::createEditor(parent, option, index);
}

void ArrayItemDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QStyle *style = QApplication::style();
    if (index.data(ArrayTableModel::TargetMissingRole).toBool()) {
        option->palette.setColor(QPalette::Text, StatusColors::error(option->palette));
        option->font.setStrikeOut(true);
        option->icon = style->standardIcon(QStyle::SP_MessageBoxWarning);
        option->features |= QStyleOptionViewItem::HasDecoration;
    } else if (index.data(ArrayTableModel::ReciprocalMissingRole).toBool()) {
        option->icon = style->standardIcon(QStyle::SP_MessageBoxInformation);
        option->features |= QStyleOptionViewItem::HasDecoration;
    }
    if (index.data(ArrayTableModel::BareLinkRole).toBool())
        option->font.setItalic(true);
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
