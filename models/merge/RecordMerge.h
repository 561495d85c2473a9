#pragma once

#include <QList>
#include <QString>

#include "models/json/OrderedJson.h"

#include <optional>

namespace Errata {

// A three-way merge of one record's document: BASE (the common ancestor),
// OURS and THEIRS, field by field and list item by list item, so that two
// curators who edited different parts of a record need not resolve
// anything by hand. The rules (docs/record-format.md, "Merging a record"):
//
// - A value changed on one side only is taken; changed the same way on
//   both sides, taken; changed differently on both sides, a conflict. A
//   member deleted on one side and unchanged on the other is deleted;
//   deleted on one side and changed on the other, a conflict. Equality is
//   JSON equality, key order included.
// - Objects changed on both sides are merged key by key, recursively. The
//   merged object has OURS's key order; a key that only THEIRS has is put
//   after the nearest key before it in THEIRS that the merged object holds,
//   or at the end when there is none.
// - The lists `dead_ends`, `workarounds` and the three link lists of
//   `transition_graph` are matched by content, not position: an item's
//   identity is its `action` (dead ends, workarounds) or its `error_id`
//   (links; a bare link string is its own id, so a bare link and the object
//   with that `error_id` are the same link). An item without one is
//   identified by its whole value; the n-th item of an identity is matched
//   with the n-th item of that identity on the other side. When an item's
//   identity was edited on one side (its `action` reworded), the base item
//   whose identity that side no longer has is matched with that side's item
//   at the same position, if that item is an object whose identity the base
//   does not have. Matched items are merged field by field; items added on
//   either side are kept (added on both sides with one identity: merged as
//   one, with no base); an item removed on one side and unchanged on the
//   other is removed. Order: OURS's (but when only THEIRS moved items that
//   both kept, THEIRS's order of those, in OURS's places), a base item that
//   OURS removed at its base place (after the item before it in the base),
//   items only THEIRS added at the end, in THEIRS's order.
// - Other arrays of scalars (`tags`, `aliases`, `workarounds_zh`…) changed
//   on both sides are merged as sets: an item added on either side is kept,
//   an item removed on either side is removed; OURS's order, THEIRS's
//   additions at the end. Other arrays (`versions`) are whole values.
// - No BASE (the record was added on both sides) is an empty object; so is
//   a base value that is not an object where both sides hold objects (and
//   an empty array for arrays).
//
// The merged document takes OURS's value for every conflict until a
// conflict is resolved otherwise: a conflict view shows conflicts(), lets
// the user pick a side or edit a value (resolve()), and takes outcome().
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
