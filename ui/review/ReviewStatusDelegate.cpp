#include "ui/review/ReviewStatusDelegate.h"

#include "models/itemmodels/ReviewModel.h"

namespace Errata {

namespace {

QColor background(TranslationStatus::Status status)
{
    switch (status) {
    case TranslationStatus::Missing: return QColor(0xf8, 0xd7, 0xda);
    case TranslationStatus::Untranslated: return QColor(0xfd, 0xe2, 0xc4);
    case TranslationStatus::CountMismatch: return QColor(0xff, 0xf3, 0xbf);
    case TranslationStatus::Translated: return QColor(0xdb, 0xea, 0xfe);
    case TranslationStatus::Reviewed: return QColor(0xd3, 0xf9, 0xd8);
    case TranslationStatus::NotApplicable: break;
    }
    return {};
}

} // namespace

void ReviewStatusDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QVariant status = index.data(ReviewModel::StatusRole);
    if (!status.isValid())
        return;
    option->displayAlignment = Qt::AlignCenter;
    const QColor color = background(TranslationStatus::Status(status.toInt()));
    if (color.isValid()) {
        option->backgroundBrush = color;
        option->palette.setColor(QPalette::Text, Qt::black);
    }
}

} // namespace Errata
