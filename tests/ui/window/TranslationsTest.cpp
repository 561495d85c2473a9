#include "ui/window/Translations.h"
#include "models/kb/KnowledgeBase.h"
#include "models/matching/RegexEngine.h"
#include "models/record/Record.h"
#include "models/validation/RuleValidator.h"
#include "models/validation/SchemaValidator.h"
#include "ui/review/ReviewView.h"
#include "ui/window/MainWindow.h"
#include "ui/window/SettingsDialog.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QtTest>

using namespace Errata;

class TranslationsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void menusInChinese();
    void qtStandardButtonsInChinese();
    void backToEnglish();
    void englishPluralForms();
    void unknownLanguageIsRefused();
    void settingResolves();
    void settingsDialogStoresTheChoice();
    void findingsAndRegexErrorsInChinese();
    void schemaFindingsInChinese();

private:
    static QStringList menuTitles(const MainWindow &window);
};

QStringList TranslationsTest::menuTitles(const MainWindow &window)
{
    QStringList titles;
    for (QAction *action : window.menuBar()->actions())
        titles << action->text();
    return titles;
}

void TranslationsTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void TranslationsTest::cleanup()
{
    Translations::install(qApp, QStringLiteral("en"));
    QSettings().clear();
}

void TranslationsTest::menusInChinese()
{
    QVERIFY(Translations::install(qApp, QStringLiteral("zh_CN")));
    MainWindow window;
    const QStringList titles = menuTitles(window);
    QCOMPARE(titles,
             (QStringList{QStringLiteral("文件(&F)"), QStringLiteral("编辑(&E)"), QStringLiteral("记录(&R)"),
                          QStringLiteral("视图(&V)"), QStringLiteral("工具(&T)"), QStringLiteral("帮助(&H)")}));
    QCOMPARE(window.review()->acceptAction()->text(), QStringLiteral("接受并转到下一条(&A)"));
    QCOMPARE(QLocale().language(), QLocale::Chinese);
    QCOMPARE(RuleValidator::messageLanguage(), QStringLiteral("zh_CN")); // findings cached per language
}

void TranslationsTest::qtStandardButtonsInChinese()
{
    QVERIFY(Translations::install(qApp, QStringLiteral("zh_CN")));
    QDialogButtonBox buttons(QDialogButtonBox::Cancel);
    QCOMPARE(buttons.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
}

void TranslationsTest::backToEnglish()
{
    QVERIFY(Translations::install(qApp, QStringLiteral("zh_CN")));
    QVERIFY(Translations::install(qApp, QStringLiteral("en")));
    MainWindow window;
    QCOMPARE(menuTitles(window).first(), QStringLiteral("&File"));
    QCOMPARE(qApp->findChildren<QTranslator *>().size(), 1); // the English plural forms
    QCOMPARE(RuleValidator::messageLanguage(), QStringLiteral("en"));
}

// "1 record", "2 records": English counts read as English, not "record(s)".
void TranslationsTest::englishPluralForms()
{
    QVERIFY(Translations::install(qApp, QStringLiteral("en")));
    const auto count = [](const char *context, const char *text, int n) {
        return QCoreApplication::translate(context, text, nullptr, n);
    };
    QCOMPARE(count("Errata::BrowserDock", "%Ln result(s) of %L1", 1).arg(24), QStringLiteral("1 result of 24"));
    QCOMPARE(count("Errata::BrowserDock", "%Ln result(s) of %L1", 3).arg(24), QStringLiteral("3 results of 24"));
    QCOMPARE(count("Errata::KnowledgeBaseStatus", "%Ln record(s)", 1), QStringLiteral("1 record"));
    QCOMPARE(count("Errata::KnowledgeBaseStatus", "%Ln error(s)", 0), QStringLiteral("0 errors"));
    QCOMPARE(count("Errata::KnowledgeBaseStatus", "%Ln warning(s)", 1), QStringLiteral("1 warning"));
    // Large counts are grouped as the user's locale groups them.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(count("Errata::BrowserDock", "%Ln result(s) of %L1", 1200).arg(50000),
             QStringLiteral("1,200 results of 50,000"));
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(count("Errata::KnowledgeBaseStatus", "%Ln record(s)", 50000), QStringLiteral("50.000 records"));
    QVERIFY(Translations::install(qApp, QStringLiteral("en"))); // the locale as it was

    MainWindow window; // the bundled sample KB, read only
    window.openKnowledgeBase(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"));
    window.waitForLoad();
    const KnowledgeBase::Counts counts = window.knowledgeBase()->counts();
    QVERIFY(window.knowledgeBase()->count() > 1 && counts.warnings > 1);
    QStringList status;
    for (const QLabel *label : window.statusBar()->findChildren<QLabel *>())
        status << label->text();
    QVERIFY2(status.contains(QStringLiteral("%1 records").arg(window.knowledgeBase()->count())),
             qPrintable(status.join(QLatin1String(" | "))));
    const QString errors = counts.errors == 1 ? QStringLiteral("1 error")
                                              : QStringLiteral("%1 errors").arg(counts.errors);
    QVERIFY2(status.contains(QStringLiteral("%1, %2 warnings").arg(errors).arg(counts.warnings)),
             qPrintable(status.join(QLatin1String(" | "))));
}

void TranslationsTest::unknownLanguageIsRefused()
{
    QVERIFY(!Translations::install(qApp, QStringLiteral("xx_YY")));
    MainWindow window;
    QCOMPARE(menuTitles(window).first(), QStringLiteral("&File"));
}

void TranslationsTest::settingResolves()
{
    QCOMPARE(Translations::resolve(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    QCOMPARE(Translations::resolve(QStringLiteral("en")), QStringLiteral("en"));
    QCOMPARE(Translations::resolve(QString()), Translations::systemLanguage());
    QCOMPARE(Translations::resolve(QStringLiteral("klingon")), Translations::systemLanguage());
    QSettings().setValue(Translations::settingKey(), QStringLiteral("klingon"));
    QCOMPARE(Translations::storedSetting(), QString());
}

void TranslationsTest::settingsDialogStoresTheChoice()
{
    SettingsDialog dialog;
    QComboBox *box = dialog.languageBox();
    QCOMPARE(box->count(), 3); // system, English, 简体中文
    QCOMPARE(box->currentIndex(), 0);
    QVERIFY(!dialog.apply()); // unchanged
    box->setCurrentIndex(box->findData(QStringLiteral("zh_CN")));
    QCOMPARE(box->currentText(), QStringLiteral("简体中文"));
    QVERIFY(dialog.apply());
    QCOMPARE(QSettings().value(Translations::settingKey()).toString(), QStringLiteral("zh_CN"));
    SettingsDialog again;
    QCOMPARE(again.languageBox()->currentData().toString(), QStringLiteral("zh_CN"));
    again.languageBox()->setCurrentIndex(0);
    QVERIFY(again.apply());
    QVERIFY(!QSettings().contains(Translations::settingKey()));
}

// The Problems dock and the workbench show the rules' findings and RE2's
// errors in the user's language; without a translation they stay English
// (as on the command line).
void TranslationsTest::findingsAndRegexErrorsInChinese()
{
    Record record;
    Record::LoadError error;
    QVERIFY(record.parse(QByteArrayLiteral("{\"id\": \"a/b\", \"signature\": \"boom\", \"regex\": \"boom\",\n"
                                           " \"transition_graph\": {\"leads_to\": [{\"error_id\": \"a/b\"}]}}"),
                         &error));
    const auto selfLinkMessage = [&record] {
        for (const Problem &problem : RuleValidator(QDate(2026, 1, 1)).check(record, nullptr)) {
            if (problem.rule == QLatin1String("link-self"))
                return problem.message;
        }
        return QString();
    };
    QCOMPARE(selfLinkMessage(), QStringLiteral("the record links to itself"));
    QVERIFY(Translations::install(qApp, QStringLiteral("zh_CN")));
    QCOMPARE(selfLinkMessage(), QStringLiteral("该记录链接到自身"));
    QVERIFY(RegexEngine(QStringLiteral("(?<=a)b")).errorMessage().contains(QStringLiteral("RE2 不支持后行断言")));
}

// The schema's findings name the field, the expectation and the value in
// the user's language too; the command line keeps them English.
void TranslationsTest::schemaFindingsInChinese()
{
    const OrderedJson record = OrderedJson::parse(
        R"({"id": "a/b", "signature": "", "regex": "x", "domain": "a", "category": "c", "confidence": 1.5,
            "resolvable": "urgent", "evidence_count": 2.5, "dead_ends": [{"action": "a", "fail_rate": 0.5}],
            "tags": ["x", 3]})");
    const auto messages = [&record] {
        QMap<QString, QString> byPointer;
        for (const Problem &problem : SchemaValidator().validate(record))
            byPointer.insert(problem.pointer, problem.message);
        return byPointer;
    };
    const QMap<QString, QString> english = messages();
    QCOMPARE(english.value(QStringLiteral("/confidence")), QStringLiteral("confidence: must be at most 1; found 1.5"));
    QCOMPARE(english.value(QStringLiteral("/tags/1")), QStringLiteral("tags/1: must be a string; found a number (3)"));

    QVERIFY(Translations::install(qApp, QStringLiteral("zh_CN")));
    const QMap<QString, QString> chinese = messages();
    QCOMPARE(chinese.value(QStringLiteral("/confidence")), QStringLiteral("confidence：不能大于 1；实际为 1.5"));
    QCOMPARE(chinese.value(QStringLiteral("/tags/1")), QStringLiteral("tags/1：必须是字符串；实际为数字（3）"));
    QCOMPARE(chinese.value(QStringLiteral("/resolvable")),
             QStringLiteral("resolvable：必须是以下之一：true, partial, false；实际为 \"urgent\""));
    QCOMPARE(chinese.value(QStringLiteral("/evidence_count")),
             QStringLiteral("evidence_count：必须是整数；实际为数字（2.5）"));
    QCOMPARE(chinese.value(QStringLiteral("/signature")),
             QStringLiteral("signature：长度不能少于 1 个字符；实际为 空字符串"));
    QCOMPARE(chinese.value(QStringLiteral("/dead_ends/0")), QStringLiteral("dead_ends/0/why_fails：缺少必填字段"));
    for (const QString &message : chinese)
        QVERIFY2(!message.contains(QLatin1String("must")) && !message.contains(QLatin1String("found")),
                 qPrintable(message));
}

QTEST_MAIN(TranslationsTest)
#include "TranslationsTest.moc"
