#include "ui/logs/RegexWorkbenchDock.h"
#include "models/itemmodels/RegexMatchListModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"
#include "ui/editing/EditSession.h"

#include <QElapsedTimer>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace Errata;

class RegexWorkbenchDockTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void highlightsEveryMatchInCharacters();
    void listsGroupsAndJumpsToTheMatch();
    void explainsRegexErrorsWithPosition();
    void testLinesShowPassAndFail();
    void editingGoesThroughUndo();
    void readOnlyUntilTheRecordIsEdited();
    void manyMatchesAreCapped();
    void slowRegexIsStoppedAndSaysSo();

private:
    Record *addRecord(KnowledgeBase &kb, const QByteArray &json);
    static void waitForMatch(RegexWorkbenchDock &dock);
    static QLineEdit *regexEdit(RegexWorkbenchDock &dock);
    static QPlainTextEdit *logEdit(RegexWorkbenchDock &dock);
};

void RegexWorkbenchDockTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void RegexWorkbenchDockTest::init()
{
    QSettings().clear(); // the case toggle is remembered between runs
}

Record *RegexWorkbenchDockTest::addRecord(KnowledgeBase &kb, const QByteArray &json)
{
    auto record = std::make_unique<Record>();
    Record::LoadError error;
    if (!record->parse(json, &error))
        qFatal("bad fixture: %s", qPrintable(error.message));
    record->setFilePath(QStringLiteral("/kb/%1.json").arg(record->id()));
    return kb.add(std::move(record));
}

void RegexWorkbenchDockTest::waitForMatch(RegexWorkbenchDock &dock)
{
    dock.matchNow();
    QTRY_VERIFY_WITH_TIMEOUT(!dock.isMatching(), 20000);
}

QLineEdit *RegexWorkbenchDockTest::regexEdit(RegexWorkbenchDock &dock)
{
    return dock.findChild<QLineEdit *>();
}

QPlainTextEdit *RegexWorkbenchDockTest::logEdit(RegexWorkbenchDock &dock)
{
    return dock.findChild<QPlainTextEdit *>();
}

// Extra selections are the highlights; their text must be the match, also
// after characters that take two UTF-16 units or three UTF-8 bytes.
void RegexWorkbenchDockTest::highlightsEveryMatchInCharacters()
{
    RegexWorkbenchDock dock;
    dock.resize(600, 800);
    dock.show();
    regexEdit(dock)->insert(QStringLiteral("端口 \\d+")); // typed: keyClicks takes ASCII only
    dock.setLogText(QStringLiteral("🔥 启动：端口 3000\nok\n错误 端口 8080 已占用"));
    waitForMatch(dock);
    QCOMPARE(dock.matchModel()->rowCount(), 2);
    const QList<QTextEdit::ExtraSelection> selections = logEdit(dock)->extraSelections();
    QCOMPARE(selections.size(), 2);
    QCOMPARE(selections.at(0).cursor.selectedText(), QStringLiteral("端口 3000"));
    QCOMPARE(selections.at(1).cursor.selectedText(), QStringLiteral("端口 8080"));
    QCOMPARE(dock.matchModel()->matchAt(0).column, 6); // 🔥 is one character
    QVERIFY2(dock.statusText().contains(QStringLiteral("2 match")), qPrintable(dock.statusText()));

    logEdit(dock)->appendPlainText(QStringLiteral("端口 1"));
    waitForMatch(dock);
    QCOMPARE(dock.matchModel()->rowCount(), 3); // the log side changing re-matches too
}

void RegexWorkbenchDockTest::listsGroupsAndJumpsToTheMatch()
{
    RegexWorkbenchDock dock;
    dock.show();
    QTest::keyClicks(regexEdit(dock), QStringLiteral("port (?P<port>\\d+) (busy|free)"));
    dock.setLogText(QStringLiteral("a\nport 80 free\nb\nport 3000 busy"));
    waitForMatch(dock);
    QCOMPARE(dock.matchModel()->rowCount(), 2);
    QCOMPARE(dock.matchModel()->index(1, RegexMatchListModel::GroupsColumn).data().toString(),
             QStringLiteral("1 (port): 3000  2: busy"));
    dock.showMatch(1);
    QCOMPARE(logEdit(dock)->textCursor().selectedText(), QStringLiteral("port 3000 busy"));
    QCOMPARE(logEdit(dock)->textCursor().blockNumber(), 3);
}

void RegexWorkbenchDockTest::explainsRegexErrorsWithPosition()
{
    RegexWorkbenchDock dock;
    dock.setLogText(QStringLiteral("foobar"));
    QTest::keyClicks(regexEdit(dock), QStringLiteral("(?<=foo)bar"));
    waitForMatch(dock);
    QVERIFY2(dock.statusText().contains(QStringLiteral("look-behind")), qPrintable(dock.statusText()));
    QVERIFY2(dock.statusText().contains(QStringLiteral("\">(</span>?&lt;=foo)bar</code>")),
             qPrintable(dock.statusText()));
    QCOMPARE(dock.matchModel()->rowCount(), 0);

    regexEdit(dock)->clear();
    QTest::keyClicks(regexEdit(dock), QStringLiteral("(a)\\1"));
    waitForMatch(dock);
    QVERIFY2(dock.statusText().contains(QStringLiteral("back-reference")), qPrintable(dock.statusText()));

    regexEdit(dock)->clear();
    regexEdit(dock)->insert(QStringLiteral("中文(x"));
    waitForMatch(dock);
    QVERIFY2(dock.statusText().contains(QStringLiteral("does not compile")), qPrintable(dock.statusText()));
    QVERIFY2(dock.statusText().contains(QStringLiteral("中文<span")),
             qPrintable(dock.statusText())); // marked at the "("
}

void RegexWorkbenchDockTest::testLinesShowPassAndFail()
{
    KnowledgeBase kb;
    Record *record = addRecord(
        kb,
        QByteArrayLiteral(
            R"({"id": "node/eaddrinuse", "signature": "Error: listen EADDRINUSE :::3000", "regex": "listen EADDRINUSE",)"
            R"( "aliases": ["LISTEN eaddrinuse 8080", "listen EADDRINUSE 127.0.0.1:80"]})"));
    RegexWorkbenchDock dock;
    dock.setKnowledgeBase(&kb);
    dock.bind(record, nullptr);
    QCOMPARE(dock.regexText(), QStringLiteral("listen EADDRINUSE"));
    QCOMPARE(dock.testLineResults(),
             QStringList({QStringLiteral("pass: Error: listen EADDRINUSE :::3000"),
                          QStringLiteral("fail: LISTEN eaddrinuse 8080"),
                          QStringLiteral("pass: listen EADDRINUSE 127.0.0.1:80")}));
    dock.setIgnoreCase(true);
    QVERIFY(!dock.testLineResults().join(QLatin1Char('\n')).contains(QStringLiteral("fail:")));
}

void RegexWorkbenchDockTest::editingGoesThroughUndo()
{
    KnowledgeBase kb;
    Record *record = addRecord(kb, QByteArrayLiteral(R"({"id": "app/x", "signature": "boom 1", "regex": "boom"})"));
    RecordValidator validator;
    EditSession session(&kb, record, &validator);
    RegexWorkbenchDock dock;
    dock.setKnowledgeBase(&kb);
    dock.bind(record, &session);
    QVERIFY(dock.regexEditable());
    regexEdit(dock)->setFocus();
    regexEdit(dock)->end(false);
    QTest::keyClicks(regexEdit(dock), QStringLiteral(" \\d"));
    QCOMPARE(record->regex(), QStringLiteral("boom \\d"));
    QCOMPARE(dock.testLineResults(), QStringList{QStringLiteral("pass: boom 1")});
    QVERIFY(session.undoStack()->count() >= 1);
    while (session.undoStack()->canUndo())
        session.undoStack()->undo();
    QCOMPARE(record->regex(), QStringLiteral("boom"));
    QCOMPARE(dock.regexText(), QStringLiteral("boom")); // undo shows in the workbench
}

void RegexWorkbenchDockTest::readOnlyUntilTheRecordIsEdited()
{
    KnowledgeBase kb;
    Record *record = addRecord(kb, QByteArrayLiteral(R"({"id": "app/x", "signature": "boom", "regex": "boom"})"));
    RegexWorkbenchDock dock;
    dock.setKnowledgeBase(&kb);
    dock.bind(record, nullptr);
    QVERIFY(!dock.regexEditable());
    QTest::keyClicks(regexEdit(dock), QStringLiteral("x"));
    QCOMPARE(record->regex(), QStringLiteral("boom"));
    dock.bind(nullptr, nullptr);
    QVERIFY(dock.regexEditable()); // a scratch regex, tied to no record
    QVERIFY(dock.testLineResults().isEmpty());
}

void RegexWorkbenchDockTest::manyMatchesAreCapped()
{
    RegexWorkbenchDock dock;
    dock.resize(600, 400);
    dock.show();
    QString log;
    for (int i = 0; i < 30000; ++i)
        log += QStringLiteral("line %1 error here\n").arg(i);
    QTest::keyClicks(regexEdit(dock), QStringLiteral("error"));
    dock.setLogText(log);
    waitForMatch(dock);
    QCOMPARE(dock.matchModel()->rowCount(), 10000);
    QVERIFY2(dock.statusText().contains(QStringLiteral("More than 10000")), qPrintable(dock.statusText()));
    QVERIFY(logEdit(dock)->extraSelections().size() < 200); // only what is on screen
}

// A regex that defeats RE2's DFA on a pasted log of 600 KB (many seconds
// in one call of RE2), with a budget of 50 ms: the search ends soon after
// and the status says it was stopped; an ordinary regex is not.
void RegexWorkbenchDockTest::slowRegexIsStoppedAndSaysSo()
{
    RegexWorkbenchDock dock;
    dock.setBudgetMs(50);
    const char letters[] = "abcdefghijklmnopq0123456789 :/._-";
    QString log;
    for (quint32 seed = 1; log.size() < 600000; seed = seed * 1103515245 + 12345)
        log += (seed >> 16) % 101 == 0 ? QLatin1Char('\n') : QLatin1Char(letters[(seed >> 16) % (sizeof(letters) - 1)]);
    dock.setLogText(log + QStringLiteral("\nabc"));
    regexEdit(dock)->setText(QStringLiteral("[a-q][^u-z]{60}x"));
    QElapsedTimer timer;
    timer.start();
    waitForMatch(dock);
    qInfo("600 KB, a regex that defeats the DFA, budget 50 ms: %lld ms", timer.elapsed());
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY2(dock.statusText().contains(QLatin1String("Stopped after")), qPrintable(dock.statusText()));
    QVERIFY2(dock.statusText().contains(QLatin1String("there may be more matches")), qPrintable(dock.statusText()));

    regexEdit(dock)->setText(QStringLiteral("abc$"));
    waitForMatch(dock);
    QVERIFY2(!dock.statusText().contains(QLatin1String("Stopped")), qPrintable(dock.statusText()));
    QVERIFY(dock.matchModel()->rowCount() >= 1);
}

QTEST_MAIN(RegexWorkbenchDockTest)
#include "RegexWorkbenchDockTest.moc"
