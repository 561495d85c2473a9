// ApiFilesDump KB OUT [BASE_URL]: writes the JSON API (ApiFiles) and the text
// files (SiteTextFiles) of the KB into the folder OUT, opened and checked as
// the tests of models/publish/ open a KB, with its quality report, for
// SiteOpenApiTest to check with node. Exit 0 when written, 1 otherwise.

#include "models/publish/ApiFiles.h"
#include "models/publish/SiteSink.h"
#include "models/publish/SiteTextFiles.h"
#include "models/quality/QualityModel.h"
#include "models/quality/QualityReport.h"

#include "SiteFixture.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

using namespace Errata;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: ApiFilesDump KB OUT [BASE_URL]\n");
        return 1;
    }
    SiteOptions options = Test::SiteFixture::defaultOptions();
    options.baseUrl = args.value(3);
    Test::SiteFixture fixture(args.at(1), options);
    SiteContext &site = fixture.context();
    const QualityReport quality = QualityModel::compute(fixture.kb(), site.options.today);
    site.quality = &quality;
    MemorySiteSink sink;
    QElapsedTimer timer;
    timer.start();
    ApiFiles::write(site, sink);
    const qint64 api = timer.restart();
    SiteTextFiles::write(site, sink);
    const qint64 text = timer.elapsed();
    const QMap<QString, QByteArray> files = sink.files();
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        const QString path = QDir(args.at(2)).filePath(it.key());
        QFile file(path);
        if (!QDir().mkpath(QFileInfo(path).path()) || !file.open(QIODevice::WriteOnly)
            || file.write(it.value()) != it.value().size()) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
            return 1;
        }
    }
    std::printf("%d files of %d records in %s (ApiFiles %lld ms, SiteTextFiles %lld ms)\n", int(files.size()),
                int(site.published.size()), qPrintable(args.at(2)), qlonglong(api), qlonglong(text));
    return 0;
}
