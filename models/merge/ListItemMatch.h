#pragma once

#include "models/json/OrderedJson.h"

#include <string>
#include <utility>
#include <vector>

namespace Errata {

// Which items of a list matched by content are the same item in BASE, OURS and THEIRS, for RecordMerge, and the order
// they take in the merged list; the rules are docs/record-format.md, "Merging a record". An item's identity is the
// string member `identityKey` of an object, or with `bareStrings` a string item itself; any other item is its whole
// value. The n-th item of an identity on one side is the n-th on the other. A base item that a side no longer has
// matches that side's item at the same position when it is an object of an identity the base does not have.
//
// Example: base [A, B], ours [B', A] (B edited, moved first), theirs [A, B, C]: {base 1, ours 0, theirs 1},
// {base 0, ours 1, theirs 0}, {theirs 2}.
class ListItemMatch
{
public:
    // One item of the merged list: its index on each side, -1 where absent.
    struct Entry
    {
        int base = -1;
        int ours = -1;
        int theirs = -1;
    };

    // The lists; one that is not an array counts as empty.
    ListItemMatch(const OrderedJson &base, const OrderedJson &ours, const OrderedJson &theirs,
                  const std::string &identityKey, bool bareStrings);

    // OURS's items in OURS's order, each base item that OURS removed right
    // after the entry of the base item before it (first when none), then
    // the items only THEIRS added, in THEIRS's order. An item added on both
    // sides with one identity is one entry with no base. When OURS kept the
    // base's order of the items it kept and THEIRS moved some, the kept
    // items take THEIRS's order, in OURS's places of kept items: a move is
    // a change, taken from the side that made it.
    const std::vector<Entry> &entries() const { return m_entries; }

    // The identity key of the list at `pointer` ("/dead_ends": "action"),
    // or "" when the list is not matched by content.
    static std::string identityKeyOf(const std::string &pointer);

private:
    using Key = std::pair<std::string, int>; // identity, occurrence

    std::vector<std::string> identities(const OrderedJson &list) const;
    static std::vector<Key> keysOf(const std::vector<std::string> &identities);
    // For each item of `side`, the base item it is, or -1.
    std::vector<int> toBase(const OrderedJson &base, const OrderedJson &side) const;
    static std::vector<int> inverse(const std::vector<int> &toBase, size_t baseSize);
    static std::vector<int> keptOrder(const std::vector<int> &oursToBase, const std::vector<int> &theirsToBase,
                                      const std::vector<int> &baseToTheirs);
    std::vector<int> pairedAdditions(const OrderedJson &ours, const std::vector<int> &oursToBase,
                                     const OrderedJson &theirs, const std::vector<int> &theirsToBase) const;
    void order(const OrderedJson &base, const OrderedJson &ours, const OrderedJson &theirs);

    std::string m_identityKey;
    bool m_bareStrings = false;
    std::vector<Entry> m_entries;
};

} // namespace Errata
