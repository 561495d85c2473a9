#include "models/convert/CanonDetector.h"

#include "models/record/Record.h"

#include <QFileInfo>

namespace Errata {

namespace {

// The file's JSON, or a discarded value when it cannot be read, is too
// large, or does not parse. Read as the loader reads (Record::readFile):
// never waiting on a FIFO put in a file's place since it was listed.
OrderedJson parsed(const QString &path)
{
    QByteArray bytes;
    QString failure;
    // (nlohmann takes a NUL for the end of the text, as the loader does not.)
    if (QFileInfo(path).size() > CanonDetector::LargestFile || !Record::readFile(path, &bytes, &failure)
        || bytes.contains('\0'))
        return OrderedJson(OrderedJson::value_t::discarded);
    return OrderedJson::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
}

} // namespace

bool CanonDetector::isCanon(const OrderedJson &document)
{
    if (!document.is_object() || document.contains("signature"))
        return false;
    const auto error = document.find("error");
    return error != document.end() && error->is_object();
}

QStringList CanonDetector::sample(const QStringList &files)
{
    if (files.size() <= SampleSize)
        return files;
    QStringList picked;
    for (int i = 0; i < SampleSize; ++i)
        picked << files.at(qsizetype(i) * files.size() / SampleSize);
    return picked;
}

bool CanonDetector::looksLikeCanons(const QStringList &files)
{
    int objects = 0;
    int canons = 0;
    for (const QString &path : sample(files)) {
        const OrderedJson document = parsed(path);
        if (!document.is_object())
            continue;
        ++objects;
        canons += isCanon(document) ? 1 : 0;
    }
    return canons * 2 > objects;
}

} // namespace Errata
