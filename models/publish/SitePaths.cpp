#include "models/publish/SitePaths.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/record/RecordId.h"

#include <QCryptographicHash>
#include <QSet>
#include <QUrl>

#include <algorithm>

namespace Errata {

namespace {

constexpr int MaxSegment = 200;

QString hashed(const QString &text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
}

bool isPlainId(const QString &id)
{
    if (!RecordId::isSafe(id))
        return false;
    const QStringList segments = id.split(QLatin1Char('/'));
    if (segments.first() == QLatin1String("_"))
        return false;
    return std::all_of(segments.begin(), segments.end(), SitePaths::isPlainSegment);
}

QString encodedPath(const QString &path)
{
    QStringList segments = path.split(QLatin1Char('/'));
    for (QString &segment : segments)
        segment = QString::fromLatin1(QUrl::toPercentEncoding(segment));
    return segments.join(QLatin1Char('/'));
}

} // namespace

SitePaths::SitePaths(const KnowledgeBase &kb, const std::vector<const Record *> &published)
{
    std::vector<std::pair<QString, const Record *>> byFile;
    byFile.reserve(published.size());
    for (const Record *record : published)
        byFile.emplace_back(kb.relativePath(record->filePath()), record);
    std::sort(byFile.begin(), byFile.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QSet<QString> taken; // case-folded stems
    for (const auto &[file, record] : byFile) {
        const QString id = record->id();
        if (!m_byId.contains(id))
            m_byId.insert(id, record);
        const QString folded = id.toCaseFolded();
        if (isPlainId(id) && !taken.contains(folded)) {
            taken.insert(folded);
            m_places.insert(record, Place{id});
        } else {
            m_places.insert(record, Place{QStringLiteral("_/") + hashed(file)});
        }
    }
}

QString SitePaths::recordPage(const Record &record) const
{
    return QStringLiteral("records/") + m_places.value(&record).stem + QStringLiteral(".html");
}

QString SitePaths::recordJson(const Record &record) const
{
    return QStringLiteral("api/v1/records/") + m_places.value(&record).stem + QStringLiteral(".json");
}

const Record *SitePaths::recordById(const QString &id) const
{
    return m_byId.value(id);
}

QString SitePaths::domainPage(const QString &domain)
{
    if (isPlainSegment(domain) && domain != QLatin1String("_"))
        return QStringLiteral("domains/") + domain + QStringLiteral(".html");
    return QStringLiteral("domains/_/") + hashed(domain) + QStringLiteral(".html");
}

QString SitePaths::href(const QString &from, const QString &to)
{
    const QStringList fromParts = from.split(QLatin1Char('/'));
    const QStringList toParts = to.split(QLatin1Char('/'));
    // Shared folders (not the file names themselves).
    int common = 0;
    while (common < fromParts.size() - 1 && common < toParts.size() - 1 && fromParts[common] == toParts[common])
        ++common;
    QString url;
    for (int i = common; i < fromParts.size() - 1; ++i)
        url += QStringLiteral("../");
    return url + encodedPath(toParts.mid(common).join(QLatin1Char('/')));
}

QString SitePaths::absolute(const QString &baseUrl, const QString &path)
{
    if (baseUrl.isEmpty())
        return QString();
    return baseUrl + QLatin1Char('/') + encodedPath(path);
}

bool SitePaths::isPlainSegment(const QString &segment)
{
    if (segment.isEmpty() || segment.size() > MaxSegment || segment.startsWith(QLatin1Char('.')))
        return false;
    return std::all_of(segment.begin(), segment.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') || u == u'.'
            || u == u'_' || u == u'~' || u == u'+' || u == u'-';
    });
}

} // namespace Errata
