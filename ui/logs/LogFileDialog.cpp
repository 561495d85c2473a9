#include "logs/LogFileDialog.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

namespace Errata {

QString LogFileDialog::choose(QWidget *parent, const QString &folderKey)
{
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        parent, QCoreApplication::translate("Errata::LogFileDialog", "Open Log"), settings.value(folderKey).toString(),
        QCoreApplication::translate("Errata::LogFileDialog", "Logs (*.log *.txt *.out);;All files (*)"));
    if (!path.isEmpty())
        settings.setValue(folderKey, QFileInfo(path).absolutePath());
    return path;
}

} // namespace Errata
