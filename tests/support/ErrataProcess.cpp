#include "support/ErrataProcess.h"

#include <QProcess>
#include <QProcessEnvironment>

namespace Errata::TestSupport {

Run runErrata(const QStringList &arguments, const RunOptions &options)
{
    Run result;
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    if (!options.cacheHome.isEmpty())
        environment.insert(QStringLiteral("XDG_CACHE_HOME"), options.cacheHome);
    for (const QString &variable : options.environment)
        environment.insert(variable.section(QLatin1Char('='), 0, 0), variable.section(QLatin1Char('='), 1));
    process.setProcessEnvironment(environment);
    if (!options.workingDirectory.isEmpty())
        process.setWorkingDirectory(options.workingDirectory);
    if (!options.inputFile.isEmpty())
        process.setStandardInputFile(options.inputFile);
    if (options.wrapper.isEmpty())
        process.start(QStringLiteral(ERRATA_BINARY), arguments);
    else
        process.start(options.wrapper.first(),
                      options.wrapper.mid(1) + QStringList{QStringLiteral(ERRATA_BINARY)} + arguments);
    if (!process.waitForStarted(10000)) {
        result.err = process.errorString();
        return result;
    }
    if (options.inputFile.isEmpty()) {
        process.write(options.input);
        process.closeWriteChannel();
    }
    if (!process.waitForFinished(options.timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("timed out: ") + arguments.join(QLatin1Char(' '));
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

} // namespace Errata::TestSupport
