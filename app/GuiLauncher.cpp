#include "GuiLauncher.h"

#include "KnowledgeBase.h"
#include "KnowledgeBaseLoader.h"
#include "MainWindow.h"
#include "RecordValidator.h"
#include "SampleKnowledgeBase.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QTextStream>

namespace Errata {

namespace {

const QString LastKbKey = QStringLiteral("kb/last");

struct GuiOptions
{
    QString folder;
    QString screenshot;
};

QCommandLineOption screenshotOption()
{
    return QCommandLineOption(QStringLiteral("screenshot"),
                              QStringLiteral("Render the main window to a PNG file and exit."), QStringLiteral("FILE"));
}

// The KB to open: the folder given, else the last one, else the sample copy.
QString chooseFolder(const GuiOptions &options, QString *error)
{
    if (!options.folder.isEmpty())
        return options.folder;
    const QString last = QSettings().value(LastKbKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    return SampleKnowledgeBase::ensureCopy(error);
}

void openFolder(KnowledgeBase &kb, const QString &folder)
{
    kb.adopt(KnowledgeBaseLoader::load(folder));
    kb.validateAll(RecordValidator());
    QSettings().setValue(LastKbKey, kb.root());
}

int saveScreenshot(QWidget &window, const QString &file)
{
    window.resize(1280, 800);
    window.show();
    QApplication::processEvents();
    if (!window.grab().save(file, "PNG")) {
        QTextStream(stderr) << "errata: cannot write the screenshot " << file << '\n';
        return 1;
    }
    return 0;
}

} // namespace

void GuiLauncher::describeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QStringLiteral(
        "Errata curates a knowledge base of error records.\n\n"
        "Commands (run \"errata COMMAND --help\" for their options):\n"
        "  validate DIR              check every record against the schema and rules\n"
        "  import-deadends SRC DST   convert deadends.dev canons to records\n"
        "  export-deadends SRC DST   convert records to deadends.dev canons\n\n"
        "Without a command, the desktop program starts."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("The KB folder to open."), QStringLiteral("[DIR]"));
    parser.addOption(screenshotOption());
}

int GuiLauncher::run(QApplication &app)
{
    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(app);
    GuiOptions options{parser.positionalArguments().value(0), parser.value(screenshotOption())};
    QString error;
    const QString folder = chooseFolder(options, &error);
    KnowledgeBase kb;
    MainWindow window(&kb);
    QObject::connect(&window, &MainWindow::openRequested, &window, [&kb](const QString &path) { openFolder(kb, path); });
    if (folder.isEmpty())
        QMessageBox::warning(&window, QObject::tr("Errata"), error);
    else
        openFolder(kb, folder);
    if (!options.screenshot.isEmpty())
        return saveScreenshot(window, options.screenshot);
    window.show();
    return app.exec();
}

} // namespace Errata
