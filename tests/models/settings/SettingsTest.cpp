// Settings: typed, remembered, with the defaults and bounds the program
// relies on, under the keys users already have.

#include "models/settings/Settings.h"

#include <QtTest>

#include <QSettings>

using namespace Errata;

class SettingsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void defaults();
    void valuesAreKept();
    void recentKnowledgeBases();
    void graphDepthIsBounded();
    void languageFollowsTheSystemWhenEmpty();
    void colorScheme();
    void reviewerNameIsTrimmedAndRemovedWhenEmpty();
    void keysStayAsUsersHaveThem();
    void publishTargetIsKeptPerKnowledgeBase();
};

void SettingsTest::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("ErrataTest"));
    QCoreApplication::setApplicationName(QStringLiteral("SettingsTest"));
    QStandardPaths::setTestModeEnabled(true);
}

void SettingsTest::init()
{
    QSettings().clear();
}

void SettingsTest::defaults()
{
    QVERIFY(Settings::lastKnowledgeBase().isEmpty());
    QVERIFY(Settings::recentKnowledgeBases().isEmpty());
    QVERIFY(Settings::openTabs().isEmpty());
    QVERIFY(!Settings::reviewMode());
    QCOMPARE(Settings::graphDepth(), 1);
    QVERIFY(!Settings::ignoreCase(Settings::Tool::Workbench));
    QVERIFY(!Settings::ignoreCase(Settings::Tool::Matcher));
    QCOMPARE(Settings::reviewStatus(3), 3);
    QVERIFY(Settings::language().isEmpty());
    QCOMPARE(Settings::colorScheme(), Settings::ColorScheme::System);
    QVERIFY(Settings::reviewerName().isEmpty());
}

void SettingsTest::valuesAreKept()
{
    Settings::setLastKnowledgeBase(QStringLiteral("/kb"));
    Settings::setOpenTabs({QStringLiteral("a/b"), QStringLiteral("c/d")});
    Settings::setReviewMode(true);
    Settings::setIgnoreCase(Settings::Tool::Matcher, true);
    Settings::setLogFolder(Settings::Tool::Workbench, QStringLiteral("/logs"));
    Settings::setReviewTier(QStringLiteral("ai_generated"));
    Settings::setReviewSplitter(Qt::Vertical, QByteArray("state"));
    QCOMPARE(Settings::lastKnowledgeBase(), QStringLiteral("/kb"));
    QCOMPARE(Settings::openTabs(), (QStringList{QStringLiteral("a/b"), QStringLiteral("c/d")}));
    QVERIFY(Settings::reviewMode());
    QVERIFY(Settings::ignoreCase(Settings::Tool::Matcher));
    QVERIFY(!Settings::ignoreCase(Settings::Tool::Workbench)); // each tool its own
    QCOMPARE(Settings::logFolder(Settings::Tool::Workbench), QStringLiteral("/logs"));
    QVERIFY(Settings::logFolder(Settings::Tool::Matcher).isEmpty());
    QCOMPARE(Settings::reviewTier(), QStringLiteral("ai_generated"));
    QCOMPARE(Settings::reviewSplitter(Qt::Vertical), QByteArray("state"));
    QVERIFY(Settings::reviewSplitter(Qt::Horizontal).isEmpty());
}

void SettingsTest::recentKnowledgeBases()
{
    for (int i = 0; i < 10; ++i)
        Settings::addRecentKnowledgeBase(QStringLiteral("/kb%1").arg(i));
    Settings::addRecentKnowledgeBase(QStringLiteral("/kb5")); // again: moves to the front
    const QStringList recent = Settings::recentKnowledgeBases();
    QCOMPARE(recent.size(), Settings::MaxRecentKnowledgeBases);
    QCOMPARE(recent.first(), QStringLiteral("/kb5"));
    QCOMPARE(recent.at(1), QStringLiteral("/kb9"));
    QCOMPARE(recent.count(QStringLiteral("/kb5")), 1);
}

void SettingsTest::graphDepthIsBounded()
{
    Settings::setGraphDepth(3);
    QCOMPARE(Settings::graphDepth(), 3);
    Settings::setGraphDepth(9);
    QCOMPARE(Settings::graphDepth(), 3);
    Settings::setGraphDepth(0);
    QCOMPARE(Settings::graphDepth(), 1);
}

void SettingsTest::languageFollowsTheSystemWhenEmpty()
{
    Settings::setLanguage(QStringLiteral("zh_CN"));
    QCOMPARE(Settings::language(), QStringLiteral("zh_CN"));
    Settings::setLanguage(QString());
    QVERIFY(!QSettings().contains(Settings::languageKey()));
}

void SettingsTest::colorScheme()
{
    Settings::setColorScheme(Settings::ColorScheme::Dark);
    QCOMPARE(Settings::colorScheme(), Settings::ColorScheme::Dark);
    Settings::setColorScheme(Settings::ColorScheme::Light);
    QCOMPARE(Settings::colorScheme(), Settings::ColorScheme::Light);
    Settings::setColorScheme(Settings::ColorScheme::System);
    QCOMPARE(Settings::colorScheme(), Settings::ColorScheme::System);
    QVERIFY(!QSettings().contains(QStringLiteral("ui/colorScheme")));
    // A value written by hand that means nothing: the desktop's colours.
    QSettings().setValue(QStringLiteral("ui/colorScheme"), QStringLiteral("purple"));
    QCOMPARE(Settings::colorScheme(), Settings::ColorScheme::System);
}

void SettingsTest::reviewerNameIsTrimmedAndRemovedWhenEmpty()
{
    Settings::setReviewerName(QStringLiteral("  Ana Lima "));
    QCOMPARE(Settings::reviewerName(), QStringLiteral("Ana Lima"));
    QCOMPARE(QSettings().value(QStringLiteral("review/reviewerName")).toString(), QStringLiteral("Ana Lima"));
    Settings::setReviewerName(QStringLiteral("   "));
    QVERIFY(Settings::reviewerName().isEmpty());
    QVERIFY(!QSettings().contains(QStringLiteral("review/reviewerName")));
}

// Renaming a key would forget what users had set.
void SettingsTest::keysStayAsUsersHaveThem()
{
    Settings::setLastKnowledgeBase(QStringLiteral("/kb"));
    Settings::setGraphDepth(2);
    Settings::setReviewMode(true);
    Settings::setIgnoreCase(Settings::Tool::Workbench, true);
    Settings::setLanguage(QStringLiteral("en"));
    Settings::setColorScheme(Settings::ColorScheme::Dark);
    const QSettings settings;
    QCOMPARE(settings.value(QStringLiteral("kb/last")).toString(), QStringLiteral("/kb"));
    QCOMPARE(settings.value(QStringLiteral("graph/depth")).toInt(), 2);
    QVERIFY(settings.value(QStringLiteral("window/review")).toBool());
    QVERIFY(settings.value(QStringLiteral("workbench/ignoreCase")).toBool());
    QCOMPARE(settings.value(QStringLiteral("ui/language")).toString(), QStringLiteral("en"));
    QCOMPARE(settings.value(QStringLiteral("ui/colorScheme")).toString(), QStringLiteral("dark"));
}

void SettingsTest::publishTargetIsKeptPerKnowledgeBase()
{
    QCOMPARE(Settings::publishTarget(QStringLiteral("/kb/one")).out, QString());
    Settings::setPublishTarget(QStringLiteral("/kb/one"),
                               {QStringLiteral("/srv/site"), QStringLiteral("https://kb.example"), true});
    Settings::setPublishTarget(QStringLiteral("/kb/two"), {QStringLiteral("/tmp/two"), QString(), false});
    const Settings::PublishTarget one = Settings::publishTarget(QStringLiteral("/kb/one/")); // the same folder
    QCOMPARE(one.out, QStringLiteral("/srv/site"));
    QCOMPARE(one.baseUrl, QStringLiteral("https://kb.example"));
    QVERIFY(one.validOnly);
    const Settings::PublishTarget two = Settings::publishTarget(QStringLiteral("/kb/two"));
    QCOMPARE(two.out, QStringLiteral("/tmp/two"));
    QVERIFY(!two.validOnly);
    // A path with characters QSettings treats specially still has its own group.
    Settings::setPublishTarget(QStringLiteral("/kb/a\\b/c=d"), {QStringLiteral("/x"), QString(), false});
    QCOMPARE(Settings::publishTarget(QStringLiteral("/kb/a\\b/c=d")).out, QStringLiteral("/x"));
    QCOMPARE(Settings::publishTarget(QStringLiteral("/kb/one")).out, QStringLiteral("/srv/site"));
}

QTEST_GUILESS_MAIN(SettingsTest)
#include "SettingsTest.moc"
