#pragma once

#include <QStringList>
#include <QStyledItemDelegate>

namespace Errata {

// Paints the record tree: a severity icon, then for records the signature
// with the id below it in a smaller grey line; text matching the current
// search words is highlighted where a search would match it: at the start
// of a word (or of a camelCase part), in a group's name but not its counts.
class RecordTreeDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit RecordTreeDelegate(QObject *parent = nullptr);

    void setHighlightWords(const QStringList &words) { m_words = words; }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    static QIcon severityIcon(int severity);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    int drawGitState(QPainter *painter, const QRect &rect, int state, const QFont &font, const QColor &selectedColor,
                     const QPalette &palette) const;
    void drawText(QPainter *painter, const QRect &rect, const QString &text, const QFont &font, const QColor &color,
                  qsizetype highlightLength) const;

    QStringList m_words;
};

} // namespace Errata
