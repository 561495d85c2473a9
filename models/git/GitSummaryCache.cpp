#include "models/git/GitSummaryCache.h"

#include "models/util/AtomicFile.h"
#include "models/util/CacheFolder.h"
#include "models/util/Version.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QtEndian>

#include <algorithm>
#include <cstring>
#include <map>

namespace Errata {

namespace {

constexpr quint32 Magic = 0x45524753; // "ERGS"
constexpr qsizetype RowSize = GitSummaryCache::BlobSize + 4;

QByteArray programVersion()
{
    return QByteArray(Version::text);
}

void putU32(QByteArray &out, quint32 value)
{
    char bytes[4];
    qToLittleEndian(value, bytes);
    out.append(bytes, 4);
}

void putText(QByteArray &out, const QByteArray &text)
{
    putU32(out, quint32(text.size()));
    out.append(text);
}

// Reads from `bytes` at `*at`, within its end; false when it runs past.
struct Reader
{
    const QByteArray &bytes;
    qsizetype at;

    bool u32(quint32 *value)
    {
        if (at < 0 || bytes.size() - at < 4)
            return false;
        *value = qFromLittleEndian<quint32>(bytes.constData() + at);
        at += 4;
        return true;
    }
    bool text(QByteArray *text)
    {
        quint32 size = 0;
        if (!u32(&size) || bytes.size() - at < qsizetype(size))
            return false;
        *text = QByteArray::fromRawData(bytes.constData() + at, qsizetype(size));
        at += qsizetype(size);
        return true;
    }
};

// An entry's payload: 1 and the id and links, or 0 (the file did not load).
QByteArray encode(const std::optional<Record::Summary> &summary)
{
    QByteArray out;
    putU32(out, summary ? 1 : 0);
    if (!summary)
        return out;
    putText(out, summary->id.toUtf8());
    putU32(out, quint32(summary->links.size()));
    for (const Record::LinkTarget &link : summary->links) {
        putU32(out, quint32(link.kind));
        putU32(out, quint32(link.position));
        putText(out, link.id.toUtf8());
    }
    return out;
}

// Whether a record's payload is whole (within the file, links well
// formed), walked without decoding: a damaged entry is taken as unknown.
bool wellFormed(Reader reader)
{
    QByteArray text;
    quint32 links = 0;
    if (!reader.text(&text) || !reader.u32(&links))
        return false;
    for (quint32 i = 0; i < links; ++i) {
        quint32 kind = 0;
        quint32 position = 0;
        if (!reader.u32(&kind) || !reader.u32(&position) || !reader.text(&text) || kind > Link::ConfusedWith
            || position > quint32(INT_MAX))
            return false;
    }
    return true;
}

// A payload known to be well formed, after its first word.
Record::Summary decode(Reader reader)
{
    QByteArray id;
    quint32 links = 0;
    reader.text(&id);
    reader.u32(&links);
    Record::Summary summary;
    summary.id = QString::fromUtf8(id);
    for (quint32 i = 0; i < links; ++i) {
        quint32 kind = 0;
        quint32 position = 0;
        QByteArray target;
        reader.u32(&kind);
        reader.u32(&position);
        reader.text(&target);
        summary.links << Record::LinkTarget{Link::Kind(kind), QString::fromUtf8(target), int(position)};
    }
    return summary;
}

} // namespace

QString GitSummaryCache::fileFor(const QString &root)
{
    return CacheFolder::fileFor(QStringLiteral("git-summaries"), root, QStringLiteral(".sum"));
}

bool GitSummaryCache::open(const QString &file)
{
    *this = GitSummaryCache();
    QFile in;
    QString why; // a cache that cannot be read is as none: every file is read
    if (!CacheFolder::openRegular(in, file, &why) || in.size() > (qint64(1) << 31))
        return false;
    QByteArray bytes = in.readAll();
    Reader reader{bytes, 0};
    quint32 magic = 0;
    quint32 version = 0;
    QByteArray program;
    quint32 count = 0;
    if (!reader.u32(&magic) || !reader.u32(&version) || !reader.text(&program) || !reader.u32(&count) || magic != Magic
        || version != FormatVersion || program != programVersion()
        || (bytes.size() - reader.at) / RowSize < qsizetype(count))
        return false;
    m_table = reader.at;
    m_count = qsizetype(count);
    m_payloads = m_table + m_count * RowSize;
    m_bytes = std::move(bytes);
    return true;
}

// A binary search of the table, which save() writes sorted by blob id.
qsizetype GitSummaryCache::payloadOf(const QByteArray &blob) const
{
    if (blob.size() != BlobSize || m_count == 0)
        return -1;
    qsizetype low = 0;
    qsizetype high = m_count;
    const char *table = m_bytes.constData() + m_table;
    while (low < high) {
        const qsizetype middle = low + (high - low) / 2;
        const int order = std::memcmp(table + middle * RowSize, blob.constData(), BlobSize);
        if (order == 0) {
            const qsizetype at = m_payloads + qFromLittleEndian<quint32>(table + middle * RowSize + BlobSize);
            return at < m_bytes.size() ? at : -1;
        }
        if (order < 0)
            low = middle + 1;
        else
            high = middle;
    }
    return -1;
}

GitSummaryCache::Entry GitSummaryCache::lookup(const QByteArray &blob, QByteArray *id) const
{
    const auto added = m_added.constFind(blob);
    if (added != m_added.cend()) {
        if (id && *added)
            *id = (*added)->id.toUtf8();
        return *added ? Entry::Record : Entry::NoRecord;
    }
    Reader reader{m_bytes, payloadOf(blob)};
    quint32 loaded = 0;
    if (reader.at < 0 || m_dropped.contains(blob) || !reader.u32(&loaded) || loaded > 1)
        return Entry::Unknown;
    if (loaded == 0)
        return Entry::NoRecord;
    if (!wellFormed(reader))
        return Entry::Unknown;
    if (id)
        reader.text(id);
    return Entry::Record;
}

std::optional<Record::Summary> GitSummaryCache::find(const QByteArray &blob) const
{
    const auto added = m_added.constFind(blob);
    if (added != m_added.cend())
        return *added;
    if (lookup(blob) != Entry::Record)
        return std::nullopt;
    Reader reader{m_bytes, payloadOf(blob) + 4};
    return decode(reader);
}

void GitSummaryCache::insert(const QByteArray &blob, const std::optional<Record::Summary> &summary)
{
    if (blob.size() == BlobSize)
        m_added.insert(blob, summary);
}

void GitSummaryCache::keepOnly(const QList<QByteArray> &blobs)
{
    const QSet<QByteArray> kept(blobs.cbegin(), blobs.cend());
    using Added = decltype(m_added);
    m_added.removeIf([&kept](Added::iterator entry) { return !kept.contains(entry.key()); });
    for (qsizetype row = 0; row < m_count; ++row) {
        const QByteArray blob(m_bytes.constData() + m_table + row * RowSize, BlobSize);
        if (!kept.contains(blob))
            m_dropped.insert(blob, true);
    }
}

bool GitSummaryCache::save(const QString &file, QString *error) const
{
    std::map<QByteArray, QByteArray> entries; // sorted by blob id, as the table must be
    for (qsizetype row = 0; row < m_count; ++row) {
        const QByteArray blob(m_bytes.constData() + m_table + row * RowSize, BlobSize);
        const Entry entry = lookup(blob);
        if (entry != Entry::Unknown) // not dropped, not damaged
            entries[blob] = encode(entry == Entry::Record ? find(blob) : std::nullopt);
    }
    for (auto it = m_added.cbegin(); it != m_added.cend(); ++it)
        entries[it.key()] = encode(it.value());
    QByteArray table;
    QByteArray payloads;
    for (const auto &[blob, payload] : entries) {
        table.append(blob);
        putU32(table, quint32(payloads.size()));
        payloads.append(payload);
    }
    QByteArray out;
    putU32(out, Magic);
    putU32(out, FormatVersion);
    putText(out, programVersion());
    putU32(out, quint32(entries.size()));
    out.append(table).append(payloads);
    if (!QDir().mkpath(QFileInfo(file).absolutePath())) {
        *error = tr("cannot make the folder %1").arg(QFileInfo(file).absolutePath());
        return false;
    }
    return AtomicFile::writeFile(file, out, error);
}

} // namespace Errata
