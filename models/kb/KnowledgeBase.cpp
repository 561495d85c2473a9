#include "models/kb/KnowledgeBase.h"

#include "models/util/Parallel.h"

#include <QDir>

#include <algorithm>

namespace Errata {

KnowledgeBase::KnowledgeBase(QObject *parent)
    : QObject(parent)
{
}

// Freeing thousands of documents takes a while: do it on all cores.
KnowledgeBase::~KnowledgeBase()
{
    Parallel::forEach(count(), [this](int i) { m_records[size_t(i)].reset(); });
}

void KnowledgeBase::adopt(KnowledgeBaseLoader::Result &&result)
{
    m_root = result.root;
    m_records = std::move(result.records);
    m_loadProblems = result.problems;
    m_byId.clear();
    m_links.clear();
    m_problems.clear();
    for (const auto &record : m_records)
        index(record.get());
    emit reset();
}

void KnowledgeBase::index(Record *record)
{
    m_byId[record->id()].append(record);
    m_links.add(*record);
}

void KnowledgeBase::unindex(Record *record)
{
    QList<Record *> &sameId = m_byId[record->id()];
    sameId.removeOne(record);
    if (sameId.isEmpty())
        m_byId.remove(record->id());
    m_links.remove(*record);
}

Record *KnowledgeBase::add(std::unique_ptr<Record> record)
{
    Record *raw = record.get();
    m_records.push_back(std::move(record));
    index(raw);
    emit recordAdded(raw);
    return raw;
}

std::unique_ptr<Record> KnowledgeBase::take(Record *record)
{
    const auto it = std::find_if(m_records.begin(), m_records.end(),
                                 [record](const auto &owned) { return owned.get() == record; });
    if (it == m_records.end())
        return nullptr;
    emit recordAboutToBeRemoved(record);
    unindex(record);
    m_problems.remove(record);
    std::unique_ptr<Record> taken = std::move(*it);
    m_records.erase(it);
    return taken;
}

void KnowledgeBase::replaceJson(Record *record, const OrderedJson &json)
{
    unindex(record);
    record->setJson(json);
    index(record);
    emit recordChanged(record);
}

// A pointer that does not fit the document (through a string, a bad array
// index) throws from nlohmann; the indexes are restored before it leaves.
void KnowledgeBase::setValue(Record *record, const QString &pointer, const OrderedJson &value)
{
    unindex(record);
    try {
        record->setValue(pointer, value);
    } catch (...) {
        index(record);
        throw;
    }
    index(record);
    emit recordChanged(record);
}

void KnowledgeBase::removeValue(Record *record, const QString &pointer)
{
    unindex(record);
    try {
        record->removeValue(pointer);
    } catch (...) {
        index(record);
        throw;
    }
    index(record);
    emit recordChanged(record);
}

bool KnowledgeBase::reload(Record *record, QString *error)
{
    Record fresh;
    Record::LoadError loadError;
    if (!fresh.load(record->filePath(), &loadError)) {
        *error = QStringLiteral("%1: %2").arg(record->filePath(), loadError.message);
        return false;
    }
    replaceRecord(record, std::move(fresh));
    return true;
}

void KnowledgeBase::replaceRecord(Record *record, Record &&replacement)
{
    unindex(record);
    *record = std::move(replacement);
    index(record);
    emit recordChanged(record);
}

RecordWriter::Outcome KnowledgeBase::save(Record *record, RecordWriter::Overwrite overwrite, QString *error)
{
    const RecordWriter::Outcome outcome = RecordWriter::save(*record, overwrite, error);
    if (outcome == RecordWriter::Written || outcome == RecordWriter::Unchanged)
        emit recordSaved(record);
    return outcome;
}

bool KnowledgeBase::saveAll(const QList<Record *> &records, QString *error)
{
    if (!RecordWriter::saveAll(records, error))
        return false;
    for (const Record *record : records)
        emit recordSaved(record);
    return true;
}

void KnowledgeBase::setProblems(const Record *record, const QList<Problem> &problems)
{
    m_problems.insert(record, problems);
    emit problemsChanged(record);
}

void KnowledgeBase::setProblems(const Findings &findings)
{
    for (const auto &[record, problems] : findings)
        m_problems.insert(record, problems);
    emit manyProblemsChanged();
}

std::vector<const Record *> KnowledgeBase::records() const
{
    std::vector<const Record *> records;
    records.reserve(m_records.size());
    for (const std::unique_ptr<Record> &record : m_records)
        records.push_back(record.get());
    return records;
}

Record *KnowledgeBase::find(const QString &id) const
{
    const auto it = m_byId.constFind(id);
    return it == m_byId.constEnd() || it->isEmpty() ? nullptr : it->first();
}

Record *KnowledgeBase::findFile(const QString &filePath) const
{
    const QString clean = QDir::cleanPath(filePath);
    for (const auto &record : m_records) {
        if (QDir::cleanPath(record->filePath()) == clean)
            return record.get();
    }
    return nullptr;
}

QStringList KnowledgeBase::filesWithId(const QString &id) const
{
    QStringList files;
    for (const Record *record : m_byId.value(id))
        files << relativePath(record->filePath());
    return files;
}

// Asked for every record at every validation: a path the loader made of
// the root and a clean relative path is cut, not compared through QDir.
QString KnowledgeBase::relativePath(const QString &filePath) const
{
    const qsizetype length = m_root.size();
    if (length > 0 && !m_root.endsWith(QLatin1Char('/')) && filePath.size() > length + 1
        && filePath.at(length) == QLatin1Char('/') && filePath.startsWith(m_root)) {
        const QString rest = filePath.mid(length + 1);
        if (!rest.startsWith(QLatin1Char('.')) && !rest.contains(QLatin1String("/."))
            && !rest.contains(QLatin1String("//")))
            return rest;
    }
    return QDir(m_root).relativeFilePath(filePath);
}

QString KnowledgeBase::pathId(const Record &record) const
{
    QString path = relativePath(record.filePath());
    if (path.endsWith(QLatin1String(".json")))
        path.chop(5);
    return path;
}

bool KnowledgeBase::validateAll(const Check &check, const std::atomic_bool *cancel,
                                const std::function<void(int, int)> &progress)
{
    std::vector<QList<Problem>> found(m_records.size());
    const auto validateOne = [&](int i) { found[size_t(i)] = check(i); };
    const auto report = [&](int done) {
        if (progress)
            progress(done, count());
    };
    Parallel::forEach(count(), validateOne, cancel, report);
    if (cancel && cancel->load())
        return false;
    m_problems.clear();
    for (size_t i = 0; i < m_records.size(); ++i)
        m_problems.insert(m_records[i].get(), found[i]);
    return true;
}

QList<Problem> KnowledgeBase::allProblems() const
{
    QList<Problem> all = m_loadProblems;
    for (const auto &record : m_records)
        all += m_problems.value(record.get());
    return all;
}

KnowledgeBase::Counts KnowledgeBase::counts() const
{
    Counts counts;
    const auto tally = [&counts](const QList<Problem> &problems) {
        for (const Problem &problem : problems) {
            counts.errors += problem.severity == Problem::Error ? 1 : 0;
            counts.warnings += problem.severity == Problem::Warning ? 1 : 0;
            counts.infos += problem.severity == Problem::Info ? 1 : 0;
        }
    };
    tally(m_loadProblems);
    for (const QList<Problem> &problems : m_problems) // no copy: this runs after every edit
        tally(problems);
    return counts;
}

} // namespace Errata
