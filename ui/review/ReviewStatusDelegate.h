#pragma once

#include <QStyledItemDelegate>

namespace Errata {

// Colours the status cells of review mode: red for missing, orange for
// untranslated, yellow for a count mismatch, blue for translated, green for
// reviewed. Other cells are drawn as usual.
class ReviewStatusDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace Errata
