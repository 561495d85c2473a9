#pragma once

#include <QStyledItemDelegate>

namespace Errata {

// Paints a lookup hit (LookupHitModel) on two lines: its band as a small
// tag, then the signature; the id below in a smaller grey line. The tags
// take their colours from the palette, so that they read in a dark palette
// as in a light one: "exact" filled with the highlight colour, "likely"
// outlined in it, "related" outlined in the grey of placeholder text.
class LookupHitDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit LookupHitDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // The tag's colours for a band: fill (may be transparent), outline, text.
    struct TagColors
    {
        QColor fill;
        QColor outline;
        QColor text;
    };
    static TagColors tagColors(int band, const QPalette &palette, bool selected);

private:
    static QFont tagFont(const QFont &font);
    // As wide as the widest band name, so that the signatures line up.
    static int tagWidth(const QFont &font);
    void drawTag(QPainter *painter, const QRect &rect, const QModelIndex &index, const QPalette &palette, bool selected,
                 const QFont &font) const;
};

} // namespace Errata
