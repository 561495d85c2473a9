#include "KnowledgeBase.h"

#include "Parallel.h"
#include "RecordValidator.h"

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

void KnowledgeBase::setProblems(const Record *record, const QList<Problem> &problems)
{
    m_problems.insert(record, problems);
    emit problemsChanged(record);
}

Record *KnowledgeBase::find(const QString &id) const
{
    const auto it = m_byId.constFind(id);
    return it == m_byId.constEnd() || it->isEmpty() ? nullptr : it->first();
}

QStringList KnowledgeBase::filesWithId(const QString &id) const
{
    QStringList files;
    for (const Record *record : m_byId.value(id))
        files << relativePath(record->filePath());
    return files;
}

QString KnowledgeBase::relativePath(const QString &filePath) const
{
    return QDir(m_root).relativeFilePath(filePath);
}

QString KnowledgeBase::pathId(const Record &record) const
{
    QString path = relativePath(record.filePath());
    if (path.endsWith(QLatin1String(".json")))
        path.chop(5);
    return path;
}

bool KnowledgeBase::validateAll(const RecordValidator &validator, const std::atomic_bool *cancel,
                                const std::function<void(int, int)> &progress)
{
    std::vector<QList<Problem>> found(m_records.size());
    const auto validateOne = [&](int i) { found[size_t(i)] = validator.validate(*m_records[size_t(i)], this); };
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
    for (const Problem &problem : allProblems()) {
        counts.errors += problem.severity == Problem::Error ? 1 : 0;
        counts.warnings += problem.severity == Problem::Warning ? 1 : 0;
        counts.infos += problem.severity == Problem::Info ? 1 : 0;
    }
    return counts;
}

} // namespace Errata
