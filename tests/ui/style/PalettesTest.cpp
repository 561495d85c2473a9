// The colour schemes of Settings: System leaves the desktop's palette
// alone; Light and Dark give Errata's own, with Fusion; and every colour
// that carries a meaning reads on both (WCAG's 4.5:1 for text).

#include "ui/style/Palettes.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/settings/Settings.h"
#include "ui/card/RecordCardHtml.h"
#include "ui/style/StatusColors.h"

#include <QApplication>
#include <QRegularExpression>
#include <QStyle>
#include <QtTest>

using namespace Errata;

class PalettesTest : public QObject
{
    Q_OBJECT

private slots:
    void cleanup();
    void systemKeepsTheDesktops();
    void darkAndLight();
    void textColoursReadOnBothPalettes_data();
    void textColoursReadOnBothPalettes();
    void cardFollowsThePalette();
};

void PalettesTest::cleanup()
{
    QApplication::setPalette(QPalette());
}

void PalettesTest::systemKeepsTheDesktops()
{
    const QPalette before = QApplication::palette();
    const QString style = QApplication::style()->name();
    Palettes::apply(*qApp, Settings::ColorScheme::System);
    QCOMPARE(QApplication::palette(), before);
    QCOMPARE(QApplication::style()->name(), style);
}

void PalettesTest::darkAndLight()
{
    Palettes::apply(*qApp, Settings::ColorScheme::Dark);
    QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
    const QPalette dark = QApplication::palette();
    QVERIFY(Palettes::isDark(dark));
    QVERIFY(dark.color(QPalette::Window).lightness() < 80);
    QVERIFY(StatusColors::contrast(dark.color(QPalette::Text), dark.color(QPalette::Base)) >= 7.0);
    QVERIFY(StatusColors::contrast(dark.color(QPalette::HighlightedText), dark.color(QPalette::Highlight)) >= 4.5);
    QVERIFY(StatusColors::contrast(dark.color(QPalette::Link), dark.color(QPalette::Base)) >= 4.5);
    QVERIFY(StatusColors::contrast(dark.color(QPalette::PlaceholderText), dark.color(QPalette::Base)) >= 4.5);

    Palettes::apply(*qApp, Settings::ColorScheme::Light);
    const QPalette light = QApplication::palette();
    QVERIFY(!Palettes::isDark(light));
    QVERIFY(light.color(QPalette::Window).lightness() > 200);
}

void PalettesTest::textColoursReadOnBothPalettes_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void PalettesTest::textColoursReadOnBothPalettes()
{
    QFETCH(bool, dark);
    const QPalette palette = dark ? Palettes::dark() : Palettes::light();
    const QColor base = palette.color(QPalette::Base);
    for (const QColor &text :
         {StatusColors::error(palette), StatusColors::warning(palette), StatusColors::success(palette)})
        QVERIFY2(StatusColors::contrast(text, base) >= 4.5,
                 qPrintable(QStringLiteral("%1 on %2").arg(text.name(), base.name())));
    QVERIFY(StatusColors::contrast(StatusColors::bannerText(palette), StatusColors::bannerBackground(palette)) >= 7.0);
    // A banner stands out from the grey window it crosses by its colour.
    QVERIFY(StatusColors::bannerBackground(palette).hslSaturationF()
            > palette.color(QPalette::Window).hslSaturationF() + 0.3);
}

// The card's colours come from the application's palette when it is built:
// the muted and alert colours change with the scheme.
void PalettesTest::cardFollowsThePalette()
{
    Record record;
    Record::LoadError error;
    QVERIFY(record.parse(QByteArrayLiteral("{\"id\": \"a/b\", \"signature\": \"boom\", \"regex\": \"boom\"}"), &error));
    const KnowledgeBase kb;
    QApplication::setPalette(Palettes::dark());
    const QString dark = RecordCardHtml::build(record, kb);
    QVERIFY(dark.contains(Palettes::dark().color(QPalette::PlaceholderText).name()));
    QVERIFY(dark.contains(StatusColors::error(Palettes::dark()).name()));
    QApplication::setPalette(Palettes::light());
    const QString light = RecordCardHtml::build(record, kb);
    QVERIFY(light.contains(StatusColors::error(Palettes::light()).name()));
    QVERIFY(!light.contains(StatusColors::error(Palettes::dark()).name()));
}

QTEST_MAIN(PalettesTest)
#include "PalettesTest.moc"
