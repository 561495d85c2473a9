// Edit ▸ Settings…: the colour scheme is offered, shows what is stored and
// stores what is chosen (the language has its own test in TranslationsTest).

#include "window/SettingsDialog.h"
#include "settings/Settings.h"

#include <QComboBox>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace Errata;

class SettingsDialogTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void colorScheme();
};

void SettingsDialogTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ErrataTest"));
    QCoreApplication::setApplicationName(QStringLiteral("SettingsDialogTest"));
}

void SettingsDialogTest::init()
{
    QSettings().clear();
}

void SettingsDialogTest::colorScheme()
{
    SettingsDialog dialog;
    QComboBox *box = dialog.colorSchemeBox();
    QCOMPARE(box->count(), 3);
    QCOMPARE(Settings::ColorScheme(box->currentData().toInt()), Settings::ColorScheme::System);
    QVERIFY(!dialog.apply()); // nothing changed
    box->setCurrentIndex(box->findData(int(Settings::ColorScheme::Dark)));
    QVERIFY(dialog.apply());
    QCOMPARE(Settings::colorScheme(), Settings::ColorScheme::Dark);

    SettingsDialog again;
    QCOMPARE(Settings::ColorScheme(again.colorSchemeBox()->currentData().toInt()), Settings::ColorScheme::Dark);
    QVERIFY(!again.apply());
    again.colorSchemeBox()->setCurrentIndex(0);
    QVERIFY(again.apply());
    QCOMPARE(Settings::colorScheme(), Settings::ColorScheme::System);
}

QTEST_MAIN(SettingsDialogTest)
#include "SettingsDialogTest.moc"
