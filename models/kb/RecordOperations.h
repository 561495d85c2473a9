#pragma once

#include <QCoreApplication>

#include "models/json/OrderedJson.h"
#include "models/record/Link.h"

#include <QDate>
#include <QList>
#include <QString>

#include <memory>

namespace Errata {

class KnowledgeBase;
class Record;

// The edits of a KB that concern whole records: create, duplicate, delete
// (and restore, for undo), rename with every link to the record. Each keeps
// the KB's indexes current through its edit API and writes files only
// through RecordWriter (atomic replacement). Failures return false or null
// with a message that names the file or the id.
//
// Example: renameRecord(kb, kb.find("pytorch/nan"), "pytorch/nan-loss", &error)
// moves pytorch/nan.json to pytorch/nan-loss.json and rewrites the links of
// every record that pointed at "pytorch/nan"; renaming back undoes it.
class RecordOperations
{
    Q_DECLARE_TR_FUNCTIONS(Errata::RecordOperations)

public:
    struct Linker
    {
        Record *record = nullptr;
        Link::Kind kind = Link::LeadsTo;
    };

    // A new, unsaved record "<domain>/<slug>" from `templateJson` (a JSON
    // object; RecordTemplate::defaults() when null), dated `today`, added to
    // the KB. Its file <root>/<id>.json is written when it is saved. Refuses
    // unsafe ids and ids that exist in the KB or on disk.
    static Record *createRecord(KnowledgeBase &kb, const QString &domain, const QString &slug, QDate today,
                                QString *error, const OrderedJson &templateJson = OrderedJson());

    // An unsaved copy of `source` as `newId` (its "domain" set to the id's
    // first segment), added to the KB.
    static Record *duplicateRecord(KnowledgeBase &kb, const Record &source, const QString &newId, QString *error);

    // The records that link to `id` (other than records with that id), once
    // per record and kind, sorted by id then kind.
    static QList<Linker> linkersOf(const KnowledgeBase &kb, const QString &id);

    // Removes the record's file and takes the record out of the KB; returns
    // it so that restoreRecord can put it back. Refuses (null) when the file
    // changed on disk since it was read. Links to the record are left as
    // they are (they become dangling).
    static std::unique_ptr<Record> deleteRecord(KnowledgeBase &kb, Record *record, QString *error);
    // Writes back the file the record was read from (atomically; nothing for
    // a record never saved) and adds the record to the KB again, with its
    // unsaved edits. Refuses when another file now stands at its path. On
    // failure `record` is left with the caller.
    static Record *restoreRecord(KnowledgeBase &kb, std::unique_ptr<Record> &&record, QString *error);

    // Gives `record` the id `newId` in one step on disk: its "id" (and
    // "domain" when the first segment changes) and every link to the old id
    // across the KB (leads_to, preceded_by, frequently_confused_with; bare
    // and object links keep their form) are rewritten, the record moves to
    // <root>/<newId>.json. Every text is serialised and every file checked
    // for changes on disk first; then the new file, the linkers and the
    // removal of the old file are applied, and put back on a failure.
    // The record's own unsaved edits are written with it; a linker with
    // unsaved edits refuses the rename. Links are not rewritten while another
    // record keeps the old id. A record never saved just changes in memory
    // (its linkers are still rewritten on disk). Undo: rename back.
    static bool renameRecord(KnowledgeBase &kb, Record *record, const QString &newId, QString *error);

    // Whether `id` can be given to a record: safe as a path, with a domain
    // and a name, neither in the KB nor on disk (`self` may hold it; a
    // dangling symbolic link counts as on disk), and with no folder on the
    // way to its file that is a symbolic link.
    static bool checkNewId(const KnowledgeBase &kb, const QString &id, QString *error, const Record *self = nullptr);
    // Rewrites the links of `json` to `oldId` as links to `newId`; whether any changed.
    static bool rewriteLinks(OrderedJson &json, const QString &oldId, const QString &newId);
};

} // namespace Errata
