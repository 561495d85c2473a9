#include "app/SampleKnowledgeBase.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace Errata {

QString SampleKnowledgeBase::copyPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("sample-kb"));
}

QString SampleKnowledgeBase::ensureCopy(QString *error)
{
    const QString target = copyPath();
    if (QFileInfo(target).isDir())
        return target;
    // Copy into a side folder first, so that a failed copy never looks complete.
    const QString partial = target + QStringLiteral(".partial");
    QDir(partial).removeRecursively();
    const QString resourceRoot = QStringLiteral(":/sample-kb");
    QDirIterator it(resourceRoot, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString source = it.next();
        const QString destination = QDir(partial).filePath(QDir(resourceRoot).relativeFilePath(source));
        QDir().mkpath(QFileInfo(destination).absolutePath());
        if (!QFile::copy(source, destination)) {
            *error = QStringLiteral("cannot copy the sample KB to %1").arg(partial);
            return QString();
        }
        QFile::setPermissions(destination,
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup
                                  | QFileDevice::ReadOther);
    }
    if (!QDir().rename(partial, target)) {
        *error = QStringLiteral("cannot move the sample KB copy to %1").arg(target);
        return QString();
    }
    return target;
}

} // namespace Errata
