#include "bench/LookupCorpus.h"

#include "models/convert/DeadendsConverter.h"

#include <QDirIterator>
#include <QFile>

#include <algorithm>
#include <stdexcept>

namespace Errata {

QString LookupCorpus::defaultFolder()
{
    return QStringLiteral(ERRATA_CORPUS_DIR "/deadends-canons");
}

std::vector<std::unique_ptr<Record>> LookupCorpus::convert(const QString &folder)
{
    std::vector<std::unique_ptr<Record>> records;
    QDirIterator it(folder, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        try {
            auto record = std::make_unique<Record>();
            record->setJson(DeadendsConverter::toRecord(OrderedJson::parse(file.readAll().toStdString())));
            records.push_back(std::move(record));
        } catch (const std::exception &) {
            // not a canon: left out
        }
    }
    std::sort(records.begin(), records.end(), [](const auto &a, const auto &b) { return a->id() < b->id(); });
    return records;
}

} // namespace Errata
