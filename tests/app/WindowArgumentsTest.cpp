// WindowArguments: what starts the window and what is refused before a
// display is opened; then the errata executable (ERRATA_BINARY) as a user
// runs it, with a display (offscreen) and without one (xcb, no DISPLAY):
// a mistyped command or an unknown option is exit code 2 with a message,
// and a KB folder given positionally still opens the window.

#include "app/WindowArguments.h"

#include "support/ErrataProcess.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

class WindowArgumentsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void problem_data();
    void problem();
    void qtOptionsAreLeftToQt();
    void refusedWithoutOpeningAWindow_data();
    void refusedWithoutOpeningAWindow();
    void aFolderStillOpensTheWindow();

private:
    RunOptions options(bool display) const;

    QTemporaryDir m_dir;  // holds the KB folder "kb" and the file "file.json"
    QTemporaryDir m_home; // the user's settings, data and cache folders
};

void WindowArgumentsTest::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_home.isValid());
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), m_dir.filePath(QStringLiteral("kb"))));
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("file.json")), "{}"));
    QVERIFY2(QFileInfo(QStringLiteral(ERRATA_BINARY)).isExecutable(), ERRATA_BINARY);
}

RunOptions WindowArgumentsTest::options(bool display) const
{
    RunOptions options;
    options.workingDirectory = m_dir.path();
    options.cacheHome = m_home.filePath(QStringLiteral("cache"));
    options.environment = QStringList{QStringLiteral("XDG_CONFIG_HOME=") + m_home.filePath(QStringLiteral("config")),
                                      QStringLiteral("XDG_DATA_HOME=") + m_home.filePath(QStringLiteral("data"))};
    if (!display) // X11 without a server: Qt cannot open a display
        options.environment << QStringLiteral("QT_QPA_PLATFORM=xcb") << QStringLiteral("DISPLAY=")
                            << QStringLiteral("WAYLAND_DISPLAY=");
    return options;
}

// Arguments relative to m_dir, the working folder.
void WindowArgumentsTest::problem_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char *name, const QStringList &arguments, const QString &expected) {
        QTest::newRow(name) << QStringList{QStringLiteral("errata")} + arguments << expected;
    };
    row("nothing", {}, QString());
    row("a folder", {QStringLiteral("kb")}, QString());
    row("a folder and options",
        {QStringLiteral("kb"), QStringLiteral("--select"), QStringLiteral("a/b"), QStringLiteral("--edit")}, QString());
    row("Qt's options",
        {QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("-style=fusion"),
         QStringLiteral("--reverse"), QStringLiteral("kb")},
        QString());
    row("unknown command", {QStringLiteral("frobnicate"), QStringLiteral("--kb"), QStringLiteral("x")},
        QStringLiteral("unknown command \"frobnicate\", and no folder of that name"));
    row("unknown option", {QStringLiteral("kb"), QStringLiteral("--kb"), QStringLiteral("kb")},
        QStringLiteral("unknown option \"--kb\""));
    row("unknown options", {QStringLiteral("--frobnicate"), QStringLiteral("-x")},
        QStringLiteral("unknown options \"--frobnicate\", \"-x\""));
    row("missing value", {QStringLiteral("--select")}, QStringLiteral("missing value after '--select'"));
    row("no such folder", {QStringLiteral("./nowhere")}, QStringLiteral("./nowhere: no such folder"));
    row("a file", {QStringLiteral("file.json")}, QStringLiteral("file.json: not a folder"));
    row("two folders", {QStringLiteral("kb"), QStringLiteral("kb")},
        QStringLiteral("unexpected argument \"kb\" (the window opens one KB folder)"));
}

void WindowArgumentsTest::problem()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const QString here = QDir::currentPath();
    QVERIFY(QDir::setCurrent(m_dir.path()));
    const QString problem = WindowArguments::problem(arguments);
    QVERIFY(QDir::setCurrent(here));
    QCOMPARE(problem, expected);
}

void WindowArgumentsTest::qtOptionsAreLeftToQt()
{
    const QStringList arguments = {QStringLiteral("errata"),
                                   QStringLiteral("--platform"),
                                   QStringLiteral("offscreen"),
                                   QStringLiteral("-qwindowtitle"),
                                   QStringLiteral("Errata KB"),
                                   QStringLiteral("kb"),
                                   QStringLiteral("-widgetcount"),
                                   QStringLiteral("--select"),
                                   QStringLiteral("a/b"),
                                   QStringLiteral("-style=fusion"),
                                   QStringLiteral("-qmljsdebugger=port:1234")};
    QCOMPARE(WindowArguments::withoutQtOptions(arguments),
             QStringList(
                 {QStringLiteral("errata"), QStringLiteral("kb"), QStringLiteral("--select"), QStringLiteral("a/b")}));
}

void WindowArgumentsTest::refusedWithoutOpeningAWindow_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("display");
    QTest::addColumn<QString>("expected");
    const QString command = QStringLiteral(
        "errata: unknown command \"frobnicate\", and no folder of that name (see errata --help)\n");
    const QString option = QStringLiteral("errata: unknown option \"--frobnicate\" (see errata --help)\n");
    const QStringList mistyped = {QStringLiteral("frobnicate"), QStringLiteral("--kb"), QStringLiteral("x")};
    const QStringList unknown = {QStringLiteral("kb"), QStringLiteral("--frobnicate")};
    QTest::newRow("command, display") << mistyped << true << command;
    QTest::newRow("command, no display") << mistyped << false << command;
    QTest::newRow("option, display") << unknown << true << option;
    QTest::newRow("option, no display") << unknown << false << option;
    QTest::newRow("not a folder") << QStringList{QStringLiteral("file.json")} << false
                                  << QStringLiteral("errata: file.json: not a folder (see errata --help)\n");
}

void WindowArgumentsTest::refusedWithoutOpeningAWindow()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, display);
    QFETCH(QString, expected);
    const Run result = runErrata(arguments << QStringLiteral("--screenshot") << m_dir.filePath(QStringLiteral("x.png")),
                                 options(display));
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(result.err, expected);
    QVERIFY(result.out.isEmpty());
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("x.png"))));
}

// Qt's -platform before the folder: taken by Qt (no display is needed),
// not for the KB folder.
void WindowArgumentsTest::aFolderStillOpensTheWindow()
{
    const QString shot = m_dir.filePath(QStringLiteral("shot.png"));
    const Run result = runErrata({QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("kb"),
                                  QStringLiteral("--screenshot"), shot},
                                 options(false));
    QVERIFY2(result.exitCode == 0, qPrintable(QString::number(result.exitCode) + QLatin1Char(' ') + result.err));
    QVERIFY(QFileInfo(shot).size() > 0);
}

QTEST_GUILESS_MAIN(WindowArgumentsTest)
#include "WindowArgumentsTest.moc"
