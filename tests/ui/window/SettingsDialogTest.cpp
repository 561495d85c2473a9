// Edit ▸ Settings…: the reviewer name is stored (trimmed, removed when
// empty), and the empty field shows the name reviews then get; the colour
// scheme is offered, shows what is stored and stores what is chosen (the
// language has its own test in TranslationsTest).

#include "ui/window/SettingsDialog.h"
#include "models/settings/Settings.h"
#include "support/TestFiles.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace Errata;
using namespace Errata::TestSupport;

class SettingsDialogTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void reviewerNameIsStored();
    void emptyFieldShowsTheGitName();
    void languageChangeIsStillReported();
    void colorScheme();

private:
    std::unique_ptr<QTemporaryDir> m_home;
    QByteArray m_savedHome;
};

void SettingsDialogTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_savedHome = qgetenv("HOME");
}

void SettingsDialogTest::init()
{
    QSettings().clear();
    m_home = std::make_unique<QTemporaryDir>();
    qputenv("HOME", QFile::encodeName(m_home->path()));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_home->filePath(QStringLiteral(".config"))));
}

void SettingsDialogTest::cleanup()
{
    qputenv("HOME", m_savedHome);
    qunsetenv("XDG_CONFIG_HOME");
    QSettings().clear();
}

void SettingsDialogTest::reviewerNameIsStored()
{
    SettingsDialog dialog;
    QVERIFY(dialog.reviewerField()->text().isEmpty());
    dialog.reviewerField()->setText(QStringLiteral("  Ana Lima "));
    QVERIFY(!dialog.apply()); // the language did not change
    QCOMPARE(Settings::reviewerName(), QStringLiteral("Ana Lima"));
    SettingsDialog again;
    QCOMPARE(again.reviewerField()->text(), QStringLiteral("Ana Lima"));
    again.reviewerField()->clear();
    again.apply();
    QVERIFY(Settings::reviewerName().isEmpty());
}

void SettingsDialogTest::emptyFieldShowsTheGitName()
{
    QTemporaryDir kb;
    const QDir git(kb.filePath(QStringLiteral(".git")));
    QVERIFY(git.mkpath(QStringLiteral("objects")) && git.mkpath(QStringLiteral("refs/heads")));
    QVERIFY(writeFile(git.filePath(QStringLiteral("HEAD")), "ref: refs/heads/main\n"));
    QVERIFY(writeFile(git.filePath(QStringLiteral("config")),
                      "[core]\n\trepositoryformatversion = 0\n\tbare = false\n[user]\n\tname = Zhang Wei\n"));
    SettingsDialog dialog(kb.path());
    QCOMPARE(dialog.reviewerField()->placeholderText(), QStringLiteral("Zhang Wei (git's user.name)"));
}

void SettingsDialogTest::languageChangeIsStillReported()
{
    SettingsDialog dialog;
    dialog.languageBox()->setCurrentIndex(dialog.languageBox()->findData(QStringLiteral("zh_CN")));
    dialog.reviewerField()->setText(QStringLiteral("Ana"));
    QVERIFY(dialog.apply());
    QCOMPARE(Settings::language(), QStringLiteral("zh_CN"));
    QCOMPARE(Settings::reviewerName(), QStringLiteral("Ana"));
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
