#include "support/TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QtDebug>

namespace Errata::TestSupport {

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    const QString folder = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(folder)) {
        qWarning("writeFile: cannot make the folder %s", qPrintable(folder));
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        qWarning("writeFile: cannot open %s: %s", qPrintable(path), qPrintable(file.errorString()));
        return false;
    }
    if (file.write(bytes) != bytes.size()) {
        qWarning("writeFile: cannot write %s: %s", qPrintable(path), qPrintable(file.errorString()));
        return false;
    }
    return true;
}

bool copyFolder(const QString &from, const QString &to, const QStringList &nameFilters)
{
    QDirIterator it(from, nameFilters, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(path);
        if (!QDir().mkpath(QFileInfo(target).absolutePath()) || !QFile::copy(path, target)) {
            qWarning("copyFolder: cannot copy %s to %s", qPrintable(path), qPrintable(target));
            return false;
        }
        QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    return true;
}

} // namespace Errata::TestSupport
