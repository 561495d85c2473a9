// The band tags of lookup hits read in a light and in a dark palette alike,
// selected or not: the colours come from the palette, and the tag's text
// stands out from what is under it.

#include "ui/browser/LookupHitDelegate.h"
#include "models/itemmodels/LookupHitModel.h"

#include <QApplication>
#include <QImage>
#include <QListView>
#include <QPainter>
#include <QPalette>
#include <QtTest>

using namespace Errata;

namespace {

QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    palette.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    palette.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    palette.setColor(QPalette::Highlight, QColor(0x3d, 0x6e, 0xa8));
    palette.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    palette.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    return palette;
}

// WCAG's contrast ratio of two colours, 1 to 21.
double contrast(const QColor &a, const QColor &b)
{
    const auto luminance = [](const QColor &color) {
        const auto channel = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF());
    };
    const double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

LookupResult threeHits()
{
    LookupResult result;
    for (LookupResult::Band band : {LookupResult::Exact, LookupResult::Likely, LookupResult::Related}) {
        LookupResult::Hit hit;
        hit.id = QStringLiteral("python/hit-%1").arg(int(band));
        hit.signature = QStringLiteral("ModuleNotFoundError: No module named 'requests'");
        hit.band = band;
        result.hits << hit;
    }
    return result;
}

} // namespace

class LookupHitDelegateTest : public QObject
{
    Q_OBJECT

private slots:
    void tagsStandOutInEitherPalette_data();
    void tagsStandOutInEitherPalette();
    void rowsPaintTheirTagsAndText();
};

void LookupHitDelegateTest::tagsStandOutInEitherPalette_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<bool>("selected");
    QTest::newRow("light") << QApplication::palette() << false;
    QTest::newRow("light, selected") << QApplication::palette() << true;
    QTest::newRow("dark") << darkPalette() << false;
    QTest::newRow("dark, selected") << darkPalette() << true;
}

void LookupHitDelegateTest::tagsStandOutInEitherPalette()
{
    QFETCH(QPalette, palette);
    QFETCH(bool, selected);
    const QColor row = palette.color(selected ? QPalette::Highlight : QPalette::Base);
    for (int band : {LookupResult::Exact, LookupResult::Likely, LookupResult::Related}) {
        const LookupHitDelegate::TagColors colors = LookupHitDelegate::tagColors(band, palette, selected);
        const QColor under = colors.fill.alpha() == 0 ? row : colors.fill;
        QVERIFY2(contrast(colors.text, under) >= 2.5,
                 qPrintable(QStringLiteral("band %1: %2 on %3").arg(band).arg(colors.text.name(), under.name())));
        QVERIFY2(contrast(colors.outline, row) >= 1.5 || colors.fill.alpha() > 0, qPrintable(QString::number(band)));
    }
    // The three bands do not look alike.
    const auto exact = LookupHitDelegate::tagColors(LookupResult::Exact, palette, selected);
    const auto related = LookupHitDelegate::tagColors(LookupResult::Related, palette, selected);
    QVERIFY(exact.fill != related.fill);
}

void LookupHitDelegateTest::rowsPaintTheirTagsAndText()
{
    LookupHitModel model;
    model.setResult(threeHits());
    QListView view;
    view.setPalette(darkPalette());
    view.setModel(&model);
    view.setItemDelegate(new LookupHitDelegate(&view));
    view.resize(420, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage image = view.grab().toImage();
    // Each row is two lines high and its tag (left) holds pixels of the
    // text colour or the highlight: it was drawn.
    const QRect first = view.visualRect(model.index(0, 0));
    QVERIFY(first.height() >= 2 * view.fontMetrics().height());
    bool highlight = false;
    for (int x = first.left(); x < first.left() + 60; ++x) {
        for (int y = first.top(); y < first.top() + view.fontMetrics().height(); ++y)
            highlight = highlight || image.pixelColor(x, y) == darkPalette().color(QPalette::Highlight);
    }
    QVERIFY(highlight); // the exact tag is filled with the highlight
}

QTEST_MAIN(LookupHitDelegateTest)
#include "LookupHitDelegateTest.moc"
