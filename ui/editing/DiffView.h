#pragma once

#include <QPlainTextEdit>
#include <QStringList>

class QPalette;

namespace Errata {

// What saving would change in a record's file, as a reader of diffs
// expects it: TextDiff's unified lines, each hunk's removed lines ("-")
// before its added ones ("+"), on a red or green background blended from
// the palette's base colour (so the text keeps its contrast in light and
// dark palettes, and follows a change of palette), the "@@" lines muted.
// Fixed-pitch font; long lines wrap (anywhere in a very long word, see
// TextWrap), so there is never a horizontal scroll bar. Read-only.
class DiffView : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit DiffView(QWidget *parent = nullptr);

    // Shows the changes from `before` to `after`, or `unchanged` when there
    // are none.
    void showDiff(const QString &before, const QString &after, const QString &unchanged = QString());
    // The lines shown: TextDiff::unified()'s, or the `unchanged` text alone.
    QStringList lines() const { return m_lines; }

    static QColor removedBackground(const QPalette &palette);
    static QColor addedBackground(const QPalette &palette);
    static QColor hunkForeground(const QPalette &palette);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();

    QStringList m_lines;
    bool m_unchanged = true;
};

} // namespace Errata
