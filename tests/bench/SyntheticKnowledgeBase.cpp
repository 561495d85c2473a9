#include "bench/SyntheticKnowledgeBase.h"
#include "bench/SyntheticVocabulary.h"

#include "models/util/Parallel.h"

#include <QDate>
#include <QDir>
#include <QFile>
#include <QSaveFile>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace Errata {

namespace {

using namespace SyntheticVocabulary;

// ---- randomness ---------------------------------------------------------

// SplitMix64: tiny, fast and the same on every platform and Qt version.
quint64 scramble(quint64 z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

class Dice
{
public:
    enum Stream { Identity, Content, LeadsTo, Confusion };

    Dice(quint64 seed, int index, Stream stream)
        : m_state(scramble(scramble(seed + 0x9E3779B97F4A7C15ULL) ^ (quint64(index) << 2 | quint64(stream))))
    {
    }

    quint64 next()
    {
        m_state += 0x9E3779B97F4A7C15ULL;
        return scramble(m_state);
    }
    int below(int n) { return int(next() % quint64(n)); }
    int between(int low, int high) { return low + below(high - low + 1); } // both included
    bool chance(double p) { return double(next() >> 11) * 0x1.0p-53 < p; }
    double rate(int lowPercent, int highPercent) { return between(lowPercent, highPercent) / 100.0; }

    template<typename T, size_t N>
    const T &pick(const T (&items)[N])
    {
        return items[below(int(N))];
    }

private:
    quint64 m_state;
};

// ---- text ---------------------------------------------------------------

std::string slugify(const std::string &text)
{
    std::string slug;
    for (const char c : text) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (keep)
            slug += c;
        else if (!slug.empty() && slug.back() != '-')
            slug += '-';
    }
    while (!slug.empty() && slug.back() == '-')
        slug.pop_back();
    return slug;
}

// Like RE2::QuoteMeta, but only the characters RE2 gives a meaning to are
// escaped, as a person writing the regex would: f(x) [1] -> f\(x\) \[1\]
std::string quoteMeta(const std::string &text)
{
    static const std::string special = "\\.+*?()|[]{}^$";
    std::string quoted;
    for (const char c : text) {
        if (special.find(c) != std::string::npos)
            quoted += '\\';
        quoted += c;
    }
    return quoted;
}

std::string dateText(QDate date)
{
    return date.toString(Qt::ISODate).toStdString();
}

// The words one record is made of; fill() puts them into "{name}" slots.
struct Words
{
    const Domain *domain = nullptr;
    const Pair *verb = nullptr;
    const Pair *object = nullptr;
    const Pair *other = nullptr;
    const Pair *state = nullptr;
    const Pair *event = nullptr;
    std::string os, version, newer, limit, env;
    bool chinese = false;

    std::string value(const std::string &name, bool zh) const;
    std::string fill(const char *pattern, bool zh = false) const;
};

std::string Words::value(const std::string &name, bool zh) const
{
    const auto text = [zh](const Pair *pair) { return std::string(zh ? pair->zh : pair->en); };
    if (name == "object")
        return text(object);
    if (name == "other")
        return text(other);
    if (name == "state")
        return text(state);
    if (name == "event")
        return text(event);
    if (name == "package")
        return domain->package;
    if (name == "slug")
        return slugify(object->en);
    const std::pair<const char *, const std::string *> plain[] = {
        {"version", &version}, {"newer", &newer}, {"os", &os}, {"limit", &limit}, {"env", &env}};
    for (const auto &[key, string] : plain)
        if (name == key)
            return *string;
    return "{" + name + "}";
}

std::string Words::fill(const char *pattern, bool zh) const
{
    std::string out;
    for (const char *p = pattern; *p; ++p) {
        const char *close = *p == '{' ? std::strchr(p, '}') : nullptr;
        if (!close) {
            out += *p;
            continue;
        }
        out += value(std::string(p + 1, close), zh);
        p = close;
    }
    return out;
}

// A signature as literal runs around numbers, in English and Chinese: the
// regex is the quoted runs joined by \d+, so it matches every rendering.
struct Signature
{
    std::vector<std::string> en{std::string()};
    std::vector<std::string> zh{std::string()};
    std::vector<int> numbers;

    void text(const std::string &english, const std::string &chinese)
    {
        en.back() += english;
        zh.back() += chinese;
    }
    void number(int n)
    {
        numbers.push_back(n);
        en.emplace_back();
        zh.emplace_back();
    }
    static std::string render(const std::vector<std::string> &runs, const std::vector<int> &values)
    {
        std::string out = runs.front();
        for (size_t i = 0; i < values.size(); ++i)
            out += std::to_string(values[i]) + runs[i + 1];
        return out;
    }
    std::string regex() const
    {
        std::string out = quoteMeta(en.front());
        for (size_t i = 1; i < en.size(); ++i)
            out += "\\d+" + quoteMeta(en[i]);
        return out;
    }
};

// Builds the fields of one record, in the order real records have them.
class RecordMaker
{
public:
    RecordMaker(quint64 seed, int index, const Words &words)
        : m_dice(seed, index, Dice::Content)
        , m_words(words)
    {
        pickWords();
        makeSignature();
    }

    void addHead(OrderedJson &doc, const std::string &id);
    void addCause(OrderedJson &doc);
    void addFixes(OrderedJson &doc);
    void addTrust(OrderedJson &doc);
    void addTail(OrderedJson &doc);
    std::string distinction() const
    {
        return m_words.fill("Both mention the {object}, but here the {other} {event} first.");
    }

private:
    void pickWords();
    void makeSignature();
    std::string rootCause(bool zh, int skipped) const;
    OrderedJson versions();
    OrderedJson osNotes();
    OrderedJson sources(const std::string &topic);
    OrderedJson deadEnds();
    void addWorkarounds(OrderedJson &doc);
    void addDates(OrderedJson &doc);
    OrderedJson tags();
    OrderedJson aliases();

    Dice m_dice;
    Words m_words;
    Signature m_signature;
};

void RecordMaker::pickWords()
{
    m_words.other = &m_dice.pick(Objects);
    if (m_words.other == m_words.object)
        m_words.other = &Objects[(m_words.other - Objects + 1) % std::size(Objects)];
    m_words.state = &m_dice.pick(States);
    m_words.event = &m_dice.pick(Events);
    m_words.os = m_dice.pick(OsNames);
    const int major = m_dice.between(1, 20);
    const int minor = m_dice.between(0, 30);
    m_words.version = std::to_string(major) + "." + std::to_string(minor);
    m_words.newer = std::to_string(major) + "." + std::to_string(minor + 1);
    m_words.limit = std::to_string(m_dice.between(2, 64) * 16);
    m_words.env = m_dice.pick(EnvVars);
    m_words.chinese = m_dice.chance(0.8);
}

void RecordMaker::makeSignature()
{
    const std::string prefix = m_dice.pick(m_words.domain->prefixes);
    m_signature.text(prefix + ": " + m_words.verb->en + " " + m_words.object->en + " ",
                     prefix + ": " + m_words.verb->zh + m_words.object->zh + " ");
    m_signature.number(m_dice.between(0, 64));
    const int first = m_dice.below(int(std::size(Tails)));
    const int count = m_dice.between(1, 2);
    for (int i = 0; i < count; ++i) {
        const Tail &tail = Tails[(first + 3 * i) % std::size(Tails)];
        m_signature.text(std::string(" ") + tail.enBefore, tail.zhBefore);
        m_signature.number(m_dice.between(tail.low, tail.high));
        m_signature.text(tail.enAfter, tail.zhAfter);
    }
}

void RecordMaker::addHead(OrderedJson &doc, const std::string &id)
{
    doc["id"] = id;
    doc["signature"] = Signature::render(m_signature.en, m_signature.numbers);
    if (m_words.chinese)
        doc["signature_zh"] = Signature::render(m_signature.zh, m_signature.numbers);
    doc["regex"] = m_signature.regex();
    doc["domain"] = m_words.domain->name;
}

std::string RecordMaker::rootCause(bool zh, int skipped) const
{
    std::string text;
    for (int i = 0; i < int(std::size(CauseSentences)); ++i) {
        if (i == skipped)
            continue;
        if (!text.empty() && !zh)
            text += ' ';
        text += m_words.fill(zh ? CauseSentences[i].zh : CauseSentences[i].en, zh);
    }
    return text;
}

void RecordMaker::addCause(OrderedJson &doc)
{
    doc["subcategory"] = m_dice.chance(0.7) ? OrderedJson(slugify(m_words.other->en)) : OrderedJson();
    const int skipped = m_dice.below(int(std::size(CauseSentences)) + 1);
    doc["root_cause"] = rootCause(false, skipped);
    doc["root_cause_type"] = m_dice.pick(CauseTypes);
    if (m_words.chinese)
        doc["root_cause_zh"] = rootCause(true, skipped);
    doc["versions"] = versions();
    doc["os_specific"] = osNotes();
}

OrderedJson RecordMaker::versions()
{
    OrderedJson list = OrderedJson::array();
    const std::string package = m_words.domain->package;
    list.push_back({{"version", package + "<" + m_words.newer},
                    {"introduced", m_dice.chance(0.5) ? OrderedJson(m_words.version + ".0") : OrderedJson()},
                    {"deprecated", nullptr},
                    {"removed", nullptr},
                    {"behavior_change", m_words.fill("The {object} is {state} when the {other} {event}.")},
                    {"status", "active"}});
    if (m_dice.chance(0.5))
        list.push_back({{"version", package + ">=" + m_words.newer},
                        {"introduced", m_words.newer + ".0"},
                        {"deprecated", nullptr},
                        {"removed", nullptr},
                        {"behavior_change", nullptr},
                        {"status", "fixed"}});
    return list;
}

OrderedJson RecordMaker::osNotes()
{
    OrderedJson notes = OrderedJson::object();
    const int count = m_dice.between(0, 2);
    for (int i = 0; i < count; ++i)
        notes[OsNames[(m_dice.below(3) + i) % 3]] = m_words.fill(
            "On {os} the {object} is {state} after the {other} {event}; check the system limits first.");
    return notes;
}

OrderedJson RecordMaker::sources(const std::string &topic)
{
    OrderedJson list = OrderedJson::array();
    if (m_dice.chance(0.9))
        list.push_back("https://" + std::string(m_words.domain->host) + "/docs/" + topic);
    if (m_dice.chance(0.3))
        list.push_back("https://github.com/" + std::string(m_words.domain->package) + "/issues/"
                       + std::to_string(m_dice.between(100, 99999)));
    return list;
}

OrderedJson RecordMaker::deadEnds()
{
    OrderedJson list = OrderedJson::array();
    const int count = m_dice.between(2, 3);
    const int first = m_dice.below(int(std::size(DeadEndTexts)));
    for (int i = 0; i < count; ++i) {
        const DeadEndText &text = DeadEndTexts[(first + 2 * i) % std::size(DeadEndTexts)];
        list.push_back({{"action", m_words.fill(text.action)},
                        {"why_fails", m_words.fill(text.whyFails)},
                        {"fail_rate", m_dice.rate(50, 99)},
                        {"condition", m_dice.chance(0.7) ? std::string() : m_words.fill("on {os}")},
                        {"sources", sources(slugify(m_words.object->en) + "#limits")}});
    }
    return list;
}

void RecordMaker::addWorkarounds(OrderedJson &doc)
{
    OrderedJson list = OrderedJson::array();
    OrderedJson chinese = OrderedJson::array();
    const int count = m_dice.between(2, 3);
    const int first = m_dice.below(int(std::size(WorkaroundTexts)));
    for (int i = 0; i < count; ++i) {
        const WorkaroundText &text = WorkaroundTexts[(first + i) % std::size(WorkaroundTexts)];
        const double rate = m_dice.rate(30, 95);
        const bool unconditional = m_dice.chance(0.6);
        OrderedJson item = {{"action", m_words.fill(text.action)},
                            {"success_rate", rate},
                            {"how", m_words.fill(text.how)},
                            {"condition", unconditional ? std::string() : m_words.fill("when the {other} is shared")}};
        if (m_dice.chance(0.5))
            item["tradeoff"] = m_words.fill(m_dice.pick(Tradeoffs));
        item["sources"] = sources(slugify(m_words.other->en));
        list.push_back(std::move(item));
        chinese.push_back(m_words.fill(text.zh, true));
    }
    doc["workarounds"] = std::move(list);
    if (m_words.chinese)
        doc["workarounds_zh"] = std::move(chinese);
}

void RecordMaker::addFixes(OrderedJson &doc)
{
    doc["dead_ends"] = deadEnds();
    addWorkarounds(doc);
}

void RecordMaker::addTrust(OrderedJson &doc)
{
    const std::string host = m_words.domain->host;
    const std::string topic = slugify(m_words.object->en);
    const auto maybe = [this](double p, const std::string &value) {
        return m_dice.chance(p) ? OrderedJson(value) : OrderedJson();
    };
    doc["official_doc_url"] = maybe(0.85, "https://" + host + "/docs/errors/" + topic);
    doc["official_doc_section"] = maybe(0.6, "Troubleshooting " + topic);
    const bool coded = m_dice.chance(0.5);
    doc["error_code"] = coded ? OrderedJson("E" + std::to_string(m_dice.between(1000, 9999))) : OrderedJson();
    doc["verification_tier"] = m_dice.pick(Tiers);
    const double confidence = m_dice.rate(30, 95);
    const double fix = m_dice.rate(5, 95);
    doc["confidence"] = confidence;
    doc["fix_success_rate"] = fix;
    doc["resolvable"] = fix >= 0.7 && confidence >= 0.6 ? "true" : fix < 0.2 ? "false" : "partial";
    addDates(doc);
    doc["evidence_count"] = m_dice.chance(0.03) ? m_dice.between(0, 2) : m_dice.between(3, 400);
}

// About a quarter of the records were last confirmed more than a year ago.
void RecordMaker::addDates(OrderedJson &doc)
{
    QDate firstSeen = OldestFirstSeen.addDays(m_dice.below(12 * 365));
    QDate confirmed = NewestDate.addDays(-(m_dice.chance(0.75) ? m_dice.below(300) : m_dice.between(366, 1500)));
    if (confirmed < firstSeen)
        std::swap(firstSeen, confirmed);
    const QDate updated = std::min(NewestDate, confirmed.addDays(m_dice.below(5)));
    doc["first_seen"] = dateText(firstSeen);
    doc["last_confirmed"] = dateText(confirmed);
    doc["last_updated"] = dateText(updated);
}

OrderedJson RecordMaker::tags()
{
    std::vector<const char *> picked;
    const int count = m_dice.between(2, 4);
    while (int(picked.size()) < count) {
        const char *tag = m_dice.pick(Tags);
        if (std::find(picked.begin(), picked.end(), tag) == picked.end())
            picked.push_back(tag);
    }
    OrderedJson list = OrderedJson::array();
    for (const char *tag : picked)
        list.push_back(tag);
    return list;
}

// Other renderings of the signature: other numbers, so the regex matches them.
OrderedJson RecordMaker::aliases()
{
    OrderedJson list = OrderedJson::array();
    const int count = m_dice.between(0, 2);
    for (int i = 0; i < count; ++i) {
        std::vector<int> numbers = m_signature.numbers;
        numbers.front() += i + 1;
        list.push_back(Signature::render(m_signature.en, numbers));
    }
    return list;
}

void RecordMaker::addTail(OrderedJson &doc)
{
    doc["tags"] = tags();
    doc["locale"] = "en";
    doc["aliases"] = aliases();
}

OrderedJson link(const std::string &id, Dice &dice)
{
    const double probability = dice.rate(20, 80);
    return {{"error_id", id}, {"probability", probability}, {"condition", ""}, {"typical_delay", dice.pick(Delays)}};
}

Words identityWords(quint64 seed, int index)
{
    Dice dice(seed, index, Dice::Identity);
    Words words;
    words.domain = &Domains[index % DomainCount];
    words.verb = &dice.pick(Verbs);
    words.object = &dice.pick(Objects);
    return words;
}

const char *categoryOf(quint64 seed, int index)
{
    Dice dice(seed, index, Dice::Identity);
    dice.next();
    dice.next();
    const int domain = index % DomainCount;
    return Categories[(domain + dice.below(CategoriesPerDomain)) % std::size(Categories)];
}

} // namespace

SyntheticKnowledgeBase::SyntheticKnowledgeBase(int count, quint64 seed)
    : m_count(qMax(0, count))
    , m_seed(seed)
{
}

QString SyntheticKnowledgeBase::stampFileName()
{
    return QStringLiteral(".synthetic-kb");
}

// "cuda/failed-to-allocate-buffer-6": unique through the index.
std::string SyntheticKnowledgeBase::idText(int index) const
{
    const Words words = identityWords(m_seed, index);
    return std::string(words.domain->name) + "/" + slugify(std::string(words.verb->en) + " " + words.object->en) + "-"
        + std::to_string(index);
}

QString SyntheticKnowledgeBase::id(int index) const
{
    return QString::fromStdString(idText(index));
}

// About a third of the records lead to a record a little further on; the
// target lists them in preceded_by, so the pairs are reciprocal.
int SyntheticKnowledgeBase::leadsToTarget(int index) const
{
    Dice dice(m_seed, index, Dice::LeadsTo);
    if (!dice.chance(0.35))
        return -1;
    const int target = index + dice.between(1, LinkWindow);
    return target < m_count ? target : -1;
}

// 0-3 links: leads_to and preceded_by in reciprocal pairs, sometimes a
// frequently_confused_with to a record of the same domain.
OrderedJson SyntheticKnowledgeBase::transitionGraph(int index, const std::string &distinction) const
{
    Dice dice(m_seed, index, Dice::Confusion);
    OrderedJson leadsTo = OrderedJson::array();
    OrderedJson precededBy = OrderedJson::array();
    OrderedJson confused = OrderedJson::array();
    const int target = leadsToTarget(index);
    if (target >= 0)
        leadsTo.push_back(link(idText(target), dice));
    for (int from = qMax(0, index - LinkWindow); from < index && precededBy.size() < 2; ++from)
        if (leadsToTarget(from) == index)
            precededBy.push_back(link(idText(from), dice));
    const int other = index % DomainCount + DomainCount * dice.below(qMax(1, m_count / DomainCount));
    const bool room = leadsTo.size() + precededBy.size() < 3;
    if (dice.chance(0.3) && room && other != index && other < m_count)
        confused.push_back({{"error_id", idText(other)}, {"distinction", distinction}});
    return {{"leads_to", std::move(leadsTo)},
            {"preceded_by", std::move(precededBy)},
            {"frequently_confused_with", std::move(confused)}};
}

OrderedJson SyntheticKnowledgeBase::record(int index) const
{
    RecordMaker maker(m_seed, index, identityWords(m_seed, index));
    OrderedJson doc = OrderedJson::object();
    maker.addHead(doc, idText(index));
    doc["category"] = categoryOf(m_seed, index);
    maker.addCause(doc);
    maker.addFixes(doc);
    doc["transition_graph"] = transitionGraph(index, maker.distinction());
    maker.addTrust(doc);
    maker.addTail(doc);
    return doc;
}

QByteArray SyntheticKnowledgeBase::text(int index) const
{
    return QByteArray::fromStdString(record(index).dump(2, ' ', false)) + '\n';
}

QByteArray SyntheticKnowledgeBase::stamp() const
{
    return QStringLiteral("count %1\nseed %2\nformat %3\n").arg(m_count).arg(m_seed).arg(StampFormat).toUtf8();
}

bool SyntheticKnowledgeBase::isWrittenIn(const QString &folder) const
{
    QFile file(QDir(folder).filePath(stampFileName()));
    return file.open(QIODevice::ReadOnly) && file.readAll() == stamp();
}

// Returns an error message, or an empty string.
QString SyntheticKnowledgeBase::writeOne(const QString &folder, int index) const
{
    QSaveFile file(folder + QLatin1Char('/') + id(index) + QStringLiteral(".json"));
    if (!file.open(QIODevice::WriteOnly))
        return file.fileName() + QStringLiteral(": ") + file.errorString();
    file.write(text(index));
    if (!file.commit())
        return file.fileName() + QStringLiteral(": ") + file.errorString();
    return QString();
}

// The stamp says "incomplete" until the last record is written.
bool SyntheticKnowledgeBase::writeStamp(const QString &folder, bool complete, QString *error) const
{
    QSaveFile file(QDir(folder).filePath(stampFileName()));
    const QByteArray text = complete ? stamp() : stamp() + "incomplete\n";
    if (file.open(QIODevice::WriteOnly) && file.write(text) == text.size() && file.commit())
        return true;
    if (error)
        *error = file.fileName() + QStringLiteral(": ") + file.errorString();
    return false;
}

bool SyntheticKnowledgeBase::makeFolders(const QString &folder, QString *error) const
{
    const QDir root(folder);
    for (int d = 0; d < qMin(m_count, DomainCount); ++d) {
        const QString name = QString::fromLatin1(Domains[d].name);
        if (!root.mkpath(name)) {
            if (error)
                *error = root.filePath(name) + QStringLiteral(": cannot create the folder");
            return false;
        }
    }
    return true;
}

bool SyntheticKnowledgeBase::write(const QString &folder, QString *error) const
{
    const QString root = QDir(folder).absolutePath();
    if (!makeFolders(root, error) || !writeStamp(root, false, error))
        return false;
    std::vector<QString> failures(static_cast<size_t>(m_count));
    Parallel::forEach(m_count, [&](int i) { failures[size_t(i)] = writeOne(root, i); });
    const auto failed = std::find_if(failures.begin(), failures.end(), [](const QString &f) { return !f.isEmpty(); });
    if (failed != failures.end()) {
        if (error)
            *error = *failed;
        return false;
    }
    return writeStamp(root, true, error);
}

} // namespace Errata
