#include "models/merge/RecordMerge.h"

#include "models/merge/ListItemMatch.h"

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace Errata {

namespace {

using Pointer = OrderedJson::json_pointer;
using Member = std::pair<std::string, OrderedJson>;
using Value = std::optional<OrderedJson>;

bool same(const OrderedJson *a, const OrderedJson *b)
{
    return a && b ? *a == *b : a == b;
}

Value copyOf(const OrderedJson *value)
{
    return value ? Value(*value) : std::nullopt;
}

bool isScalar(const OrderedJson &value)
{
    return !value.is_object() && !value.is_array();
}

// Whether `value` is an array of scalars; anything but an array counts as
// an empty one (a base that held something else, or none).
bool holdsScalarsOnly(const OrderedJson *value)
{
    if (!value || !value->is_array())
        return true;
    for (const OrderedJson &item : *value)
        if (!isScalar(item))
            return false;
    return true;
}

bool contains(const OrderedJson *list, const OrderedJson &item)
{
    if (!list || !list->is_array())
        return false;
    for (const OrderedJson &each : *list)
        if (each == item)
            return true;
    return false;
}

// The members of an object by key, to look keys up without a linear search.
std::unordered_map<std::string, const OrderedJson *> indexOf(const OrderedJson *object)
{
    std::unordered_map<std::string, const OrderedJson *> index;
    if (object && object->is_object()) {
        index.reserve(object->size());
        for (auto it = object->begin(); it != object->end(); ++it)
            index.emplace(it.key(), &it.value());
    }
    return index;
}

const OrderedJson *find(const std::unordered_map<std::string, const OrderedJson *> &index, const std::string &key)
{
    const auto it = index.find(key);
    return it == index.end() ? nullptr : it->second;
}

// The keys are distinct: moved into the object's vector once, as
// OrderedJsonBuilder does, without a search per key.
OrderedJson toObject(std::vector<Member> &&members)
{
    OrderedJson object(OrderedJson::value_t::object);
    auto &vector = static_cast<OrderedJson::object_t::Container &>(object.get_ref<OrderedJson::object_t &>());
    vector.reserve(members.size());
    for (Member &member : members)
        vector.emplace_back(std::move(member.first), std::move(member.second));
    return object;
}

const OrderedJson *itemAt(const OrderedJson *list, int index)
{
    return index >= 0 && list && list->is_array() && size_t(index) < list->size() ? &(*list)[size_t(index)] : nullptr;
}

// One pass of the merge with given resolutions. The conflicts are met in
// the same order whatever the resolutions: matching and traversal read
// BASE, OURS and THEIRS only, never the merged values.
class Merger
{
public:
    explicit Merger(const QList<RecordMerge::Resolution> &resolutions)
        : m_resolutions(resolutions)
    {
    }

    Value value(const Pointer &at, const OrderedJson *base, const OrderedJson *ours, const OrderedJson *theirs);
    QList<RecordMerge::Conflict> takeConflicts() { return std::move(m_conflicts); }

private:
    OrderedJson objects(const Pointer &at, const OrderedJson *base, const OrderedJson &ours, const OrderedJson &theirs);
    OrderedJson matchedList(const Pointer &at, const std::string &identityKey, const OrderedJson *base,
                            const OrderedJson &ours, const OrderedJson &theirs);
    static OrderedJson scalarSet(const OrderedJson *base, const OrderedJson &ours, const OrderedJson &theirs);
    Value conflict(const Pointer &at, const OrderedJson *base, const OrderedJson *ours, const OrderedJson *theirs);

    const QList<RecordMerge::Resolution> &m_resolutions;
    QList<RecordMerge::Conflict> m_conflicts;
};

Value Merger::value(const Pointer &at, const OrderedJson *base, const OrderedJson *ours, const OrderedJson *theirs)
{
    if (same(ours, theirs))
        return copyOf(ours);
    if (same(base, ours))
        return copyOf(theirs);
    if (same(base, theirs))
        return copyOf(ours);
    if (ours && theirs && ours->is_object() && theirs->is_object())
        return objects(at, base, *ours, *theirs);
    if (ours && theirs && ours->is_array() && theirs->is_array()) {
        const std::string identityKey = ListItemMatch::identityKeyOf(at.to_string());
        if (!identityKey.empty())
            return matchedList(at, identityKey, base, *ours, *theirs);
        if (holdsScalarsOnly(base) && holdsScalarsOnly(ours) && holdsScalarsOnly(theirs))
            return scalarSet(base, *ours, *theirs);
    }
    return conflict(at, base, ours, theirs);
}

// OURS's keys in OURS's order; each key only THEIRS has right after the
// nearest key before it in THEIRS that the result holds, else at the end.
OrderedJson Merger::objects(const Pointer &at, const OrderedJson *base, const OrderedJson &ours,
                            const OrderedJson &theirs)
{
    const auto baseIndex = indexOf(base);
    const auto oursIndex = indexOf(&ours);
    const auto theirsIndex = indexOf(&theirs);
    std::vector<Member> merged;
    std::unordered_set<std::string> held;
    for (auto it = ours.begin(); it != ours.end(); ++it) {
        Value member = value(at / it.key(), find(baseIndex, it.key()), &it.value(), find(theirsIndex, it.key()));
        if (member) {
            held.insert(it.key());
            merged.emplace_back(it.key(), std::move(*member));
        }
    }
    // Each key gets at most one follower: the predecessor only moves on.
    std::unordered_map<std::string, Member> follower;
    std::vector<Member> atEnd;
    const std::string *predecessor = nullptr;
    for (auto it = theirs.begin(); it != theirs.end(); ++it) {
        if (oursIndex.count(it.key()) == 0) {
            Value member = value(at / it.key(), find(baseIndex, it.key()), nullptr, &it.value());
            if (!member)
                continue;
            held.insert(it.key());
            if (predecessor)
                follower.emplace(*predecessor, Member(it.key(), std::move(*member)));
            else
                atEnd.emplace_back(it.key(), std::move(*member));
        }
        if (held.count(it.key()))
            predecessor = &it.key();
    }
    std::vector<Member> members;
    members.reserve(merged.size() + follower.size() + atEnd.size());
    const auto withFollowers = [&](Member &&member) {
        std::string key = member.first;
        members.push_back(std::move(member));
        for (auto next = follower.find(key); next != follower.end(); next = follower.find(key)) {
            key = next->second.first;
            members.push_back(std::move(next->second));
        }
    };
    for (Member &member : merged)
        withFollowers(std::move(member));
    for (Member &member : atEnd)
        withFollowers(std::move(member));
    return toObject(std::move(members));
}

OrderedJson Merger::matchedList(const Pointer &at, const std::string &identityKey, const OrderedJson *base,
                                const OrderedJson &ours, const OrderedJson &theirs)
{
    const OrderedJson noBase = OrderedJson::array();
    const OrderedJson &baseList = base && base->is_array() ? *base : noBase;
    const ListItemMatch match(baseList, ours, theirs, identityKey, identityKey == "error_id");
    OrderedJson merged = OrderedJson::array();
    for (const ListItemMatch::Entry &entry : match.entries()) {
        Value item = value(at / std::to_string(merged.size()), itemAt(&baseList, entry.base), itemAt(&ours, entry.ours),
                           itemAt(&theirs, entry.theirs));
        if (item)
            merged.push_back(std::move(*item));
    }
    return merged;
}

// OURS's items but those THEIRS removed, then THEIRS's additions.
OrderedJson Merger::scalarSet(const OrderedJson *base, const OrderedJson &ours, const OrderedJson &theirs)
{
    OrderedJson merged = OrderedJson::array();
    for (const OrderedJson &item : ours)
        if (!contains(base, item) || contains(&theirs, item))
            merged.push_back(item);
    for (const OrderedJson &item : theirs)
        if (!contains(base, item) && !contains(&ours, item) && !contains(&merged, item))
            merged.push_back(item);
    return merged;
}

Value Merger::conflict(const Pointer &at, const OrderedJson *base, const OrderedJson *ours, const OrderedJson *theirs)
{
    const int index = int(m_conflicts.size());
    RecordMerge::Conflict found;
    found.pointer = QString::fromStdString(at.to_string());
    found.base = base ? *base : OrderedJson();
    found.ours = ours ? *ours : OrderedJson();
    found.theirs = theirs ? *theirs : OrderedJson();
    found.baseMissing = !base;
    found.oursMissing = !ours;
    found.theirsMissing = !theirs;
    m_conflicts.append(found);
    const RecordMerge::Resolution resolution = m_resolutions.value(index);
    switch (resolution.side) {
    case RecordMerge::Side::Ours: return copyOf(ours);
    case RecordMerge::Side::Theirs: return copyOf(theirs);
    case RecordMerge::Side::Base: return copyOf(base);
    case RecordMerge::Side::Edited: return resolution.edited;
    }
    return copyOf(ours);
}

} // namespace

RecordMerge::RecordMerge(const OrderedJson *base, const OrderedJson &ours, const OrderedJson &theirs)
    : m_base(base ? std::optional<OrderedJson>(*base) : std::nullopt)
    , m_ours(ours)
    , m_theirs(theirs)
{
    m_conflicts = outcome().conflicts;
    m_resolutions.resize(m_conflicts.size());
}

void RecordMerge::resolve(int conflict, const Resolution &resolution)
{
    if (conflict >= 0 && conflict < m_resolutions.size())
        m_resolutions[conflict] = resolution;
}

void RecordMerge::resolveAll(Side side)
{
    for (Resolution &resolution : m_resolutions)
        resolution = {side, std::nullopt};
}

RecordMerge::Outcome RecordMerge::outcome() const
{
    // No base: an empty object, so that what both sides added is merged
    // member by member.
    const OrderedJson empty = OrderedJson::object();
    Merger merger(m_resolutions);
    Outcome result;
    Value merged = merger.value(Pointer(), m_base ? &*m_base : &empty, &m_ours, &m_theirs);
    result.document = merged ? std::move(*merged) : OrderedJson::object();
    result.conflicts = merger.takeConflicts();
    return result;
}

} // namespace Errata
