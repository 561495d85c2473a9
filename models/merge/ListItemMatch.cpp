#include "models/merge/ListItemMatch.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <unordered_set>

namespace Errata {

namespace {

const OrderedJson &asList(const OrderedJson &value)
{
    static const OrderedJson empty = OrderedJson::array();
    return value.is_array() ? value : empty;
}

int sizeOf(const OrderedJson &list)
{
    return int(list.size());
}

} // namespace

ListItemMatch::ListItemMatch(const OrderedJson &base, const OrderedJson &ours, const OrderedJson &theirs,
                             const std::string &identityKey, bool bareStrings)
    : m_identityKey(identityKey)
    , m_bareStrings(bareStrings)
{
    order(asList(base), asList(ours), asList(theirs));
}

std::string ListItemMatch::identityKeyOf(const std::string &pointer)
{
    if (pointer == "/dead_ends" || pointer == "/workarounds")
        return "action";
    if (pointer == "/transition_graph/leads_to" || pointer == "/transition_graph/preceded_by"
        || pointer == "/transition_graph/frequently_confused_with")
        return "error_id";
    return std::string();
}

// "=" and the identity, or "~" and the whole value for an item without one.
std::vector<std::string> ListItemMatch::identities(const OrderedJson &list) const
{
    std::vector<std::string> found;
    found.reserve(list.size());
    for (const OrderedJson &item : list) {
        const OrderedJson *identity = &item;
        if (item.is_object()) {
            const auto it = item.find(m_identityKey);
            identity = it != item.end() ? &*it : nullptr;
        } else if (!m_bareStrings) {
            identity = nullptr;
        }
        if (identity && identity->is_string())
            found.push_back('=' + identity->get<std::string>());
        else
            found.push_back('~' + item.dump());
    }
    return found;
}

std::vector<ListItemMatch::Key> ListItemMatch::keysOf(const std::vector<std::string> &identities)
{
    std::map<std::string, int> seen;
    std::vector<Key> keys;
    keys.reserve(identities.size());
    for (const std::string &identity : identities)
        keys.emplace_back(identity, seen[identity]++);
    return keys;
}

std::vector<int> ListItemMatch::toBase(const OrderedJson &base, const OrderedJson &side) const
{
    const std::vector<std::string> baseIdentities = identities(base);
    const std::vector<std::string> sideIdentities = identities(side);
    const std::vector<Key> baseKeys = keysOf(baseIdentities);
    const std::vector<Key> sideKeys = keysOf(sideIdentities);
    std::map<Key, int> baseIndex;
    for (int i = 0; i < sizeOf(base); ++i)
        baseIndex.emplace(baseKeys[size_t(i)], i);
    std::vector<int> matched(side.size(), -1);
    std::vector<bool> taken(base.size(), false);
    for (int j = 0; j < sizeOf(side); ++j) {
        const auto found = baseIndex.find(sideKeys[size_t(j)]);
        if (found != baseIndex.end()) {
            matched[size_t(j)] = found->second;
            taken[size_t(found->second)] = true;
        }
    }
    // Identities edited on this side: the base item the side lost, with the
    // side's new object at its position.
    const std::unordered_set<std::string> known(baseIdentities.begin(), baseIdentities.end());
    for (int i = 0; i < sizeOf(base) && i < sizeOf(side); ++i) {
        const std::string &identity = sideIdentities[size_t(i)];
        if (!taken[size_t(i)] && matched[size_t(i)] < 0 && base[size_t(i)].is_object() && side[size_t(i)].is_object()
            && identity.front() == '=' && known.count(identity) == 0) {
            matched[size_t(i)] = i;
            taken[size_t(i)] = true;
        }
    }
    return matched;
}

std::vector<int> ListItemMatch::inverse(const std::vector<int> &toBase, size_t baseSize)
{
    std::vector<int> fromBase(baseSize, -1);
    for (size_t j = 0; j < toBase.size(); ++j)
        if (toBase[j] >= 0)
            fromBase[size_t(toBase[j])] = int(j);
    return fromBase;
}

// The base items OURS kept, in OURS's order; in THEIRS's order when only
// THEIRS moved the items it kept. An item THEIRS removed then stays right
// after the base item before it.
std::vector<int> ListItemMatch::keptOrder(const std::vector<int> &oursToBase, const std::vector<int> &theirsToBase,
                                          const std::vector<int> &baseToTheirs)
{
    std::vector<int> kept;
    std::copy_if(oursToBase.begin(), oursToBase.end(), std::back_inserter(kept), [](int i) { return i >= 0; });
    std::vector<int> theirsKept;
    std::copy_if(theirsToBase.begin(), theirsToBase.end(), std::back_inserter(theirsKept),
                 [](int i) { return i >= 0; });
    if (!std::is_sorted(kept.begin(), kept.end()) || std::is_sorted(theirsKept.begin(), theirsKept.end()))
        return kept;
    std::map<int, std::pair<int, int>> rank; // base item -> (place in THEIRS, after how many removed items)
    std::pair<int, int> anchor(-1, 0);
    for (const int i : kept) {
        const int k = baseToTheirs[size_t(i)];
        anchor = k >= 0 ? std::pair<int, int>(k, 0) : std::pair<int, int>(anchor.first, anchor.second + 1);
        rank[i] = anchor;
    }
    std::stable_sort(kept.begin(), kept.end(), [&rank](int a, int b) { return rank[a] < rank[b]; });
    return kept;
}

void ListItemMatch::order(const OrderedJson &base, const OrderedJson &ours, const OrderedJson &theirs)
{
    const std::vector<int> oursToBase = toBase(base, ours);
    const std::vector<int> theirsToBase = toBase(base, theirs);
    const std::vector<int> baseToOurs = inverse(oursToBase, base.size());
    const std::vector<int> baseToTheirs = inverse(theirsToBase, base.size());
    const std::vector<int> kept = keptOrder(oursToBase, theirsToBase, baseToTheirs);
    const std::vector<int> paired = pairedAdditions(ours, oursToBase, theirs, theirsToBase);

    // The base items OURS removed that follow base item `i`, in base order.
    const auto removedAfter = [&](int i) {
        for (int next = i + 1; next < sizeOf(base) && baseToOurs[size_t(next)] < 0; ++next)
            m_entries.push_back({next, -1, baseToTheirs[size_t(next)]});
    };
    removedAfter(-1);
    auto nextKept = kept.cbegin();
    for (int j = 0; j < sizeOf(ours); ++j) {
        if (oursToBase[size_t(j)] < 0) {
            m_entries.push_back({-1, j, paired[size_t(j)]});
            continue;
        }
        const int i = *nextKept++; // the kept items fill OURS's places of kept items
        m_entries.push_back({i, baseToOurs[size_t(i)], baseToTheirs[size_t(i)]});
        removedAfter(i);
    }
    std::vector<bool> taken(theirs.size(), false);
    for (const int k : paired)
        if (k >= 0)
            taken[size_t(k)] = true;
    for (int k = 0; k < sizeOf(theirs); ++k)
        if (theirsToBase[size_t(k)] < 0 && !taken[size_t(k)])
            m_entries.push_back({-1, -1, k});
}

// For each item of OURS, the item of THEIRS added with the same identity
// (the n-th addition of an identity with the n-th), or -1.
std::vector<int> ListItemMatch::pairedAdditions(const OrderedJson &ours, const std::vector<int> &oursToBase,
                                                const OrderedJson &theirs, const std::vector<int> &theirsToBase) const
{
    const std::vector<std::string> oursIdentities = identities(ours);
    const std::vector<std::string> theirsIdentities = identities(theirs);
    std::map<Key, int> theirsAdded;
    std::map<std::string, int> seen;
    for (int k = 0; k < sizeOf(theirs); ++k) {
        const std::string &identity = theirsIdentities[size_t(k)];
        if (theirsToBase[size_t(k)] < 0)
            theirsAdded.emplace(Key(identity, seen[identity]++), k);
    }
    seen.clear();
    std::vector<int> paired(ours.size(), -1);
    for (int j = 0; j < sizeOf(ours); ++j) {
        const std::string &identity = oursIdentities[size_t(j)];
        if (oursToBase[size_t(j)] >= 0)
            continue;
        const auto found = theirsAdded.find(Key(identity, seen[identity]++));
        if (found != theirsAdded.end())
            paired[size_t(j)] = found->second;
    }
    return paired;
}

} // namespace Errata
