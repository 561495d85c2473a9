#pragma once

#include <QList>
#include <QString>

#include "models/json/OrderedJson.h"

#include <optional>

namespace Errata {

// A three-way merge of one record's document: BASE (the common ancestor), OURS and THEIRS, field by field and list
// item by list item, so that two curators who edited different parts of a record need not resolve anything by hand.
// The rules are docs/record-format.md, "Merging a record": a value changed on one side is taken, changed differently
// on both a conflict; objects merge key by key; the item lists are matched by identity (ListItemMatch), other scalar
// arrays merged as sets. The merged document takes OURS's value for every conflict until it is resolved otherwise: a
// conflict view shows conflicts(), lets the user pick a side or edit a value (resolve()), and takes outcome().
//
//     RecordMerge merge(&base, ours, theirs);
//     for (int i = 0; i < merge.conflicts().size(); ++i)
//         merge.resolve(i, {RecordMerge::Side::Theirs});
//     const OrderedJson merged = merge.outcome().document;
class RecordMerge
{
public:
    enum class Side { Ours, Theirs, Base, Edited };

    // One member that both sides changed differently (or one deleted while
    // the other changed it). A missing value (the member is absent on that
    // side) is null and flagged.
    struct Conflict
    {
        // Where the value stands, or would stand, in the merged document of
        // the outcome that lists the conflict ("/workarounds/2/action"). In
        // a list matched by content the index is the merged one.
        QString pointer;
        OrderedJson base;
        OrderedJson ours;
        OrderedJson theirs;
        bool baseMissing = false;
        bool oursMissing = false;
        bool theirsMissing = false;
    };

    // How one conflict is settled: a side's value (a missing value removes
    // the member), or `edited` (std::nullopt removes it).
    struct Resolution
    {
        Side side = Side::Ours;
        std::optional<OrderedJson> edited;
    };

    struct Outcome
    {
        OrderedJson document;
        // Every conflict, in the order of conflicts(), each pointer into
        // `document` (which a resolution that removes an item can shift).
        QList<Conflict> conflicts;
    };

    // `base` may be null: no common ancestor.
    RecordMerge(const OrderedJson *base, const OrderedJson &ours, const OrderedJson &theirs);

    // The conflicts, pointers into the document with every conflict
    // resolved as OURS, in the order the merge meets them: depth first, an
    // object's keys in OURS's order and then those only THEIRS has.
    const QList<Conflict> &conflicts() const { return m_conflicts; }
    bool isClean() const { return m_conflicts.isEmpty(); }

    // Settles conflict number `conflict` (an index into conflicts()).
    void resolve(int conflict, const Resolution &resolution);
    void resolveAll(Side side);
    Resolution resolution(int conflict) const { return m_resolutions.value(conflict); }

    // The merged document with the resolutions so far (OURS for the rest).
    Outcome outcome() const;

private:
    std::optional<OrderedJson> m_base;
    OrderedJson m_ours;
    OrderedJson m_theirs;
    QList<Conflict> m_conflicts;
    QList<Resolution> m_resolutions;
};

} // namespace Errata
