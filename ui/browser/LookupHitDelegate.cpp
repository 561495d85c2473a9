#include "ui/browser/LookupHitDelegate.h"

#include "models/itemmodels/LookupHitModel.h"
#include "models/text/DisplayName.h"

#include <QApplication>
#include <QPainter>

namespace Errata {

namespace {

constexpr int Padding = 3;
constexpr int TagPadding = 5; // left and right of the band's name

} // namespace

LookupHitDelegate::LookupHitDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

LookupHitDelegate::TagColors LookupHitDelegate::tagColors(int band, const QPalette &palette, bool selected)
{
    const QColor highlight = palette.color(QPalette::Highlight);
    const QColor onHighlight = palette.color(QPalette::HighlightedText);
    if (selected) // on the highlight itself: the tag in the colours of selected text
        return band == LookupResult::Exact ? TagColors{onHighlight, onHighlight, highlight}
                                           : TagColors{Qt::transparent, onHighlight, onHighlight};
    switch (band) {
    case LookupResult::Exact: return {highlight, highlight, onHighlight};
    case LookupResult::Likely: return {Qt::transparent, highlight, palette.color(QPalette::Text)};
    default: break;
    }
    const QColor grey = palette.color(QPalette::PlaceholderText);
    return {Qt::transparent, grey, grey};
}

QFont LookupHitDelegate::tagFont(const QFont &font)
{
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.85);
    return small;
}

int LookupHitDelegate::tagWidth(const QFont &font)
{
    const QFontMetrics metrics(tagFont(font));
    int width = 0;
    for (LookupResult::Band band : {LookupResult::Exact, LookupResult::Likely, LookupResult::Related})
        width = qMax(width, metrics.horizontalAdvance(LookupHitModel::bandText(band)));
    return width + 2 * TagPadding;
}

QSize LookupHitDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // No wider than the tag and a little text: a list view widens its rows
    // to the viewport, and the signature is elided rather than scrolled to.
    const int width = QStyledItemDelegate::sizeHint(option, index).width();
    return QSize(qMin(width, tagWidth(option.font) + 160), option.fontMetrics.height() * 2 + 3 * Padding);
}

void LookupHitDelegate::drawTag(QPainter *painter, const QRect &rect, const QModelIndex &index, const QPalette &palette,
                                bool selected, const QFont &font) const
{
    const TagColors colors = tagColors(index.data(LookupHitModel::BandRole).toInt(), palette, selected);
    const QRectF box = QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5);
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(colors.outline);
    painter->setBrush(colors.fill);
    painter->drawRoundedRect(box, 3, 3);
    painter->setFont(tagFont(font));
    painter->setPen(colors.text);
    painter->drawText(rect, Qt::AlignCenter, index.data(LookupHitModel::BandTextRole).toString());
}

void LookupHitDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString signature = opt.text;
    opt.text.clear();
    QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, opt.widget);
    const bool selected = opt.state & QStyle::State_Selected;
    const int lineHeight = opt.fontMetrics.height();
    const int tag = tagWidth(opt.font);

    painter->save();
    drawTag(painter, QRect(textRect.left(), textRect.top() + Padding, tag, lineHeight), index, opt.palette, selected,
            opt.font);
    const QRect first(textRect.left() + tag + 2 * Padding, textRect.top() + Padding,
                      textRect.width() - tag - 2 * Padding, lineHeight);
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    painter->drawText(first, Qt::AlignLeft | Qt::AlignVCenter,
                      opt.fontMetrics.elidedText(signature, Qt::ElideRight, first.width()));
    const QFont small = tagFont(opt.font);
    const QRect second(first.left(), first.bottom() + Padding / 2, first.width(), lineHeight);
    painter->setFont(small);
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::PlaceholderText));
    const QString id = DisplayName::of(index.data(LookupHitModel::IdRole).toString());
    painter->drawText(second, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(small).elidedText(id, Qt::ElideRight, second.width()));
    painter->restore();
}

} // namespace Errata
