#include "models/kb/RecordOperations.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"
#include "models/record/RecordId.h"
#include "models/record/RecordTemplate.h"
#include "models/util/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <vector>

namespace Errata {

namespace {

QString firstSegment(const QString &id)
{
    return id.section(QLatin1Char('/'), 0, 0);
}

// New files follow the KB: with a final newline unless most files have none.
bool prefersFinalNewline(const KnowledgeBase &kb)
{
    int with = 0;
    for (int i = 0; i < kb.count(); ++i)
        with += kb.recordAt(i)->hasFinalNewline() ? 1 : 0;
    return with * 2 >= kb.count();
}

// Removes the folders that `removedFile` leaves empty, up to `root`.
void removeEmptyFolders(const QString &removedFile, const QString &root)
{
    const QString top = QDir::cleanPath(root);
    QString dir = QFileInfo(removedFile).absolutePath();
    while (dir.startsWith(top + QLatin1Char('/')) && QDir().rmdir(dir))
        dir = QFileInfo(dir).absolutePath();
}

bool hasCrlf(const Record &record)
{
    return record.originalText().contains("\r\n");
}

// The linkers whose files a rename of `record` rewrites, each once.
QList<Record *> linkersToRewrite(const KnowledgeBase &kb, const Record *record, const QString &oldId)
{
    QList<Record *> records;
    if (kb.recordsWithId(oldId).size() > 1)
        return records; // the links still lead to the record that keeps the id
    for (const RecordOperations::Linker &linker : RecordOperations::linkersOf(kb, oldId)) {
        if (linker.record != record && !records.contains(linker.record))
            records << linker.record;
    }
    return records;
}

bool checkLinkers(const QList<Record *> &linkers, QString *error)
{
    for (const Record *linker : linkers) {
        if (linker->isModified()) {
            *error = RecordOperations::tr("%1 links to this record and has unsaved changes; save or revert it first")
                         .arg(linker->filePath());
            return false;
        }
        if (RecordWriter::changedOnDisk(*linker)) {
            *error = RecordWriter::conflictMessage(*linker);
            return false;
        }
    }
    return true;
}

// A copy of `record` with its links to `oldId` rewritten.
Record rewrittenLinker(const Record &record, const QString &oldId, const QString &newId)
{
    Record copy = record;
    OrderedJson json = copy.json();
    RecordOperations::rewriteLinks(json, oldId, newId);
    copy.setJson(json);
    return copy;
}

// A copy of `record` as `newId` at `newPath`: id, domain and self-links.
Record renamedCopy(const Record &record, const QString &newId, const QString &newPath)
{
    const QString oldId = record.id();
    Record copy = record;
    OrderedJson json = copy.json();
    json["id"] = newId.toStdString();
    if (firstSegment(oldId) != firstSegment(newId))
        json["domain"] = firstSegment(newId).toStdString();
    RecordOperations::rewriteLinks(json, oldId, newId);
    copy.setJson(json);
    copy.setFilePath(newPath);
    return copy;
}

bool rewriteLink(OrderedJson &item, const std::string &oldId, const std::string &newId)
{
    OrderedJson *target = &item;
    if (item.is_object()) {
        const auto it = item.find("error_id");
        if (it == item.end())
            return false;
        target = &*it;
    }
    if (!target->is_string() || target->get_ref<const std::string &>() != oldId)
        return false;
    *target = newId;
    return true;
}

bool checkRename(const KnowledgeBase &kb, const Record &record, const QString &newId, QString *error)
{
    if (newId == record.id()) {
        *error = RecordOperations::tr("%1 already has the id %2").arg(record.filePath(), newId);
        return false;
    }
    if (!RecordOperations::checkNewId(kb, newId, error, &record))
        return false;
    if (!record.originalText().isEmpty() && RecordWriter::changedOnDisk(record)) {
        *error = RecordWriter::conflictMessage(record);
        return false;
    }
    return true;
}

// What a rename changes: the records (the renamed one first), their new
// states, the texts written (null for a record that stays unsaved) and the
// file changes in the order they are applied.
struct RenamePlan
{
    QList<Record *> targets;
    std::vector<Record> updated;
    std::vector<QByteArray> texts;
    QList<RecordWriter::FileChange> changes;
    QString removedPath;
};

RenamePlan planRename(Record &record, const QList<Record *> &linkers, const QString &newId, const QString &newPath)
{
    const QString oldId = record.id();
    RenamePlan plan;
    plan.targets << &record << linkers;
    plan.updated.push_back(renamedCopy(record, newId, newPath));
    for (const Record *linker : linkers)
        plan.updated.push_back(rewrittenLinker(*linker, oldId, newId));
    plan.texts.resize(plan.updated.size());
    const bool onDisk = !record.originalText().isEmpty();
    if (onDisk && QDir::cleanPath(record.filePath()) != QDir::cleanPath(newPath))
        plan.removedPath = record.filePath();
    return plan;
}

// Serialises every record of the plan that goes to disk; the removal of the
// old file comes last, once everything else is written.
bool serialise(RenamePlan &plan, QString *error)
{
    const bool renamedOnDisk = !plan.targets.first()->originalText().isEmpty();
    for (size_t i = renamedOnDisk ? 0 : 1; i < plan.updated.size(); ++i) {
        if (!RecordWriter::textOf(plan.updated[i], &plan.texts[i], error))
            return false;
        plan.changes << RecordWriter::FileChange{plan.updated[i].filePath(), plan.texts[i]};
    }
    if (!plan.removedPath.isEmpty())
        plan.changes << RecordWriter::FileChange{plan.removedPath, QByteArray(), true};
    return true;
}

} // namespace

bool RecordOperations::checkNewId(const KnowledgeBase &kb, const QString &id, QString *error, const Record *self)
{
    if (kb.root().isEmpty()) {
        *error = RecordOperations::tr("no knowledge base folder is open");
        return false;
    }
    const QString unsafe = RecordId::problem(id);
    if (!unsafe.isEmpty()) {
        *error = QStringLiteral("\"%1\" cannot be a record id: %2 (an id is a relative path with no empty segment, "
                                "no segment that starts with a dot, no backslash and no colon)")
                     .arg(id, unsafe);
        return false;
    }
    if (!id.contains(QLatin1Char('/'))) {
        *error = QStringLiteral("\"%1\" cannot be a record id: it needs a domain and a name, as in "
                                "\"pytorch/nan-loss\"")
                     .arg(id);
        return false;
    }
    const Record *holder = kb.find(id);
    const QString path = RecordId::filePath(kb.root(), id);
    if (holder && holder != self) {
        *error = RecordOperations::tr("the id %1 is taken already by %2").arg(id, holder->filePath());
        return false;
    }
    const Record *atPath = kb.findFile(path);
    if ((atPath && atPath != self) || (!atPath && (QFileInfo::exists(path) || QFileInfo(path).isSymLink()))) {
        *error = RecordOperations::tr("%1 exists already").arg(path);
        return false;
    }
    // A folder link would take the file out of the KB, or where loading
    // (which does not follow folder links) never finds it again.
    const QString linked = AtomicFile::linkedFolder(kb.root(), path);
    if (!linked.isEmpty()) {
        *error = RecordOperations::tr("%1 is a symbolic link; Errata does not write through links, so no record can be "
                                      "created in it")
                     .arg(linked);
        return false;
    }
    return true;
}

bool RecordOperations::rewriteLinks(OrderedJson &json, const QString &oldId, const QString &newId)
{
    const auto graph = json.find("transition_graph");
    if (graph == json.end() || !graph->is_object())
        return false;
    const std::string from = oldId.toStdString();
    const std::string to = newId.toStdString();
    bool changed = false;
    for (const Link::Kind kind : {Link::LeadsTo, Link::PrecededBy, Link::ConfusedWith}) {
        const auto list = graph->find(Link::key(kind));
        if (list == graph->end() || !list->is_array())
            continue;
        for (OrderedJson &item : *list)
            changed = rewriteLink(item, from, to) || changed;
    }
    return changed;
}

Record *RecordOperations::createRecord(KnowledgeBase &kb, const QString &domain, const QString &slug, QDate today,
                                       QString *error, const OrderedJson &templateJson)
{
    if (domain.isEmpty() || domain.contains(QLatin1Char('/')) || slug.isEmpty()) {
        *error = RecordOperations::tr("a new record needs a domain (one path segment) and a name");
        return nullptr;
    }
    const QString id = domain + QLatin1Char('/') + slug;
    if (!checkNewId(kb, id, error))
        return nullptr;
    const OrderedJson json = RecordTemplate::instantiate(id, domain, today, templateJson);
    if (json.is_null()) {
        *error = RecordOperations::tr("the template for new records is not a JSON object");
        return nullptr;
    }
    const QString path = RecordId::filePath(kb.root(), id);
    return kb.add(std::make_unique<Record>(RecordTemplate::unsavedRecord(json, path, prefersFinalNewline(kb))));
}

Record *RecordOperations::duplicateRecord(KnowledgeBase &kb, const Record &source, const QString &newId, QString *error)
{
    if (!checkNewId(kb, newId, error))
        return nullptr;
    OrderedJson json = source.json();
    json["id"] = newId.toStdString();
    json["domain"] = firstSegment(newId).toStdString();
    const QString path = RecordId::filePath(kb.root(), newId);
    return kb.add(
        std::make_unique<Record>(RecordTemplate::unsavedRecord(json, path, source.hasFinalNewline(), hasCrlf(source))));
}

QList<RecordOperations::Linker> RecordOperations::linkersOf(const KnowledgeBase &kb, const QString &id)
{
    QList<Linker> linkers;
    for (const LinkIndex::Backlink &backlink : kb.links().backlinks(id)) {
        if (backlink.sourceId == id)
            continue;
        for (Record *record : kb.recordsWithId(backlink.sourceId)) {
            const bool known = std::any_of(linkers.cbegin(), linkers.cend(), [&](const Linker &linker) {
                return linker.record == record && linker.kind == backlink.kind;
            });
            if (!known)
                linkers << Linker{record, backlink.kind};
        }
    }
    std::sort(linkers.begin(), linkers.end(), [](const Linker &a, const Linker &b) {
        const int order = QString::compare(a.record->id(), b.record->id());
        return order != 0 ? order < 0 : a.kind < b.kind;
    });
    return linkers;
}

std::unique_ptr<Record> RecordOperations::deleteRecord(KnowledgeBase &kb, Record *record, QString *error)
{
    if (!record || kb.findFile(record->filePath()) != record) {
        *error = RecordOperations::tr("the record to delete is not in this knowledge base");
        return nullptr;
    }
    QFile file(record->filePath());
    if (!file.exists())
        return kb.take(record);
    if (RecordWriter::changedOnDisk(*record)) {
        *error = RecordWriter::conflictMessage(*record) + QStringLiteral("; reload it before deleting it");
        return nullptr;
    }
    if (!file.remove()) {
        *error = RecordOperations::tr("%1: cannot be removed: %2").arg(record->filePath(), file.errorString());
        return nullptr;
    }
    removeEmptyFolders(record->filePath(), kb.root());
    return kb.take(record);
}

Record *RecordOperations::restoreRecord(KnowledgeBase &kb, std::unique_ptr<Record> &&record, QString *error)
{
    if (!record) {
        *error = RecordOperations::tr("there is no record to restore");
        return nullptr;
    }
    const QString path = record->filePath();
    if (kb.findFile(path)) {
        *error = RecordOperations::tr("%1 is in the knowledge base already").arg(path);
        return nullptr;
    }
    const QByteArray original = record->originalText();
    if (QFileInfo(path).exists() || QFileInfo(path).isSymLink()) {
        QByteArray onDisk;
        QString failure;
        const bool same = !original.isEmpty() && Record::readFile(path, &onDisk, &failure) && onDisk == original;
        if (!same) {
            *error =
                RecordOperations::tr("%1 exists on disk again with other content; it was not overwritten").arg(path);
            return nullptr;
        }
    } else if (!original.isEmpty() && !RecordWriter::writeText(path, original, error)) {
        return nullptr;
    }
    return kb.add(std::move(record));
}

bool RecordOperations::renameRecord(KnowledgeBase &kb, Record *record, const QString &newId, QString *error)
{
    if (!checkRename(kb, *record, newId, error))
        return false;
    const QList<Record *> linkers = linkersToRewrite(kb, record, record->id());
    if (!checkLinkers(linkers, error))
        return false;
    RenamePlan plan = planRename(*record, linkers, newId, RecordId::filePath(kb.root(), newId));
    if (!serialise(plan, error) || !RecordWriter::apply(plan.changes, error))
        return false;
    if (!plan.removedPath.isEmpty())
        removeEmptyFolders(plan.removedPath, kb.root());
    for (size_t i = 0; i < plan.updated.size(); ++i) {
        if (!plan.texts[i].isNull())
            plan.updated[i].markSaved(plan.texts[i]);
        kb.replaceRecord(plan.targets.at(qsizetype(i)), std::move(plan.updated[i]));
    }
    return true;
}

} // namespace Errata
