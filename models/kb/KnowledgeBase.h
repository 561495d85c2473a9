#pragma once

#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/LinkIndex.h"
#include "models/kb/Problem.h"
#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace Errata {

// An opened KB: its records, which files hold which id, who links to whom,
// the files that could not be loaded and the latest validation findings.
// Records are owned here and keep their address for the KB's lifetime.
class KnowledgeBase : public QObject
{
    Q_OBJECT

public:
    struct Counts
    {
        int errors = 0;
        int warnings = 0;
        int infos = 0;
    };

    explicit KnowledgeBase(QObject *parent = nullptr);
    ~KnowledgeBase() override;

    // Takes over what a loader read; replaces everything held before.
    void adopt(KnowledgeBaseLoader::Result &&result);

    QString root() const { return m_root; }
    int count() const { return int(m_records.size()); }
    Record *recordAt(int index) const { return m_records.at(size_t(index)).get(); }
    std::vector<const Record *> records() const; // in KB order
    Record *find(const QString &id) const;
    // Every record with this id, in the order they were added (more than one
    // is an error the validator reports).
    QList<Record *> recordsWithId(const QString &id) const { return m_byId.value(id); }
    // The record held in `filePath` (compared after QDir::cleanPath), or null.
    Record *findFile(const QString &filePath) const;
    // Paths, relative to the root, of every file whose record has this id.
    QStringList filesWithId(const QString &id) const;
    // The id a record's file path implies: "pytorch/nan-loss-step".
    QString pathId(const Record &record) const;
    QString relativePath(const QString &filePath) const;
    const LinkIndex &links() const { return m_links; }

    // Files that could not be read or parsed.
    QList<Problem> loadProblems() const { return m_loadProblems; }

    // Edits that keep the indexes current and tell the views.
    Record *add(std::unique_ptr<Record> record);
    std::unique_ptr<Record> take(Record *record);
    void replaceJson(Record *record, const OrderedJson &json);
    // Sets (creating parents as needed) or removes one value of a record.
    void setValue(Record *record, const QString &pointer, const OrderedJson &value);
    void removeValue(Record *record, const QString &pointer);
    // Re-reads a record's file (after a change on disk); false with `error`
    // set when it cannot be read, the record then stays as it was.
    bool reload(Record *record, QString *error);
    void setProblems(const Record *record, const QList<Problem> &problems);
    // The findings of many records at once, with one signal,
    // manyProblemsChanged(), rather than one for each record.
    using Findings = std::vector<std::pair<const Record *, QList<Problem>>>;
    void setProblems(const Findings &findings);
    // Replaces the whole state of `record` (document, file, saved text) with
    // `replacement`, keeping its address: what a reload, a rename or a
    // recovery does. Emits recordChanged.
    void replaceRecord(Record *record, Record &&replacement);

    // RecordWriter::save / saveAll, then recordSaved for each record whose
    // file now holds its text (Written or Unchanged), so that views can drop
    // their "modified" marks.
    RecordWriter::Outcome save(Record *record, RecordWriter::Overwrite overwrite, QString *error);
    bool saveAll(const QList<Record *> &records, QString *error);

    // Validates every record on all cores, the findings of record `index`
    // worked out by `check`, called from several threads at once
    // (RecordValidator::validateAll checks each record in full); returns
    // false if cancelled.
    using Check = std::function<QList<Problem>(int index)>;
    bool validateAll(const Check &check, const std::atomic_bool *cancel = nullptr,
                     const std::function<void(int, int)> &progress = {});
    QList<Problem> problems(const Record *record) const { return m_problems.value(record); }
    // Load problems first, then each record's, in file order.
    QList<Problem> allProblems() const;
    Counts counts() const;

signals:
    void reset();
    void recordAdded(const Errata::Record *record);
    void recordAboutToBeRemoved(const Errata::Record *record);
    void recordChanged(const Errata::Record *record);
    void problemsChanged(const Errata::Record *record);
    // After setProblems() of a batch: any record's findings may differ.
    void manyProblemsChanged();
    // The record's file now holds its text; isModified() is false.
    void recordSaved(const Errata::Record *record);

private:
    void index(Record *record);
    void unindex(Record *record);

    QString m_root;
    std::vector<std::unique_ptr<Record>> m_records;
    QHash<QString, QList<Record *>> m_byId;
    LinkIndex m_links;
    QList<Problem> m_loadProblems;
    QHash<const Record *, QList<Problem>> m_problems;
};

} // namespace Errata
