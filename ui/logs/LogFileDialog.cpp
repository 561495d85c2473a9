#include "ui/logs/LogFileDialog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace Errata {

QString LogFileDialog::choose(QWidget *parent, Settings::Tool tool)
{
    const QString title = QCoreApplication::translate("Errata::LogFileDialog", "Open Log");
    const QString path = QFileDialog::getOpenFileName(
        parent, title, Settings::logFolder(tool),
        QCoreApplication::translate("Errata::LogFileDialog", "Logs (*.log *.txt *.out);;All files (*)"));
    if (path.isEmpty())
        return path;
    Settings::setLogFolder(tool, QFileInfo(path).absolutePath());
    const QString why = refusal(path);
    if (why.isEmpty())
        return path;
    QMessageBox::warning(parent, title, why);
    return QString();
}

QString LogFileDialog::refusal(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists() || info.isFile())
        return QString(); // a missing file is for the dock to report
    return QCoreApplication::translate("Errata::LogFileDialog",
                                       "%1 is not a regular file (a folder, a FIFO or a device), so it is not opened "
                                       "here. Paste its text instead.")
        .arg(QDir::toNativeSeparators(path));
}

} // namespace Errata
