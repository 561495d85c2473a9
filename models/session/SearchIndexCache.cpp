#include "models/session/SearchIndexCache.h"

#include "models/kb/KnowledgeBase.h"
#include "models/search/SearchIndex.h"
#include "models/search/SearchIndexBuilder.h"
#include "models/util/AtomicFile.h"
#include "models/util/CacheFolder.h"
#include "models/util/ChecksumDevice.h"
#include "models/util/Version.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>
#include <functional>
#include <optional>
#include <string_view>

namespace Errata {

namespace {

constexpr quint32 Magic = 0x45524958; // "ERIX"
constexpr quint32 ByteOrderProbe = 0x01020304;
constexpr QDataStream::Version StreamVersion = QDataStream::Qt_6_4;
// Past this share of records read anew, building the whole index is as
// quick as merging them, and the cache's retired entries would pile up.
constexpr int MostChanged = 4; // a quarter

QString programVersion()
{
    return QLatin1String(Version::text);
}

// The rows are checksummed: a restored record takes its summary from them
// unchecked, while the index part is checked item by item as it is read.
quint64 checksumOf(const QByteArray &bytes)
{
    return ChecksumDevice::checksumOf(bytes);
}

void writeSummary(QDataStream &out, const Record::Summary &summary)
{
    out << summary.id << summary.signature << summary.signatureZh << summary.regex << summary.domain << summary.category
        << quint32(summary.links.size());
    for (const Record::LinkTarget &link : summary.links)
        out << qint32(link.kind) << link.id << qint32(link.position);
    out << summary.firstSeen << summary.lastConfirmed << summary.lastUpdated;
}

// The domains and categories, a few strings for the whole KB, are shared
// through `strings`.
bool readSummary(QDataStream &in, Record::Summary &summary, StringPool &strings)
{
    quint32 links = 0;
    in >> summary.id >> summary.signature >> summary.signatureZh >> summary.regex >> summary.domain >> summary.category
        >> links;
    strings.share(summary.domain);
    strings.share(summary.category);
    for (quint32 i = 0; i < links && in.status() == QDataStream::Ok; ++i) {
        qint32 kind = 0;
        qint32 position = 0;
        Record::LinkTarget link;
        in >> kind >> link.id >> position;
        if (kind < Link::LeadsTo || kind > Link::ConfusedWith || position < 0)
            return false;
        link.position = position;
        link.kind = Link::Kind(kind);
        summary.links << link;
    }
    in >> summary.firstSeen >> summary.lastConfirmed >> summary.lastUpdated;
    return in.status() == QDataStream::Ok;
}

// A row's findings are a block of their own, decoded only when validate()
// uses them, on all cores.
void writeFindings(QDataStream &rowStream, const RecordValidator::OwnFindings *findings)
{
    rowStream << quint8(findings ? 1 : 0);
    if (!findings)
        return;
    QByteArray block;
    QDataStream out(&block, QIODevice::WriteOnly);
    out.setVersion(StreamVersion);
    out << quint32(findings->problems.size());
    for (const Problem &problem : findings->problems)
        out << qint32(problem.severity) << problem.pointer << qint32(problem.line) << qint32(problem.column)
            << problem.message << problem.rule;
    out << quint32(findings->places.size());
    for (const JsonText::Position &place : findings->places)
        out << qint32(place.line) << qint32(place.column);
    rowStream << block;
}

bool readPlaces(QDataStream &in, QList<JsonText::Position> &places)
{
    quint32 count = 0;
    in >> count;
    for (quint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        qint32 line = 0;
        qint32 column = 0;
        in >> line >> column;
        places << JsonText::Position{line, column};
    }
    return in.status() == QDataStream::Ok;
}

bool decodeFindings(const QByteArray &block, RecordValidator::OwnFindings &findings)
{
    QDataStream in(block);
    in.setVersion(StreamVersion);
    quint32 count = 0;
    in >> count;
    for (quint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        qint32 severity = 0;
        qint32 line = 0;
        qint32 column = 0;
        Problem problem;
        in >> severity >> problem.pointer >> line >> column >> problem.message >> problem.rule;
        if (severity < Problem::Error || severity > Problem::Info)
            return false;
        problem.severity = Problem::Severity(severity);
        problem.line = line;
        problem.column = column;
        findings.problems << problem;
    }
    return in.status() == QDataStream::Ok && readPlaces(in, findings.places) && in.atEnd();
}

} // namespace

SearchIndexCache::SearchIndexCache(const QString &file)
    : m_file(file)
{
}

SearchIndexCache::~SearchIndexCache() = default;

QString SearchIndexCache::fileFor(const QString &root)
{
    return CacheFolder::fileFor(QStringLiteral("search-index"), root, QStringLiteral(".idx"));
}

// Not qHashBits: with a seed it mixes in a seed drawn for each process.
quint64 SearchIndexCache::hashOf(const QByteArray &text)
{
    return quint64(std::hash<std::string_view>()(std::string_view(text.constData(), size_t(text.size()))));
}

void SearchIndexCache::fail(const QString &why)
{
    m_error = why;
    m_rows.clear();
    m_rowOf.clear();
    m_findingBytes.clear();
    m_device.close();
}

bool SearchIndexCache::open(const QString &root)
{
    m_error.clear();
    QString why;
    if (!CacheFolder::openRegular(m_device, m_file, &why)) {
        if (!why.isEmpty())
            fail(why);
        return false;
    }
    m_in.setDevice(&m_device);
    m_in.setVersion(StreamVersion);
    m_opened = readHeader(QDir::cleanPath(QFileInfo(root).absoluteFilePath())) && readRows();
    if (m_opened) {
        quint8 hasIndex = 0;
        m_in >> hasIndex;
        m_hasIndex = m_in.status() == QDataStream::Ok && hasIndex == 1; // else damaged: built anew
    }
    return m_opened;
}

bool SearchIndexCache::readHeader(const QString &root)
{
    quint32 magic = 0;
    quint32 version = 0;
    QString program;
    quint32 probe = 0;
    m_in >> magic >> version >> program;
    if (m_in.status() != QDataStream::Ok || magic != Magic) {
        fail(tr("not a search index cache"));
        return false;
    }
    if (version != FormatVersion || program != programVersion()) {
        fail(tr("written by another version of Errata"));
        return false;
    }
    QString cachedRoot;
    QString language;
    m_in.readRawData(reinterpret_cast<char *>(&probe), sizeof probe);
    m_in >> cachedRoot >> language;
    if (m_in.status() != QDataStream::Ok || probe != ByteOrderProbe || cachedRoot != root) {
        fail(probe != ByteOrderProbe ? tr("written on a machine of the other byte order")
                                     : tr("the cache of another folder"));
        return false;
    }
    m_findingsUsable = language == RuleValidator::messageLanguage();
    return true;
}

// A row's block of findings is copied aside as it is, to be decoded by
// validate(); the row notes where it lies, or -1 when it has none.
bool SearchIndexCache::keepFindings(QDataStream &in, const QByteArray &bytes, Row &row)
{
    quint8 known = 0;
    in >> known;
    if (known == 0)
        return in.status() == QDataStream::Ok;
    quint32 size = 0;
    in >> size;
    if (known != 1 || in.status() != QDataStream::Ok || qint64(size) > in.device()->bytesAvailable())
        return false;
    row.findingsAt = m_findingBytes.size();
    row.findingsSize = size;
    m_findingBytes.append(bytes.constData() + in.device()->pos(), size);
    return in.skipRawData(int(size)) == int(size);
}

bool SearchIndexCache::readRows()
{
    QByteArray bytes;
    quint64 checksum = 0;
    m_in >> bytes >> checksum;
    if (m_in.status() != QDataStream::Ok || checksumOf(bytes) != checksum) {
        fail(tr("the cache is damaged"));
        return false;
    }
    QDataStream in(bytes);
    in.setVersion(StreamVersion);
    quint32 count = 0;
    in >> count;
    // Each row takes at least 40 bytes: a damaged count asks for no more.
    if (in.status() != QDataStream::Ok || quint64(count) * 40 > quint64(bytes.size())) {
        fail(tr("the cache is damaged"));
        return false;
    }
    m_rows.resize(count);
    m_rowOf.reserve(count);
    m_findingBytes.reserve(bytes.size()); // no growing copies; squeezed below
    for (quint32 i = 0; i < count; ++i) {
        QString path;
        in >> path >> m_rows[i].size >> m_rows[i].hash;
        if (!readSummary(in, m_rows[i].summary, m_strings) || !keepFindings(in, bytes, m_rows[i])) {
            fail(tr("the cache is damaged"));
            return false;
        }
        m_rowOf.insert(path, int(i));
    }
    m_findingBytes.squeeze();
    return true;
}

bool SearchIndexCache::restore(const QString &relativePath, const QByteArray &text, Record &record)
{
    const auto it = m_rowOf.constFind(relativePath);
    if (it == m_rowOf.cend())
        return false;
    Row &row = m_rows[size_t(*it)];
    if (row.size != text.size() || row.hash != hashOf(text))
        return false;
    record.restore(text, row.summary);
    row.record = &record;
    ++m_restored;
    return true;
}

bool SearchIndexCache::validate(KnowledgeBase &kb, const RecordValidator &validator, const std::atomic_bool *cancel,
                                const std::function<void(int, int)> &progress, std::vector<const Record *> *deferred)
{
    QHash<const Record *, const Row *> cached;
    for (const Row &row : m_rows) {
        if (row.record && row.findingsAt >= 0 && m_findingsUsable)
            cached.insert(row.record, &row);
    }
    m_findings.assign(size_t(kb.count()), {});
    std::atomic_int reused{0};
    const auto shared = [this](QList<Problem> problems) {
        for (Problem &problem : problems)
            problem.shareStrings(m_strings);
        return problems;
    };
    const auto check = [&](int i) {
        const Record &record = *kb.recordAt(i);
        Findings &findings = m_findings[size_t(i)];
        const Row *row = cached.value(&record);
        if (row
            && decodeFindings(QByteArray::fromRawData(m_findingBytes.constData() + row->findingsAt, row->findingsSize),
                              findings.own)) {
            findings.record = &record;
            findings.text = record.originalText();
            ++reused;
            findings.own.problems = shared(std::move(findings.own.problems));
            return shared(validator.validateWith(record, &kb, findings.own));
        }
        findings.own = {};
        if (deferred)
            return QList<Problem>();
        findings.record = &record;
        findings.text = record.originalText();
        const Record::ParsedForNow parsed(record);
        QList<Problem> problems = shared(validator.validate(record, &kb, &findings.own));
        findings.own.problems = shared(std::move(findings.own.problems));
        return problems;
    };
    const bool done = kb.validateAll(check, cancel, progress);
    m_findingBytes = QByteArray(); // decoded: what save() writes is in m_findings
    m_reusedFindings = reused;
    m_findingsOutdated = m_reusedFindings < kb.count();
    for (int i = 0; deferred && done && i < kb.count(); ++i) {
        if (!m_findings[size_t(i)].record)
            deferred->push_back(kb.recordAt(i));
    }
    // The places of the records left without findings go: addFindings()
    // brings theirs, into room reserved for them (reserveFindings()).
    m_findings.erase(
        std::remove_if(m_findings.begin(), m_findings.end(), [](const Findings &found) { return !found.record; }),
        m_findings.end());
    m_findings.shrink_to_fit();
    return done;
}

void SearchIndexCache::reserveFindings(int count)
{
    m_findings.reserve(m_findings.size() + size_t(count));
}

void SearchIndexCache::addFindings(const Record *record, const QByteArray &text, RecordValidator::OwnFindings own)
{
    m_findings.push_back({record, text, std::move(own)});
}

bool SearchIndexCache::index(const KnowledgeBase &kb, SearchIndex &index, QDate today, const std::atomic_bool *cancel,
                             const std::function<void(int, int)> &progress, SearchIndex::Lookup lookup,
                             SearchIndexBuilder *begun)
{
    const bool usable = isMergeable(kb) && readIndex(index);
    m_device.close();
    if (!usable) {
        m_outdated = true;
        index = SearchIndex();
        if (begun && begun->finish(index, kb, today))
            return !(cancel && cancel->load());
        return index.build(kb, today, cancel, progress, lookup);
    }
    QSet<const Record *> cached;
    for (const Row &row : m_rows)
        cached.insert(row.record);
    std::vector<const Record *> others;
    for (int i = 0; i < kb.count(); ++i) {
        if (!cached.contains(kb.recordAt(i)))
            others.push_back(kb.recordAt(i));
    }
    index.add(kb, others, today);
    index.refresh(kb, today);
    m_outdated = !others.empty() || m_restored < rowCount();
    if (!m_outdated)
        markUsed();
    if (progress)
        progress(kb.count(), kb.count());
    return !(cancel && cancel->load());
}

bool SearchIndexCache::isMergeable(const KnowledgeBase &kb) const
{
    const int fresh = kb.count() - m_restored;
    return m_restored > 0 && fresh <= kb.count() / MostChanged;
}

bool SearchIndexCache::readIndex(SearchIndex &index)
{
    if (!m_hasIndex)
        return false;
    std::vector<const Record *> restored;
    restored.reserve(m_rows.size());
    for (const Row &row : m_rows)
        restored.push_back(row.record);
    // Read from the file as the index is made: reading the rest whole first would hold it all in memory beside the
    // index.
    QDataStream &in = m_in;
    quint32 trailer = 0;
    if (!index.read(in, restored))
        return false;
    in >> trailer;
    return in.status() == QDataStream::Ok && trailer == Magic;
}

// An up-to-date cache is not written again, so its time is set to show
// that it is still in use.
void SearchIndexCache::markUsed()
{
    CacheFolder::touch(m_file);
}

bool SearchIndexCache::save(const KnowledgeBase &kb, const SearchIndex &index, QString *error) const
{
    return write(kb, &index, error);
}

bool SearchIndexCache::update(const KnowledgeBase &kb, QString *error)
{
    if (kb.count() == 0) // not worth a file: a wrong folder, most likely
        return true;
    if (m_opened && !m_findingsUsable) // the window's, in its language: not replaced
        return true;
    const bool rowsMatch = m_opened && m_restored == kb.count() && m_restored == rowCount();
    if (rowsMatch && !m_findingsOutdated) {
        m_device.close();
        markUsed();
        return true;
    }
    if (m_hasIndex && isMergeable(kb)) {
        SearchIndex index;
        if (this->index(kb, index))
            return save(kb, index, error);
    }
    m_device.close();
    return write(kb, nullptr, error);
}

// What `found` holds for `record`, unless it was worked out from a text the
// file no longer holds (the record was saved since): the next opening then
// validates the record again.
const RecordValidator::OwnFindings *SearchIndexCache::currentFindings(const Record &record, const Findings *found)
{
    return found && record.hasOriginalText(found->text) ? &found->own : nullptr;
}

// Without an index, the rows are the KB's records in its order; with one,
// in the index's order, which its part of the file follows.
bool SearchIndexCache::write(const KnowledgeBase &kb, const SearchIndex *index, QString *error) const
{
    return commit(*prepareWrite(kb, index), error);
}

// What the file will hold of each record, copied on the KB's thread: the texts and strings are shared, not copied, so
// this is quick even for a large KB; the hashing and writing are commit()'s.
struct SearchIndexCache::PendingSave
{
    struct Row
    {
        QString path;               // the record's own path, shared, not copied
        qsizetype relativeFrom = 0; // where the path below the KB's root starts in it
        QByteArray text;
        std::shared_ptr<const Record::Summary> summary;
        std::optional<RecordValidator::OwnFindings> findings;
    };

    QString file;
    QString program;
    QString root;
    QString language;
    std::vector<Row> rows;
    std::vector<const Record *> records; // the index's keys, never read through
    const SearchIndex *index = nullptr;
};

std::shared_ptr<SearchIndexCache::PendingSave> SearchIndexCache::prepareSave(const KnowledgeBase &kb,
                                                                             const SearchIndex &index) const
{
    return prepareWrite(kb, &index);
}

std::shared_ptr<SearchIndexCache::PendingSave> SearchIndexCache::prepareWrite(const KnowledgeBase &kb,
                                                                              const SearchIndex *index) const
{
    auto save = std::make_shared<PendingSave>();
    save->file = m_file;
    save->program = programVersion();
    save->root = kb.root();
    save->language = RuleValidator::messageLanguage();
    save->index = index;
    const auto keep = [&save](const Record *record) {
        if (!record->isModified())
            save->records.push_back(record);
    };
    if (index) {
        for (const Record *record : index->records())
            keep(record);
    } else {
        for (int i = 0; i < kb.count(); ++i)
            keep(kb.recordAt(i));
    }
    QHash<const Record *, const Findings *> findings; // records that are gone are never looked up
    for (const Findings &found : m_findings) {
        if (found.record)
            findings.insert(found.record, &found);
    }
    save->rows.reserve(save->records.size());
    for (const Record *record : save->records) {
        const RecordValidator::OwnFindings *own = currentFindings(*record, findings.value(record));
        save->rows.push_back({record->filePath(), 0, record->originalText(), record->sharedSummary(),
                              own ? std::optional(*own) : std::nullopt});
        PendingSave::Row &row = save->rows.back();
        const QString relative = kb.relativePath(row.path);
        if (row.path.size() > relative.size() && row.path.endsWith(relative))
            row.relativeFrom = row.path.size() - relative.size();
        else
            row.path = relative;
    }
    return save;
}

void SearchIndexCache::writeRows(QDataStream &out, const PendingSave &save)
{
    out << quint32(save.rows.size());
    for (const PendingSave::Row &row : save.rows) {
        out << row.path.mid(row.relativeFrom) << qint64(row.text.size()) << hashOf(row.text);
        writeSummary(out, *row.summary);
        writeFindings(out, row.findings ? &*row.findings : nullptr);
    }
}

// The rows are written twice: first to be measured and checksummed, which the file gives before them, then to the
// file. Held whole, they would be a large transient allocation.
bool SearchIndexCache::commit(const PendingSave &save, QString *error)
{
    ChecksumDevice rows;
    rows.open(QIODevice::WriteOnly);
    QDataStream rowStream(&rows);
    rowStream.setVersion(StreamVersion);
    writeRows(rowStream, save);
    if (rows.count() >= qint64(0xfffffffe)) {
        *error = tr("the cache would be over 4 GB");
        return false;
    }
    if (!QDir().mkpath(QFileInfo(save.file).absolutePath())) {
        *error = tr("cannot create the folder of %1").arg(save.file);
        return false;
    }
    AtomicFile device(save.file);
    if (!device.open(QIODevice::WriteOnly)) {
        *error = device.errorString();
        return false;
    }
    QDataStream out(&device);
    out.setVersion(StreamVersion);
    out << Magic << FormatVersion << save.program;
    out.writeRawData(reinterpret_cast<const char *>(&ByteOrderProbe), sizeof ByteOrderProbe);
    out << save.root << save.language;
    out << quint32(rows.count()); // as a QByteArray of them would be
    writeRows(out, save);
    out << rows.checksum();
    out << quint8(save.index ? 1 : 0);
    if (save.index)
        save.index->write(out, save.records);
    out << Magic;
    // AtomicFile counts every write of the stream: a full disk fails here.
    if (!device.commit()) {
        *error = device.errorString();
        return false;
    }
    CacheFolder::tidy(save.file, save.root);
    return true;
}

} // namespace Errata
