#include "ui/browser/RecordTreeDelegate.h"

#include "models/git/GitStatus.h"
#include "models/itemmodels/RecordTreeModel.h"
#include "models/text/DisplayName.h"
#include "models/text/SearchTokenizer.h"
#include "ui/style/StatusColors.h"

#include <QApplication>
#include <QPainter>
#include <QTextLayout>

namespace Errata {

namespace {

constexpr int Padding = 3;

QList<QTextLayout::FormatRange> highlights(const QString &text, const QStringList &words, qsizetype length,
                                           const QColor &background)
{
    QList<QTextLayout::FormatRange> ranges;
    for (const auto &[start, size] : SearchTokenizer::matchedSpans(text.left(length), words)) {
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
    const int kind = index.data(RecordTreeModel::KindRole).toInt();
    if (kind == RecordTreeModel::RecordNode || kind == RecordTreeModel::DeletedNode)
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

// The git state of a record's file, right-aligned on its id's line, in the
// colour of what it asks: a conflict to resolve, an edit, something new.
// Returns the width it took (0 for none).
int RecordTreeDelegate::drawGitState(QPainter *painter, const QRect &rect, int state, const QFont &font,
                                     const QColor &selectedColor, const QPalette &palette) const
{
    if (state < 0)
        return 0;
    const auto gitState = GitStatus::State(state);
    const QString text = GitStatus::stateText(gitState);
    const QFontMetrics metrics(font);
    const int width = metrics.horizontalAdvance(text) + 2 * Padding;
    QColor color = selectedColor;
    if (!color.isValid()) {
        color = gitState == GitStatus::State::Conflicted ? StatusColors::error(palette)
            : gitState == GitStatus::State::Deleted      ? StatusColors::error(palette)
            : gitState == GitStatus::State::Modified || gitState == GitStatus::State::Renamed
            ? StatusColors::warning(palette)
            : StatusColors::success(palette);
    }
    painter->setFont(font);
    painter->setPen(color);
    painter->drawText(QRect(rect.right() - width, rect.top(), width, metrics.height()), Qt::AlignRight | Qt::AlignTop,
                      text);
    return width;
}

void RecordTreeDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const int kind = index.data(RecordTreeModel::KindRole).toInt();
    const bool isRecord = kind == RecordTreeModel::RecordNode || kind == RecordTreeModel::DeletedNode;
    const QString text = opt.text;
    opt.text.clear();
    QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, opt.widget);
    const bool selected = opt.state & QStyle::State_Selected;
    // A deleted file's row: struck through, greyed, until it is restored.
    const bool deleted = kind == RecordTreeModel::DeletedNode;
    const QColor textColor = opt.palette.color(selected      ? QPalette::HighlightedText
                                                   : deleted ? QPalette::PlaceholderText
                                                             : QPalette::Text);
    opt.font.setStrikeOut(deleted);
    painter->save();
    if (!isRecord) {
        const qsizetype nameLength =
            DisplayName::of(index.data(RecordTreeModel::IdRole).toString()).size(); // not the counts
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
        const QString id = DisplayName::of(index.data(RecordTreeModel::IdRole).toString());
        const QRect idRect = textRect.adjusted(0, Padding + lineHeight + Padding / 2, 0, 0);
        QFont label = small;
        label.setStrikeOut(false);
        const int stateWidth = drawGitState(painter, idRect, index.data(RecordTreeModel::GitStateRole).toInt(), label,
                                            selected ? textColor : QColor(), opt.palette);
        drawText(painter, idRect.adjusted(0, 0, -stateWidth, 0), id, small, idColor, id.size());
    }
    painter->restore();
}

} // namespace Errata
