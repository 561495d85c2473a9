#include "models/publish/SiteAssets.h"

#include "models/publish/SiteSink.h"

#include <QDirIterator>
#include <QFile>

namespace Errata {

void SiteAssets::write(SiteSink &sink)
{
    QDirIterator files(QStringLiteral(":/site"), QDir::Files, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString file = files.next();
        QFile resource(file);
        if (resource.open(QIODevice::ReadOnly))
            sink.add(QStringLiteral("assets/") + file.mid(QStringLiteral(":/site/").size()), resource.readAll());
    }
}

} // namespace Errata
