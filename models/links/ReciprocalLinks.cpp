#include "models/links/ReciprocalLinks.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"

#include <algorithm>

namespace Errata {

namespace {

QString listPointer(Link::Kind kind)
{
    return QStringLiteral("/transition_graph/") + QLatin1String(Link::key(kind));
}

} // namespace

void ReciprocalLinks::collect(const KnowledgeBase &kb, const Record &source, QList<Missing> &out)
{
    const QString sourceId = source.id();
    for (Link::Kind kind : {Link::LeadsTo, Link::PrecededBy}) {
        for (const Link &link : source.links(kind)) {
            const Missing missing{sourceId, kind, link.targetId};
            if (link.targetId.isEmpty() || link.targetId == sourceId || !kb.find(link.targetId)
                || kb.links().hasLink(link.targetId, Link::reverse(kind), sourceId) || out.contains(missing))
                continue;
            out << missing;
        }
    }
}

QList<ReciprocalLinks::Missing> ReciprocalLinks::all(const KnowledgeBase &kb)
{
    QList<Missing> out;
    for (int i = 0; i < kb.count(); ++i)
        collect(kb, *kb.recordAt(i), out);
    std::sort(out.begin(), out.end(), [](const Missing &a, const Missing &b) {
        if (a.targetId != b.targetId)
            return a.targetId < b.targetId;
        if (a.kind != b.kind)
            return a.kind > b.kind; // the missing leads_to first
        return a.sourceId < b.sourceId;
    });
    return out;
}

QList<ReciprocalLinks::Missing> ReciprocalLinks::of(const KnowledgeBase &kb, const QString &id)
{
    QList<Missing> out;
    if (const Record *record = kb.find(id))
        collect(kb, *record, out);
    QStringList sources;
    for (const LinkIndex::Backlink &backlink : kb.links().backlinks(id)) {
        if (!sources.contains(backlink.sourceId))
            sources << backlink.sourceId;
    }
    for (const QString &sourceId : std::as_const(sources)) {
        QList<Missing> fromSource;
        if (const Record *source = kb.find(sourceId); source && sourceId != id)
            collect(kb, *source, fromSource);
        for (const Missing &missing : std::as_const(fromSource)) {
            if (missing.targetId == id && !out.contains(missing))
                out << missing;
        }
    }
    return out;
}

// `document` with the link back from missing.targetId to missing.sourceId
// appended; null (with `error`) when it cannot take it.
OrderedJson ReciprocalLinks::withLink(const OrderedJson &document, const Missing &missing, QString *error)
{
    OrderedJson result = document;
    if (!result.is_object()) {
        *error = ReciprocalLinks::tr("%1 is not a JSON object").arg(missing.targetId);
        return OrderedJson();
    }
    OrderedJson &graph = result["transition_graph"];
    if (graph.is_null())
        graph = OrderedJson::object();
    if (!graph.is_object()) {
        *error = ReciprocalLinks::tr("the transition_graph of %1 is not an object").arg(missing.targetId);
        return OrderedJson();
    }
    OrderedJson &list = graph[Link::key(missing.missingKind())];
    if (list.is_null())
        list = OrderedJson::array();
    if (!list.is_array()) {
        *error = ReciprocalLinks::tr("%1 of %2 is not a list")
                     .arg(QLatin1String(Link::key(missing.missingKind())), missing.targetId);
        return OrderedJson();
    }
    for (const OrderedJson &item : list) {
        const OrderedJson &target = item.is_object() ? Record::member(item, "error_id") : item;
        if (Record::toQString(target) == missing.sourceId) {
            *error = ReciprocalLinks::tr("%1 already lists %2 in %3")
                         .arg(missing.targetId, missing.sourceId, QLatin1String(Link::key(missing.missingKind())));
            return OrderedJson();
        }
    }
    list.push_back(OrderedJson::object({{"error_id", missing.sourceId.toStdString()}}));
    return result;
}

bool ReciprocalLinks::change(const Record &target, const Missing &missing, Change *out, QString *error)
{
    const OrderedJson document = withLink(target.json(), missing, error);
    if (document.is_null())
        return false;
    const QString pointer = listPointer(missing.missingKind());
    out->record = const_cast<Record *>(&target);
    out->pointer = pointer;
    out->value = document.at(OrderedJson::json_pointer(pointer.toStdString()));
    return true;
}

bool ReciprocalLinks::fixAll(KnowledgeBase &kb, const QList<Missing> &missing, QString *error)
{
    QList<Record *> records;
    QList<OrderedJson> documents;
    for (const Missing &item : missing) {
        Record *target = kb.find(item.targetId);
        if (!target) {
            *error = ReciprocalLinks::tr("%1 is not in the KB").arg(item.targetId);
            return false;
        }
        if (target->isModified()) {
            *error = ReciprocalLinks::tr("%1 has unsaved changes; save or revert it first").arg(item.targetId);
            return false;
        }
        qsizetype slot = records.indexOf(target);
        if (slot < 0) {
            records << target;
            documents << target->json();
            slot = records.size() - 1;
        }
        const OrderedJson next = withLink(documents.at(slot), item, error);
        if (next.is_null())
            return false;
        documents[slot] = next;
    }
    QList<OrderedJson> before;
    for (qsizetype i = 0; i < records.size(); ++i) {
        before << records.at(i)->json();
        kb.replaceJson(records.at(i), documents.at(i));
    }
    if (kb.saveAll(records, error))
        return true;
    for (qsizetype i = 0; i < records.size(); ++i) {
        kb.replaceJson(records.at(i), before.at(i));
        records.at(i)->markSaved(records.at(i)->originalText()); // as on disk again
        emit kb.recordSaved(records.at(i));
    }
    return false;
}

} // namespace Errata
