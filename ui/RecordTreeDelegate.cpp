#include "RecordTreeDelegate.h"

#include "RecordTreeModel.h"
#include "SearchQuery.h"

#include <QApplication>
#include <QPainter>
#include <QTextLayout>

#include <algorithm>

namespace Errata {

namespace {

constexpr int Padding = 3;

// The search matches a word against the beginnings of the tokens of a
// text: its words and their camelCase parts, and in Chinese each character.
bool startsToken(const QString &text, qsizetype at)
{
    if (at == 0 || text.at(at).script() == QChar::Script_Han)
        return true;
    const QChar before = text.at(at - 1);
    return !before.isLetterOrNumber() || (before.isLower() && text.at(at).isUpper());
}

// `text` folded as the search folds it (SearchQuery::fold), one character
// for one, so that offsets in it are offsets in `text`: "Café" -> "cafe".
QString foldedInPlace(QStringView text)
{
    QString folded;
    folded.reserve(text.size());
    for (const QChar c : text) {
        if (c.unicode() < 0x80) {
            folded += c.toLower();
            continue;
        }
        const QString one = SearchQuery::fold(QString(c));
        folded += one.size() == 1 ? one.at(0) : c.toLower();
    }
    return folded;
}

QList<QTextLayout::FormatRange> highlights(const QString &text, const QStringList &words, qsizetype length,
                                           const QColor &background)
{
    QList<QTextLayout::FormatRange> ranges;
    for (const auto &[start, size] : RecordTreeDelegate::highlightSpans(text, words, length)) {
        QTextLayout::FormatRange range;
        range.start = start;
        range.length = size;
        range.format.setBackground(background);
        range.format.setFontWeight(QFont::Bold);
        range.format.setForeground(QColor(Qt::black));
        ranges << range;
    }
    return ranges;
}

} // namespace

QList<std::pair<int, int>> RecordTreeDelegate::highlightSpans(const QString &text, const QStringList &words,
                                                              qsizetype length)
{
    QList<std::pair<int, int>> spans;
    const QString shown = foldedInPlace(QStringView(text).left(length));
    for (const QString &word : words) {
        if (word.isEmpty())
            continue;
        for (qsizetype at = shown.indexOf(word, 0, Qt::CaseInsensitive); at >= 0;
             at = shown.indexOf(word, at + 1, Qt::CaseInsensitive)) {
            if (startsToken(text, at))
                spans.append({int(at), int(word.size())});
        }
    }
    std::sort(spans.begin(), spans.end());
    return spans;
}

RecordTreeDelegate::RecordTreeDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

QIcon RecordTreeDelegate::severityIcon(int severity)
{
    QStyle *style = QApplication::style();
    switch (severity) {
    case 0: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case 1: return style->standardIcon(QStyle::SP_MessageBoxWarning);
    default: return QIcon();
    }
}

void RecordTreeDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QIcon icon = severityIcon(index.data(RecordTreeModel::SeverityRole).toInt());
    if (!icon.isNull()) {
        option->icon = icon;
        option->features |= QStyleOptionViewItem::HasDecoration;
    }
}

QSize RecordTreeDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.data(RecordTreeModel::KindRole).toInt() == RecordTreeModel::RecordNode)
        size.setHeight(option.fontMetrics.height() * 2 + 3 * Padding);
    return size;
}

void RecordTreeDelegate::drawText(QPainter *painter, const QRect &rect, const QString &text, const QFont &font,
                                  const QColor &color, qsizetype highlightLength) const
{
    const QString elided = QFontMetrics(font).elidedText(text, Qt::ElideRight, rect.width());
    QTextLayout layout(elided, font);
    layout.setFormats(highlights(elided, m_words, highlightLength, QColor(255, 230, 120)));
    layout.beginLayout();
    QTextLine line = layout.createLine();
    line.setLineWidth(rect.width());
    layout.endLayout();
    painter->setPen(color);
    layout.draw(painter, rect.topLeft());
}

void RecordTreeDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const bool isRecord = index.data(RecordTreeModel::KindRole).toInt() == RecordTreeModel::RecordNode;
    const QString text = opt.text;
    opt.text.clear();
    QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, opt.widget);
    const bool selected = opt.state & QStyle::State_Selected;
    const QColor textColor = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    painter->save();
    if (!isRecord) {
        const qsizetype nameLength = index.data(RecordTreeModel::IdRole).toString().size(); // not the counts
        drawText(painter, textRect.adjusted(0, (textRect.height() - opt.fontMetrics.height()) / 2, 0, 0), text,
                 opt.font, textColor, nameLength);
    } else {
        const int lineHeight = opt.fontMetrics.height();
        const bool modified = index.data(RecordTreeModel::ModifiedRole).toBool();
        const QString signature = modified ? QStringLiteral("● ") + text : text;
        drawText(painter, textRect.adjusted(0, Padding, 0, 0), signature, opt.font, textColor, signature.size());
        QFont small = opt.font;
        small.setPointSizeF(opt.font.pointSizeF() * 0.85);
        const QColor idColor = selected ? textColor : opt.palette.color(QPalette::PlaceholderText);
        const QString id = index.data(RecordTreeModel::IdRole).toString();
        drawText(painter, textRect.adjusted(0, Padding + lineHeight + Padding / 2, 0, 0), id, small, idColor, id.size());
    }
    painter->restore();
}

} // namespace Errata
