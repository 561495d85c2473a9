#include "models/validation/RuleValidator.h"

#include "models/kb/KnowledgeBase.h"
#include "models/matching/RegexEngine.h"
#include "models/record/Record.h"
#include "models/record/TranslationStatus.h"

#include <QSet>
#include <QUrl>

#include <re2/re2.h>

namespace Errata {

namespace {

void add(FindingCap &out, Problem::Severity severity, const QString &pointer, const char *rule, const QString &message)
{
    out << Problem{severity, QString(), pointer, 0, 0, message, QString::fromLatin1(rule)};
}

// The textual rules of the format, compiled once (RE2 objects are thread-safe).
const RE2 &idPattern()
{
    static const RE2 re("[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*)+");
    return re;
}

const RE2 &domainPattern()
{
    static const RE2 re("[a-z0-9][a-z0-9-]*");
    return re;
}

const RE2 &categoryPattern()
{
    static const RE2 re("[a-z0-9][a-z0-9_-]*");
    return re;
}

bool fullMatch(const QString &text, const RE2 &re)
{
    return RE2::FullMatch(text.toStdString(), re);
}

// A YYYY-MM-DD calendar date, or an invalid date, so that a date reported
// as malformed is not also used for the order and staleness rules.
QDate strictDate(const OrderedJson &document, const char *key)
{
    const QString text = Record::toQString(Record::member(document, key));
    return Record::parseDate(text);
}

// RFC 6901: "~" is written "~0" and "/" is written "~1" in a pointer.
QString pointerToken(QString key)
{
    return key.replace(QLatin1String("~"), QLatin1String("~0")).replace(QLatin1String("/"), QLatin1String("~1"));
}

bool isHttpUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    return url.isValid() && (scheme == QLatin1String("http") || scheme == QLatin1String("https"))
        && !url.host().isEmpty();
}

QString linkPointer(Link::Kind kind, int index)
{
    return QStringLiteral("/transition_graph/") + QLatin1String(Link::key(kind)) + QLatin1Char('/')
        + QString::number(index);
}

QString quoted(const QString &text)
{
    const int max = 60;
    return QLatin1Char('"') + (text.size() > max ? text.left(max) + QStringLiteral("…") : text) + QLatin1Char('"');
}

QString itemNumbers(const QList<int> &indexes)
{
    QStringList numbers;
    for (int i : indexes)
        numbers << QString::number(i + 1);
    return numbers.join(QStringLiteral(", "));
}

const QStringList KnownRootCauseTypes = {QStringLiteral("generic"), QStringLiteral("version_specific"),
                                         QStringLiteral("os_specific"), QStringLiteral("hardware_specific"),
                                         QStringLiteral("config_specific")};

// Keys the format defines inside nested objects; others are reported as info.
const QStringList VersionKeys = {QStringLiteral("version"),         QStringLiteral("introduced"),
                                 QStringLiteral("deprecated"),      QStringLiteral("removed"),
                                 QStringLiteral("behavior_change"), QStringLiteral("status")};
const QStringList DeadEndKeys = {QStringLiteral("action"), QStringLiteral("why_fails"), QStringLiteral("fail_rate"),
                                 QStringLiteral("condition"), QStringLiteral("sources")};
const QStringList WorkaroundKeys = {QStringLiteral("action"),   QStringLiteral("success_rate"),
                                    QStringLiteral("how"),      QStringLiteral("condition"),
                                    QStringLiteral("tradeoff"), QStringLiteral("sources")};
const QStringList DirectionalLinkKeys = {QStringLiteral("error_id"), QStringLiteral("probability"),
                                         QStringLiteral("condition"), QStringLiteral("typical_delay")};
const QStringList ConfusedLinkKeys = {QStringLiteral("error_id"), QStringLiteral("distinction")};
const QStringList GraphKeys = {QStringLiteral("leads_to"), QStringLiteral("preceded_by"),
                               QStringLiteral("frequently_confused_with")};

void checkObjectKeys(const OrderedJson &object, const QString &pointer, const QStringList &known, FindingCap &out)
{
    if (!object.is_object())
        return;
    for (const auto &[key, value] : object.items()) {
        const QString name = QString::fromStdString(key);
        if (!known.contains(name))
            add(out, Problem::Info, pointer + QLatin1Char('/') + pointerToken(name), "unknown-key",
                RuleValidator::tr("unknown key \"%1\" (kept as it is)").arg(name));
    }
}

void checkArrayItemKeys(const OrderedJson &array, const QString &pointer, const QStringList &known, FindingCap &out)
{
    if (!array.is_array())
        return;
    for (size_t i = 0; i < array.size(); ++i)
        checkObjectKeys(array[i], pointer + QLatin1Char('/') + QString::number(i), known, out);
}

} // namespace

RuleValidator::RuleValidator(QDate today)
    : m_today(today)
{
}

QString RuleValidator::messageLanguage()
{
    return tr("en", "The code of the language of this translation, e.g. zh_CN");
}

QStringList RuleValidator::contextPointers(const Record &record)
{
    QStringList pointers{QStringLiteral("/id"), QStringLiteral("/first_seen"), QStringLiteral("/last_confirmed"),
                         QStringLiteral("/last_updated")};
    for (const Record::LinkTarget &link : record.summary().links)
        pointers << linkPointer(link.kind, link.position);
    return pointers;
}

QList<Problem> RuleValidator::check(const Record &record, const KnowledgeBase *kb) const
{
    FindingCap cap;
    checkOwn(record, cap);
    checkContext(record, kb, cap);
    return cap.take();
}

QList<Problem> RuleValidator::checkOwn(const Record &record) const
{
    FindingCap cap;
    checkOwn(record, cap);
    return cap.take();
}

QList<Problem> RuleValidator::checkContext(const Record &record, const KnowledgeBase *kb) const
{
    FindingCap cap;
    checkContext(record, kb, cap);
    return cap.take();
}

void RuleValidator::checkOwn(const Record &record, FindingCap &out) const
{
    checkIdentity(record, out);
    checkRegex(record, out);
    checkUrls(record, out);
    checkDates(record, out);
    checkRates(record, out);
    checkChinese(record, out);
    checkLinks(record, out);
    checkLists(record, out);
    checkUnknownKeys(record, out);
}

void RuleValidator::checkContext(const Record &record, const KnowledgeBase *kb, FindingCap &out) const
{
    checkIdentityInKb(record, kb, out);
    checkDatesAgainstToday(record, out);
    checkLinksInKb(record, kb, out);
}

void RuleValidator::checkIdentity(const Record &record, FindingCap &out) const
{
    const QString id = record.id();
    const QString domain = record.domain();
    if (record.hadByteOrderMark())
        add(out, Problem::Warning, QString(), "byte-order-mark",
            tr("the file starts with a UTF-8 byte order mark; it is removed when the record is saved"));
    if (record.json().contains("id") && !id.isEmpty()) {
        if (id.size() > 200 || !fullMatch(id, idPattern()))
            add(out, Problem::Error, QStringLiteral("/id"), "id-syntax",
                tr("id %1 must be 2 or more segments joined by \"/\", each made of a-z, 0-9, \".\", "
                   "\"_\" or \"-\" and starting with a letter or digit, 200 characters at most")
                    .arg(quoted(id)));
        const QString first = id.section(QLatin1Char('/'), 0, 0);
        if (!domain.isEmpty() && first != domain)
            add(out, Problem::Error, QStringLiteral("/id"), "id-domain",
                tr("id %1 must start with the domain \"%2/\"").arg(quoted(id), domain));
    }
    if (!domain.isEmpty() && !fullMatch(domain, domainPattern()))
        add(out, Problem::Error, QStringLiteral("/domain"), "domain-syntax",
            tr("domain %1 may hold only a-z, 0-9 and \"-\", starting with a letter or digit").arg(quoted(domain)));
    const QString category = record.category();
    if (!category.isEmpty() && !fullMatch(category, categoryPattern()))
        add(out, Problem::Error, QStringLiteral("/category"), "category-syntax",
            tr("category %1 may hold only a-z, 0-9, \"_\" and \"-\", starting with a letter or digit")
                .arg(quoted(category)));
    const QString rootCauseType = record.rootCauseType();
    if (record.json().contains("root_cause_type") && record.json()["root_cause_type"].is_string()
        && !KnownRootCauseTypes.contains(rootCauseType))
        add(out, Problem::Warning, QStringLiteral("/root_cause_type"), "root-cause-type",
            tr("unknown root_cause_type %1; known types are %2")
                .arg(quoted(rootCauseType), KnownRootCauseTypes.join(QStringLiteral(", "))));
}

void RuleValidator::checkIdentityInKb(const Record &record, const KnowledgeBase *kb, FindingCap &out) const
{
    const QString id = record.id();
    if (!kb || id.isEmpty())
        return;
    const QString pathId = kb->pathId(record);
    if (pathId != id)
        add(out, Problem::Error, QStringLiteral("/id"), "id-path",
            tr("id %1 does not match the file's path, which gives \"%2\"").arg(quoted(id), pathId));
    if (kb->recordsWithId(id).size() < 2) // before listing the files: asked of every record
        return;
    const QStringList others = kb->filesWithId(id);
    add(out, Problem::Error, QStringLiteral("/id"), "duplicate-id",
        tr("id %1 is used by %2 files: %3").arg(quoted(id)).arg(others.size()).arg(others.join(QStringLiteral(", "))));
}

void RuleValidator::checkRegex(const Record &record, FindingCap &out) const
{
    if (!record.json().contains("regex") || !record.json()["regex"].is_string())
        return;
    const RegexEngine engine(record.regex());
    if (!engine.isValid()) {
        QString message = tr("the regex does not compile: ") + engine.errorMessage();
        if (engine.errorPosition() >= 0)
            message += tr(" (at character %1 of the regex)").arg(engine.errorPosition() + 1);
        add(out, Problem::Error, QStringLiteral("/regex"), "regex-compile", message);
        return;
    }
    if (engine.matchesEmptyString())
        add(out, Problem::Warning, QStringLiteral("/regex"), "regex-empty",
            tr("the regex matches the empty string, so it would match every log"));
    const QString signature = record.signature();
    if (!signature.isEmpty() && !engine.matches(signature)) {
        const RegexEngine caseless(record.regex(), RegexEngine::CaseInsensitive);
        add(out, Problem::Warning, QStringLiteral("/regex"), "regex-signature",
            caseless.matches(signature)
                ? tr("the regex does not match the record's own signature (it would if case were ignored)")
                : tr("the regex does not match the record's own signature"));
    }
}

void RuleValidator::checkUrls(const Record &record, FindingCap &out) const
{
    const OrderedJson &doc = record.json();
    if (doc.contains("official_doc_url") && doc["official_doc_url"].is_string() && !isHttpUrl(record.officialDocUrl()))
        add(out, Problem::Error, QStringLiteral("/official_doc_url"), "url-scheme",
            tr("official_doc_url %1 is not an http or https URL").arg(quoted(record.officialDocUrl())));
    for (const char *listKey : {"dead_ends", "workarounds"}) {
        const auto list = doc.find(listKey);
        if (list == doc.end() || !list->is_array())
            continue;
        for (size_t i = 0; i < list->size(); ++i) {
            const OrderedJson &item = (*list)[i];
            const auto sources = item.is_object() ? item.find("sources") : item.end();
            if (!item.is_object() || sources == item.end() || !sources->is_array())
                continue;
            for (size_t s = 0; s < sources->size(); ++s) {
                const QString url = Record::toQString((*sources)[s]);
                if ((*sources)[s].is_string() && !isHttpUrl(url))
                    add(out, Problem::Error,
                        QStringLiteral("/%1/%2/sources/%3").arg(QLatin1String(listKey)).arg(i).arg(s), "url-scheme",
                        tr("source %1 is not an http or https URL").arg(quoted(url)));
            }
        }
    }
}

void RuleValidator::checkDates(const Record &record, FindingCap &out) const
{
    for (const char *key : {"first_seen", "last_confirmed", "last_updated"}) {
        const auto it = record.json().find(key);
        if (it == record.json().end() || !it->is_string())
            continue;
        const QString text = Record::toQString(*it);
        const QString pointer = QLatin1Char('/') + QLatin1String(key);
        if (!strictDate(record.json(), key).isValid())
            add(out, Problem::Error, pointer, "date-format",
                tr("%1 %2 is not a real YYYY-MM-DD date").arg(QLatin1String(key), quoted(text)));
    }
    const QDate firstSeen = record.firstSeen();
    const QDate lastConfirmed = record.lastConfirmed();
    if (firstSeen.isValid() && lastConfirmed.isValid() && firstSeen > lastConfirmed)
        add(out, Problem::Error, QStringLiteral("/first_seen"), "date-order",
            tr("first_seen %1 is after last_confirmed %2")
                .arg(firstSeen.toString(Qt::ISODate), lastConfirmed.toString(Qt::ISODate)));
}

// Reads the dates of the summary: a date that is not a real one was
// reported by checkDates() and is left alone here.
void RuleValidator::checkDatesAgainstToday(const Record &record, FindingCap &out) const
{
    const std::pair<const char *, QDate> dates[] = {{"first_seen", record.firstSeen()},
                                                    {"last_confirmed", record.lastConfirmed()},
                                                    {"last_updated", record.lastUpdated()}};
    for (const auto &[key, date] : dates) {
        if (date.isValid() && date > m_today)
            add(out, Problem::Warning, QLatin1Char('/') + QLatin1String(key), "future-date",
                tr("%1 %2 is in the future").arg(QLatin1String(key), date.toString(Qt::ISODate)));
    }
    const QDate lastConfirmed = record.lastConfirmed();
    if (!lastConfirmed.isValid() || lastConfirmed > m_today)
        return;
    const qint64 age = lastConfirmed.daysTo(m_today);
    if (age > 365)
        add(out, Problem::Warning, QStringLiteral("/last_confirmed"), "stale",
            tr("last confirmed %1 days ago (%2): stale").arg(age).arg(lastConfirmed.toString(Qt::ISODate)));
    else if (age >= 180)
        add(out, Problem::Info, QStringLiteral("/last_confirmed"), "aging",
            tr("last confirmed %1 days ago (%2): aging").arg(age).arg(lastConfirmed.toString(Qt::ISODate)));
}

void RuleValidator::checkRates(const Record &record, FindingCap &out) const
{
    const auto fix = record.fixSuccessRate();
    const auto confidence = record.confidence();
    const QString resolvable = record.resolvable();
    if (resolvable == QLatin1String("true") && fix && confidence && (*fix < 0.7 || *confidence < 0.6))
        add(out, Problem::Warning, QStringLiteral("/resolvable"), "resolvable-rates",
            tr("resolvable is \"true\" but needs fix_success_rate >= 0.7 and confidence >= 0.6 "
               "(they are %1 and %2)")
                .arg(*fix)
                .arg(*confidence));
    if (resolvable == QLatin1String("false") && fix && *fix >= 0.2)
        add(out, Problem::Warning, QStringLiteral("/resolvable"), "resolvable-rates",
            tr("resolvable is \"false\" but fix_success_rate is %1 (it should be below 0.2)").arg(*fix));
    const auto evidence = record.evidenceCount();
    if (evidence && confidence && *evidence < 3 && *confidence > 0.3)
        add(out, Problem::Warning, QStringLiteral("/evidence_count"), "evidence-low",
            tr("confidence %1 rests on an evidence_count of only %2 (fewer than 3)").arg(*confidence).arg(*evidence));
}

void RuleValidator::checkChinese(const Record &record, FindingCap &out) const
{
    const struct
    {
        const char *english;
        const char *chinese;
    } pairs[] = {{"signature", "signature_zh"}, {"root_cause", "root_cause_zh"}};
    const OrderedJson &doc = record.json();
    for (const auto &pair : pairs) {
        const QString english = Record::toQString(Record::member(doc, pair.english));
        const QString chinese = Record::toQString(Record::member(doc, pair.chinese));
        const QString pointer = QLatin1Char('/') + QLatin1String(pair.chinese);
        if (english.isEmpty())
            continue;
        if (chinese.trimmed().isEmpty())
            add(out, Problem::Info, pointer, "zh-missing", tr("%1 is missing").arg(QLatin1String(pair.chinese)));
        else if (!TranslationStatus::isTranslation(english, chinese))
            add(out, Problem::Warning, pointer, "untranslated",
                tr("%1 is not translated (no Chinese characters, or the English text repeated)")
                    .arg(QLatin1String(pair.chinese)));
    }
    const QList<Workaround> workarounds = record.workarounds();
    const QStringList chinese = record.workaroundsZh();
    if (workarounds.isEmpty() && chinese.isEmpty())
        return;
    if (!doc.contains("workarounds_zh") || chinese.isEmpty()) {
        add(out, Problem::Info, QStringLiteral("/workarounds_zh"), "zh-missing", tr("workarounds_zh is missing"));
        return;
    }
    if (chinese.size() != workarounds.size())
        add(out, Problem::Warning, QStringLiteral("/workarounds_zh"), "zh-count",
            tr("workarounds_zh and workarounds differ in length (%1 against %2)")
                .arg(chinese.size())
                .arg(workarounds.size()));
    QList<int> untranslated;
    for (int i = 0; i < chinese.size(); ++i) {
        const QString english = i < workarounds.size() ? workarounds.at(i).action : QString();
        if (!TranslationStatus::isTranslation(english, chinese.at(i)))
            untranslated << i;
    }
    if (!untranslated.isEmpty())
        add(out, Problem::Warning, QStringLiteral("/workarounds_zh"), "untranslated",
            tr("workarounds_zh items not translated: %1 (no Chinese characters, or the English text repeated)")
                .arg(itemNumbers(untranslated)));
}

void RuleValidator::checkLinks(const Record &record, FindingCap &out) const
{
    const QString id = record.id();
    for (Link::Kind kind : {Link::LeadsTo, Link::PrecededBy, Link::ConfusedWith}) {
        QSet<QString> seen;
        const QList<Link> links = record.links(kind);
        for (int i = 0; i < links.size(); ++i) {
            const QString target = links.at(i).targetId;
            const QString pointer = linkPointer(kind, links.at(i).position);
            if (target.isEmpty())
                continue;
            if (target == id)
                add(out, Problem::Warning, pointer, "link-self", tr("the record links to itself"));
            if (seen.contains(target))
                add(out, Problem::Warning, pointer, "link-duplicate",
                    tr("%1 is listed twice in %2").arg(quoted(target), QLatin1String(Link::key(kind))));
            seen.insert(target);
        }
    }
}

// Reads the link targets of the summary, each with its place in its array.
void RuleValidator::checkLinksInKb(const Record &record, const KnowledgeBase *kb, FindingCap &out) const
{
    if (!kb)
        return;
    const QString id = record.id();
    for (const Record::LinkTarget &link : record.summary().links) {
        const Link::Kind kind = link.kind;
        const QString &target = link.id;
        const QString pointer = linkPointer(kind, link.position);
        if (target.isEmpty() || target == id)
            continue;
        if (!kb->find(target)) {
            add(out, Problem::Warning, pointer, "link-dangling",
                tr("link to %1, which is not in the KB").arg(quoted(target)));
        } else if (kind != Link::ConfusedWith && !kb->links().hasLink(target, Link::reverse(kind), id)) {
            add(out, Problem::Info, pointer, "link-reciprocal",
                tr("%1 has no %2 link back to this record")
                    .arg(quoted(target), QLatin1String(Link::key(Link::reverse(kind)))));
        }
    }
}

void RuleValidator::checkLists(const Record &record, FindingCap &out) const
{
    for (const char *key : {"tags", "aliases"}) {
        const QStringList items = Record::toStringList(Record::member(record.json(), key));
        QSet<QString> seen;
        for (int i = 0; i < items.size(); ++i) {
            if (seen.contains(items.at(i)))
                add(out, Problem::Warning, QStringLiteral("/%1/%2").arg(QLatin1String(key)).arg(i), "duplicate-item",
                    tr("%1 appears twice in %2").arg(quoted(items.at(i)), QLatin1String(key)));
            seen.insert(items.at(i));
        }
    }
    for (const char *key : {"dead_ends", "workarounds"}) {
        const OrderedJson &list = Record::member(record.json(), key);
        if (!list.is_array())
            continue;
        for (size_t i = 0; i < list.size(); ++i) {
            const OrderedJson &item = list[i];
            if (item.is_object() && Record::toStringList(Record::member(item, "sources")).isEmpty())
                add(out, Problem::Info, QStringLiteral("/%1/%2").arg(QLatin1String(key)).arg(i), "no-sources",
                    tr("%1 item %2 cites no sources").arg(QLatin1String(key)).arg(i + 1));
        }
    }
}

void RuleValidator::checkUnknownKeys(const Record &record, FindingCap &out) const
{
    checkObjectKeys(record.json(), QString(), Record::knownKeys(), out);
    const OrderedJson &doc = record.json();
    const auto nested = [&](const char *key) -> const OrderedJson & { return Record::member(doc, key); };
    checkArrayItemKeys(nested("versions"), QStringLiteral("/versions"), VersionKeys, out);
    checkArrayItemKeys(nested("dead_ends"), QStringLiteral("/dead_ends"), DeadEndKeys, out);
    checkArrayItemKeys(nested("workarounds"), QStringLiteral("/workarounds"), WorkaroundKeys, out);
    const OrderedJson &graph = nested("transition_graph");
    checkObjectKeys(graph, QStringLiteral("/transition_graph"), GraphKeys, out);
    if (!graph.is_object())
        return;
    for (Link::Kind kind : {Link::LeadsTo, Link::PrecededBy, Link::ConfusedWith}) {
        const char *key = Link::key(kind);
        checkArrayItemKeys(Record::member(graph, key), QStringLiteral("/transition_graph/") + QLatin1String(key),
                           kind == Link::ConfusedWith ? ConfusedLinkKeys : DirectionalLinkKeys, out);
    }
}

} // namespace Errata
