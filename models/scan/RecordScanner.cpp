#include "models/scan/RecordScanner.h"

#include "models/record/Record.h"
#include "models/scan/RecordFields.h"

#include <QVarLengthArray>

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace Errata {

namespace od = simdjson::ondemand;

namespace {

constexpr std::string_view ByteOrderMark = "\xEF\xBB\xBF";
// The parser's buffers grow to the largest text read; past this they are
// freed after the text, so that one large file does not stay in memory.
constexpr size_t KeptCapacity = size_t(1) << 20;

using View = std::optional<std::string_view>;

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString toQString(const View &text)
{
    return text ? toQString(*text) : QString();
}

// The keys of one object, to find a key written twice (compared
// unescaped, as the document reader compares them).
class KeySet
{
public:
    bool insert(std::string_view key)
    {
        if (m_set.empty() && m_list.size() < Linear) {
            if (std::find(m_list.cbegin(), m_list.cend(), key) != m_list.cend())
                return false;
            m_list.push_back(key);
            return true;
        }
        if (m_set.empty())
            m_set.insert(m_list.cbegin(), m_list.cend());
        return m_set.insert(key).second;
    }

private:
    static constexpr qsizetype Linear = 32;
    QVarLengthArray<std::string_view, Linear> m_list;
    std::unordered_set<std::string_view> m_set;
};

// The strings of the record, as views into the parser's string buffer
// (valid until the next text), gathered in document order and put into
// the fields in the order fromRecord() reads them.
struct Strings
{
    View id, signature, signatureZh, regex, domain, category, rootCause, rootCauseZh;
    View errorCode, tier, resolvable, firstSeen, lastConfirmed, lastUpdated;
    std::vector<std::string_view> aliases, tags, deadEnds, workarounds, workaroundsZh;
    std::vector<View> workaroundActions; // one per object of "workarounds"
    std::vector<QString> versions;
    QList<Record::LinkTarget> links[3];
};

// One pass over a record: every value is read (On-Demand checks only what
// is read), every key of every object compared with the others.
class Walk
{
public:
    explicit Walk(RecordFields &fields)
        : m_fields(fields)
    {
    }

    bool record(od::object top);
    void finish();

private:
    bool member(std::string_view key, od::value value);
    bool any(od::value value, int depth);
    bool anyObject(od::object object, int depth);
    bool anyArray(od::array array, int depth);
    bool text(od::value value, int depth, View *out);
    bool number(od::value value, int depth, std::optional<double> *out);
    bool texts(od::value value, int depth, std::vector<std::string_view> &out);
    bool pairs(od::value value, const char *first, const char *second, std::vector<std::string_view> &out,
               std::vector<View> *firsts);
    bool versions(od::value value);
    template<typename Member, typename Done>
    bool eachObject(od::value value, Member member, Done done);
    bool osNames(od::value value);
    bool graph(od::value value);
    bool links(od::value value, Link::Kind kind);
    bool linkObject(od::value value, QString *id);

    RecordFields &m_fields;
    Strings m_strings;
};

bool isContainer(od::json_type type)
{
    return type == od::json_type::object || type == od::json_type::array;
}

bool Walk::any(od::value value, int depth)
{
    od::json_type type;
    if (value.type().get(type) != simdjson::SUCCESS)
        return false;
    if (isContainer(type) && depth + 1 > Record::MaxDepth)
        return false;
    switch (type) {
    case od::json_type::object: {
        od::object object;
        return value.get_object().get(object) == simdjson::SUCCESS && anyObject(object, depth + 1);
    }
    case od::json_type::array: {
        od::array array;
        return value.get_array().get(array) == simdjson::SUCCESS && anyArray(array, depth + 1);
    }
    case od::json_type::string: {
        std::string_view string;
        return value.get_string().get(string) == simdjson::SUCCESS;
    }
    case od::json_type::number: {
        double number = 0; // overflow to infinity is an error, as in the document reader
        return value.get_double().get(number) == simdjson::SUCCESS;
    }
    case od::json_type::boolean: {
        bool flag = false;
        return value.get_bool().get(flag) == simdjson::SUCCESS;
    }
    case od::json_type::null: {
        bool null = false;
        return value.is_null().get(null) == simdjson::SUCCESS && null;
    }
    }
    return false;
}

// Calls `each(key, value)` for every member of `object`, refusing a key
// written twice.
template<typename Each>
bool forEachMember(od::object &object, Each each)
{
    KeySet keys;
    for (auto result : object) {
        od::field field;
        std::string_view key;
        if (std::move(result).get(field) != simdjson::SUCCESS || field.unescaped_key().get(key) != simdjson::SUCCESS
            || !keys.insert(key) || !each(key, field.value()))
            return false;
    }
    return true;
}

template<typename Each>
bool forEachItem(od::array &array, Each each)
{
    int index = 0;
    for (auto result : array) {
        od::value item;
        if (std::move(result).get(item) != simdjson::SUCCESS || !each(index++, item))
            return false;
    }
    return true;
}

bool Walk::anyObject(od::object object, int depth)
{
    return forEachMember(object, [&](std::string_view, od::value value) { return any(value, depth); });
}

bool Walk::anyArray(od::array array, int depth)
{
    return forEachItem(array, [&](int, od::value item) { return any(item, depth); });
}

od::json_type typeOf(od::value &value)
{
    od::json_type type = od::json_type::null;
    if (value.type().get(type) != simdjson::SUCCESS)
        return od::json_type::null; // read again by any(), which refuses it
    return type;
}

bool Walk::text(od::value value, int depth, View *out)
{
    if (typeOf(value) != od::json_type::string)
        return any(value, depth);
    std::string_view string;
    if (value.get_string().get(string) != simdjson::SUCCESS)
        return false;
    *out = string;
    return true;
}

bool Walk::number(od::value value, int depth, std::optional<double> *out)
{
    if (typeOf(value) != od::json_type::number)
        return any(value, depth);
    double number = 0;
    if (value.get_double().get(number) != simdjson::SUCCESS)
        return false;
    *out = number;
    return true;
}

// The strings of an array (other items skipped).
bool Walk::texts(od::value value, int depth, std::vector<std::string_view> &out)
{
    if (typeOf(value) != od::json_type::array)
        return any(value, depth);
    od::array array;
    return value.get_array().get(array) == simdjson::SUCCESS && forEachItem(array, [&](int, od::value item) {
               View string;
               if (!text(item, depth + 1, &string))
                   return false;
               if (string)
                   out.push_back(*string);
               return true;
           });
}

// Each object of an array at depth 1: `member(key, value)` for each of its
// members, then `done()`; any other value is read as it is.
template<typename Member, typename Done>
bool Walk::eachObject(od::value value, Member member, Done done)
{
    if (typeOf(value) != od::json_type::array)
        return any(value, 1);
    od::array array;
    return value.get_array().get(array) == simdjson::SUCCESS && forEachItem(array, [&](int, od::value item) {
               if (typeOf(item) != od::json_type::object)
                   return any(item, 2);
               od::object object;
               const bool read = item.get_object().get(object) == simdjson::SUCCESS && forEachMember(object, member);
               done();
               return read;
           });
}

// Members `first` and `second` (strings) of each object of an array.
bool Walk::pairs(od::value value, const char *first, const char *second, std::vector<std::string_view> &out,
                 std::vector<View> *firsts)
{
    View a, b;
    return eachObject(
        value,
        [&](std::string_view key, od::value member) {
            if (key == first)
                return text(member, 3, &a);
            if (key == second)
                return text(member, 3, &b);
            return any(member, 3);
        },
        [&] {
            for (const View &string : {a, b}) {
                if (string)
                    out.push_back(*string);
            }
            if (firsts)
                firsts->push_back(a);
            a = b = View();
        });
}

bool Walk::versions(od::value value)
{
    View version;
    return eachObject(
        value,
        [&](std::string_view key, od::value member) {
            return key == "version" ? text(member, 3, &version) : any(member, 3);
        },
        [&] {
            m_strings.versions.push_back(toQString(version));
            version = View();
        });
}

bool Walk::osNames(od::value value)
{
    if (typeOf(value) != od::json_type::object)
        return any(value, 1);
    od::object object;
    return value.get_object().get(object) == simdjson::SUCCESS
        && forEachMember(object, [&](std::string_view key, od::value member) {
               m_fields.osNames << toQString(key);
               return any(member, 2);
           });
}

bool Walk::graph(od::value value)
{
    if (typeOf(value) != od::json_type::object)
        return any(value, 1);
    od::object object;
    return value.get_object().get(object) == simdjson::SUCCESS
        && forEachMember(object, [&](std::string_view key, od::value member) {
               for (const Link::Kind kind : {Link::LeadsTo, Link::PrecededBy, Link::ConfusedWith}) {
                   if (key == Link::key(kind))
                       return links(member, kind);
               }
               return any(member, 2);
           });
}

// A link's object: its "error_id" if that is a string.
bool Walk::linkObject(od::value value, QString *id)
{
    od::object object;
    View target;
    const bool read = value.get_object().get(object) == simdjson::SUCCESS
        && forEachMember(object, [&](std::string_view key, od::value member) {
                          return key == "error_id" ? text(member, 4, &target) : any(member, 4);
                      });
    *id = toQString(target);
    return read;
}

bool Walk::links(od::value value, Link::Kind kind)
{
    if (typeOf(value) != od::json_type::array)
        return any(value, 2);
    od::array array;
    return value.get_array().get(array) == simdjson::SUCCESS && forEachItem(array, [&](int index, od::value item) {
               const od::json_type type = typeOf(item);
               QString id;
               if (type == od::json_type::string) {
                   View string;
                   if (!text(item, 3, &string))
                       return false;
                   id = toQString(string);
               } else if (type == od::json_type::object) {
                   if (!linkObject(item, &id))
                       return false;
               } else {
                   return any(item, 3);
               }
               m_strings.links[kind] << Record::LinkTarget{kind, id, index};
               return true;
           });
}

bool Walk::member(std::string_view key, od::value value)
{
    Strings &s = m_strings;
    const std::pair<std::string_view, View *> strings[] = {
        {"id", &s.id},
        {"signature", &s.signature},
        {"signature_zh", &s.signatureZh},
        {"regex", &s.regex},
        {"domain", &s.domain},
        {"category", &s.category},
        {"root_cause", &s.rootCause},
        {"root_cause_zh", &s.rootCauseZh},
        {"error_code", &s.errorCode},
        {"verification_tier", &s.tier},
        {"resolvable", &s.resolvable},
        {"first_seen", &s.firstSeen},
        {"last_confirmed", &s.lastConfirmed},
        {"last_updated", &s.lastUpdated},
    };
    for (const auto &[name, out] : strings) {
        if (key == name)
            return text(value, 1, out);
    }
    if (key == "aliases")
        return texts(value, 1, s.aliases);
    if (key == "tags")
        return texts(value, 1, s.tags);
    if (key == "workarounds_zh")
        return texts(value, 1, s.workaroundsZh);
    if (key == "dead_ends")
        return pairs(value, "action", "why_fails", s.deadEnds, nullptr);
    if (key == "workarounds")
        return pairs(value, "action", "how", s.workarounds, &s.workaroundActions);
    if (key == "fix_success_rate")
        return number(value, 1, &m_fields.fixSuccessRate);
    if (key == "confidence")
        return number(value, 1, &m_fields.confidence);
    if (key == "versions")
        return versions(value);
    if (key == "os_specific")
        return osNames(value);
    if (key == "transition_graph")
        return graph(value);
    return any(value, 1);
}

bool Walk::record(od::object top)
{
    return forEachMember(top, [this](std::string_view key, od::value value) { return member(key, value); });
}

QStringList toQStrings(const std::vector<std::string_view> &texts)
{
    QStringList list;
    list.reserve(qsizetype(texts.size()));
    for (std::string_view text : texts)
        list << toQString(text);
    return list;
}

void append(std::vector<std::string> &out, const View &text)
{
    if (text)
        out.emplace_back(*text);
}

void append(std::vector<std::string> &out, const std::vector<std::string_view> &texts)
{
    for (std::string_view text : texts)
        out.emplace_back(text);
}

// Into the fields, in the order RecordFields::fromRecord() reads them.
void Walk::finish()
{
    const Strings &s = m_strings;
    RecordFields &f = m_fields;
    Record::Summary &summary = f.summary;
    summary.id = toQString(s.id);
    summary.signature = toQString(s.signature);
    summary.signatureZh = toQString(s.signatureZh);
    summary.regex = toQString(s.regex);
    summary.domain = toQString(s.domain);
    summary.category = toQString(s.category);
    summary.links = s.links[Link::LeadsTo] + s.links[Link::PrecededBy] + s.links[Link::ConfusedWith];
    summary.firstSeen = Record::parseDate(toQString(s.firstSeen));
    summary.lastConfirmed = Record::parseDate(toQString(s.lastConfirmed));
    summary.lastUpdated = Record::parseDate(toQString(s.lastUpdated));
    f.errorCode = toQString(s.errorCode);
    f.verificationTier = toQString(s.tier);
    f.resolvable = toQString(s.resolvable);
    f.rootCause = toQString(s.rootCause);
    f.rootCauseZh = toQString(s.rootCauseZh);
    for (const View &action : s.workaroundActions)
        f.workaroundActions << toQString(action);
    f.workaroundsZh = toQStrings(s.workaroundsZh);
    f.aliases = toQStrings(s.aliases);
    f.tags = toQStrings(s.tags);
    f.versions = QStringList(s.versions.cbegin(), s.versions.cend());
    append(f.mainHead, s.signature);
    append(f.mainHead, s.id);
    append(f.otherHead, s.signatureZh);
    append(f.otherHead, s.aliases);
    append(f.otherHead, s.tags);
    append(f.body, s.regex);
    append(f.body, s.rootCause);
    append(f.body, s.rootCauseZh);
    append(f.body, s.deadEnds);
    append(f.body, s.workarounds);
    append(f.body, s.workaroundsZh);
}

} // namespace

struct RecordScanner::State
{
    od::parser parser;
    std::vector<char> buffer; // the text and simdjson's padding
};

RecordScanner::RecordScanner()
    : m_state(std::make_unique<State>())
{
}

RecordScanner::~RecordScanner() = default;

bool RecordScanner::scan(std::string_view text, RecordFields *fields)
{
    *fields = RecordFields();
    // Record::parse drops one byte order mark and nlohmann's reader skips
    // one more at the start of what it is given.
    for (int mark = 0; mark < 2 && text.substr(0, ByteOrderMark.size()) == ByteOrderMark; ++mark)
        text.remove_prefix(ByteOrderMark.size());
    if (text.empty() || std::memchr(text.data(), '\0', text.size()))
        return false;
    std::vector<char> &buffer = m_state->buffer;
    buffer.resize(text.size() + simdjson::SIMDJSON_PADDING);
    std::memcpy(buffer.data(), text.data(), text.size());
    std::fill(buffer.begin() + std::ptrdiff_t(text.size()), buffer.end(), '\0');
    bool accepted = false;
    {
        od::document document;
        od::object top;
        const char *trailing = nullptr;
        Walk walk(*fields);
        accepted = m_state->parser.iterate(buffer.data(), text.size(), buffer.size()).get(document) == simdjson::SUCCESS
            && document.get_object().get(top) == simdjson::SUCCESS
            && walk.record(top)
            // Past the object: nothing but white space (location out of bounds).
            && document.current_location().get(trailing) != simdjson::SUCCESS;
        if (accepted)
            walk.finish();
    }
    if (buffer.capacity() > KeptCapacity) {
        m_state = std::make_unique<State>();
    }
    return accepted;
}

} // namespace Errata
