#include "ui/editing/DiffView.h"

#include <QApplication>
#include <QFontDatabase>
#include <QPalette>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextLayout>
#include <QtTest>

#include <cmath>

using namespace Errata;

namespace {

// WCAG's relative luminance and contrast ratio (1 to 21; 4.5 reads well).
double luminance(const QColor &color)
{
    const auto linear = [](double channel) {
        return channel <= 0.03928 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) + 0.0722 * linear(color.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double x = luminance(a) + 0.05;
    const double y = luminance(b) + 0.05;
    return std::max(x, y) / std::min(x, y);
}

QPalette paletteOf(const QColor &base, const QColor &text)
{
    QPalette palette = QApplication::palette();
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        palette.setColor(group, QPalette::Base, base);
        palette.setColor(group, QPalette::Text, text);
        palette.setColor(group, QPalette::Window, base);
        palette.setColor(group, QPalette::WindowText, text);
    }
    return palette;
}

// The background of the first block that starts with `mark`.
QColor backgroundOf(const DiffView &view, QChar mark)
{
    for (QTextBlock block = view.document()->begin(); block.isValid(); block = block.next()) {
        if (block.text().startsWith(mark))
            return block.blockFormat().background().color();
    }
    return QColor();
}

QStringList blockTexts(const DiffView &view)
{
    QStringList texts;
    for (QTextBlock block = view.document()->begin(); block.isValid(); block = block.next())
        texts << block.text();
    return texts;
}

} // namespace

class DiffViewTest : public QObject
{
    Q_OBJECT

private slots:
    void removedBeforeAdded();
    void unchangedShowsTheNote();
    void coloursComeFromThePalette_data();
    void coloursComeFromThePalette();
    void followsAChangeOfPalette();
    void longLinesWrap();
    void monospaceAndReadOnly();
};

void DiffViewTest::removedBeforeAdded()
{
    DiffView view;
    view.showDiff(QStringLiteral("{\n  \"a\": 1,\n  \"b\": 2\n}"), QStringLiteral("{\n  \"a\": 10,\n  \"b\": 20\n}"));
    const QStringList expected{QStringLiteral(" {"),           QStringLiteral("-  \"a\": 1,"),
                               QStringLiteral("-  \"b\": 2"),  QStringLiteral("+  \"a\": 10,"),
                               QStringLiteral("+  \"b\": 20"), QStringLiteral(" }")};
    QCOMPARE(view.lines(), expected);
    QCOMPARE(blockTexts(view), expected);
}

void DiffViewTest::unchangedShowsTheNote()
{
    DiffView view;
    view.showDiff(QStringLiteral("same"), QStringLiteral("same"), QStringLiteral("No changes."));
    QCOMPARE(view.toPlainText(), QStringLiteral("No changes."));
    QCOMPARE(view.document()->begin().blockFormat().background().style(), Qt::NoBrush);
}

void DiffViewTest::coloursComeFromThePalette_data()
{
    QTest::addColumn<QColor>("base");
    QTest::addColumn<QColor>("text");
    QTest::newRow("light") << QColor(Qt::white) << QColor(Qt::black);
    QTest::newRow("dark") << QColor(0x1e, 0x1e, 0x1e) << QColor(0xe6, 0xe6, 0xe6);
    QTest::newRow("dark blue") << QColor(0x14, 0x1a, 0x2e) << QColor(0xf0, 0xf0, 0xf0);
    QTest::newRow("sepia") << QColor(0xf4, 0xec, 0xd8) << QColor(0x3b, 0x2f, 0x1e);
}

// Removed lines are reddish and added ones greenish on any palette, and the
// palette's text stays readable on them.
void DiffViewTest::coloursComeFromThePalette()
{
    QFETCH(QColor, base);
    QFETCH(QColor, text);
    DiffView view;
    view.setPalette(paletteOf(base, text));
    view.showDiff(QStringLiteral("a\nold\nz"), QStringLiteral("a\nnew\nz"));
    const QColor removed = backgroundOf(view, QLatin1Char('-'));
    const QColor added = backgroundOf(view, QLatin1Char('+'));
    QCOMPARE(removed, DiffView::removedBackground(view.palette()));
    QCOMPARE(added, DiffView::addedBackground(view.palette()));
    QVERIFY2(removed.red() > removed.green() && removed.red() > removed.blue(), qPrintable(removed.name()));
    QVERIFY2(added.green() > added.red() && added.green() > added.blue(), qPrintable(added.name()));
    // Close to the base: light on a light palette, dark on a dark one.
    QVERIFY2(std::abs(removed.lightness() - base.lightness()) < 80, qPrintable(removed.name()));
    QVERIFY2(std::abs(added.lightness() - base.lightness()) < 80, qPrintable(added.name()));
    for (const QColor &background : {removed, added})
        QVERIFY2(
            contrast(text, background) >= 4.5,
            qPrintable(
                QStringLiteral("%1 on %2: %3").arg(text.name(), background.name()).arg(contrast(text, background))));
    QVERIFY(contrast(text, DiffView::hunkForeground(view.palette())) < contrast(text, base));
}

void DiffViewTest::followsAChangeOfPalette()
{
    DiffView view;
    const QPalette light = paletteOf(Qt::white, Qt::black);
    const QPalette dark = paletteOf(QColor(0x20, 0x20, 0x20), QColor(0xee, 0xee, 0xee));
    view.setPalette(light);
    view.showDiff(QStringLiteral("a\nold"), QStringLiteral("a\nnew"));
    QCOMPARE(backgroundOf(view, QLatin1Char('-')), DiffView::removedBackground(light));
    view.setPalette(dark);
    QCOMPARE(backgroundOf(view, QLatin1Char('-')), DiffView::removedBackground(dark));
    QCOMPARE(backgroundOf(view, QLatin1Char('+')), DiffView::addedBackground(dark));
    QVERIFY(DiffView::removedBackground(dark).lightness() < 100);
    QCOMPARE(blockTexts(view), (QStringList{QStringLiteral(" a"), QStringLiteral("-old"), QStringLiteral("+new")}));
}

// Long lines wrap at the view's width, words of any length included: no
// horizontal scrolling.
void DiffViewTest::longLinesWrap()
{
    DiffView view;
    view.resize(320, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QStringList words;
    for (int i = 0; i < 80; ++i)
        words << QStringLiteral("word%1").arg(i);
    const QString sentence = QStringLiteral("\"root_cause\": \"") + words.join(QLatin1Char(' ')) + QLatin1Char('"');
    const QString token = QStringLiteral("\"url\": \"https://example.com/") + QString(3000, QLatin1Char('x'))
        + QLatin1Char('"');
    view.showDiff(QStringLiteral("{\n}"),
                  QStringLiteral("{\n") + sentence + QLatin1Char('\n') + token + QStringLiteral("\n}"));
    QCoreApplication::processEvents();
    QCOMPARE(view.lineWrapMode(), QPlainTextEdit::WidgetWidth);
    QCOMPARE(view.horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    QCOMPARE(view.horizontalScrollBar()->maximum(), 0);
    int wrapped = 0;
    for (QTextBlock block = view.document()->begin(); block.isValid(); block = block.next()) {
        if (block.text().startsWith(QLatin1Char('+')) && block.layout()->lineCount() > 1)
            ++wrapped;
        for (int i = 0; i < block.layout()->lineCount(); ++i)
            QVERIFY(block.layout()->lineAt(i).naturalTextWidth() <= view.viewport()->width());
    }
    QCOMPARE(wrapped, 2);
}

void DiffViewTest::monospaceAndReadOnly()
{
    DiffView view;
    QCOMPARE(view.font().family(), QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    QVERIFY(view.isReadOnly());
}

QTEST_MAIN(DiffViewTest)
#include "DiffViewTest.moc"
