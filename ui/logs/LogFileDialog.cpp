#include "logs/LogFileDialog.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>

namespace Errata {

QString LogFileDialog::choose(QWidget *parent, Settings::Tool tool)
{
    const QString path = QFileDialog::getOpenFileName(
        parent, QCoreApplication::translate("Errata::LogFileDialog", "Open Log"), Settings::logFolder(tool),
        QCoreApplication::translate("Errata::LogFileDialog", "Logs (*.log *.txt *.out);;All files (*)"));
    if (!path.isEmpty())
        Settings::setLogFolder(tool, QFileInfo(path).absolutePath());
    return path;
}

} // namespace Errata
