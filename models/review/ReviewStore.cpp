#include "models/review/ReviewStore.h"

#include "models/record/Record.h"
#include "models/review/TranslationSummary.h"
#include "models/util/AtomicFile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QtEndian>

#include <nlohmann/json.hpp>

namespace Errata {

namespace {

const char *const FormatName = "errata-review";
constexpr int FormatVersion = 1;

std::string toStd(const QString &text)
{
    return text.toStdString();
}

QString stringMember(const nlohmann::json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

// "2026-12-04T14:02:37Z" (any ISO 8601 offset is read); null when absent
// or not a time, which older files and other tools may leave.
QDateTime acceptedAt(const QString &text)
{
    const QDateTime time = QDateTime::fromString(text, Qt::ISODate);
    return time.isValid() ? time.toUTC() : QDateTime();
}

bool isHashText(const QString &text)
{
    static const QString digits = QStringLiteral("0123456789abcdef");
    if (text.size() != 16)
        return false;
    for (const QChar c : text) {
        if (!digits.contains(c))
            return false;
    }
    return true;
}

} // namespace

QString ReviewStore::filePath(const QString &root)
{
    return QDir(root).filePath(fileName());
}

QString ReviewStore::hash(const QString &text)
{
    return hashText(hashValue(text));
}

quint64 ReviewStore::hashValue(const QString &text)
{
    const QByteArray digest = QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256);
    return qFromBigEndian<quint64>(digest.constData());
}

QString ReviewStore::hashText(quint64 value)
{
    return QStringLiteral("%1").arg(value, 16, 16, QLatin1Char('0'));
}

bool ReviewStore::load(const QString &root, QString *error)
{
    m_root = root;
    m_reviews.clear();
    m_broken = false;
    const QString path = filePath(root);
    const QFileInfo info(path);
    if (!info.exists() && !info.isSymLink())
        return true;
    QByteArray text;
    QString failure;
    if (!Record::readFile(path, &text, &failure)) { // never waits on a FIFO
        *error = QStringLiteral("%1: %2").arg(path, failure);
        m_broken = true;
        return false;
    }
    QString parseError;
    if (!parse(text, &parseError)) {
        *error = QStringLiteral("%1: %2").arg(path, parseError);
        m_reviews.clear();
        m_broken = true;
        return false;
    }
    return true;
}

bool ReviewStore::parse(const QByteArray &text, QString *error)
{
    m_reviews.clear();
    const nlohmann::json doc = nlohmann::json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    // nlohmann takes a NUL for the end of the text: "{...}\0rest" would parse.
    if (doc.is_discarded() || !doc.is_object() || text.contains('\0')) {
        *error = ReviewStore::tr("not a JSON object");
        return false;
    }
    const auto version = doc.find("version");
    if (stringMember(doc, "format") != QLatin1String(FormatName) || version == doc.end()
        || !version->is_number_integer() || version->get<int>() != FormatVersion) {
        *error = ReviewStore::tr("not an errata-review file of version %1").arg(FormatVersion);
        return false;
    }
    const auto reviews = doc.find("reviews");
    if (reviews == doc.end() || !reviews->is_object()) {
        *error = QStringLiteral("\"reviews\" must be an object");
        return false;
    }
    for (const auto &[id, fields] : reviews->items()) {
        if (!fields.is_object()) {
            *error = ReviewStore::tr("the reviews of \"%1\" must be an object").arg(QString::fromStdString(id));
            return false;
        }
        for (const auto &[field, review] : fields.items()) {
            const Review entry{stringMember(review, "en"), stringMember(review, "zh"),
                               QDate::fromString(stringMember(review, "date"), Qt::ISODate),
                               acceptedAt(stringMember(review, "accepted_at")),
                               stringMember(review, "accepted_by").trimmed()};
            if (!review.is_object() || !isHashText(entry.englishHash) || !isHashText(entry.chineseHash)) {
                *error = ReviewStore::tr("the review of %1 in \"%2\" needs \"en\" and \"zh\" hashes (16 hex digits)")
                             .arg(QString::fromStdString(field), QString::fromStdString(id));
                return false;
            }
            m_reviews[QString::fromStdString(id)].insert(QString::fromStdString(field), entry);
        }
    }
    return true;
}

QByteArray ReviewStore::serialize() const
{
    nlohmann::json reviews = nlohmann::json::object();
    for (auto record = m_reviews.cbegin(); record != m_reviews.cend(); ++record) {
        for (auto field = record->cbegin(); field != record->cend(); ++field) {
            nlohmann::json entry = {{"en", toStd(field->englishHash)}, {"zh", toStd(field->chineseHash)}};
            if (field->date.isValid())
                entry["date"] = toStd(field->date.toString(Qt::ISODate));
            if (field->acceptedAt.isValid())
                entry["accepted_at"] = toStd(field->acceptedAt.toUTC().toString(Qt::ISODate));
            if (!field->acceptedBy.isEmpty())
                entry["accepted_by"] = toStd(field->acceptedBy);
            reviews[toStd(record.key())][toStd(field.key())] = entry;
        }
    }
    const nlohmann::json doc = {{"format", FormatName}, {"version", FormatVersion}, {"reviews", reviews}};
    return QByteArray::fromStdString(doc.dump(2)) + '\n';
}

bool ReviewStore::save(QString *error) const
{
    if (m_root.isEmpty()) {
        *error = ReviewStore::tr("no KB folder to keep reviews in");
        return false;
    }
    if (m_broken) {
        *error = ReviewStore::tr("%1 could not be read, so it is not overwritten; fix or remove it first")
                     .arg(filePath(m_root));
        return false;
    }
    return AtomicFile::writeFile(filePath(m_root), serialize(), error);
}

ReviewStore::Check ReviewStore::check(const QString &id, TranslationStatus::Field field, const QString &english,
                                      const QString &chinese) const
{
    return check(id, field, hashValue(english), hashValue(chinese));
}

ReviewStore::Check ReviewStore::check(const QString &id, TranslationStatus::Field field,
                                      const TranslationSummary &summary) const
{
    return check(id, field, summary.englishHash[size_t(field)], summary.chineseHash[size_t(field)]);
}

ReviewStore::Check ReviewStore::check(const QString &id, TranslationStatus::Field field, quint64 english,
                                      quint64 chinese) const
{
    const auto record = m_reviews.constFind(id);
    if (record == m_reviews.cend())
        return NotReviewed;
    const auto review = record->constFind(TranslationStatus::chineseKey(field));
    if (review == record->cend())
        return NotReviewed;
    if (review->englishHash != hashText(english))
        return EnglishChanged;
    return review->chineseHash == hashText(chinese) ? Current : ChineseChanged;
}

TranslationStatus::Status ReviewStore::status(const Record &record, TranslationStatus::Field field) const
{
    const TranslationStatus::Status detected = TranslationStatus::detect(record, field);
    if (detected != TranslationStatus::Translated)
        return detected;
    const Check review = check(record.id(), field, TranslationStatus::englishText(record, field),
                               TranslationStatus::chineseText(record, field));
    return review == Current ? TranslationStatus::Reviewed : TranslationStatus::Translated;
}

TranslationStatus::Status ReviewStore::status(const QString &id, TranslationStatus::Field field,
                                              const TranslationSummary &summary) const
{
    const TranslationStatus::Status detected = summary.detected[size_t(field)];
    if (detected != TranslationStatus::Translated)
        return detected;
    return check(id, field, summary) == Current ? TranslationStatus::Reviewed : TranslationStatus::Translated;
}

void ReviewStore::markReviewed(const QString &id, TranslationStatus::Field field, const QString &english,
                               const QString &chinese, const QDate &date)
{
    m_reviews[id].insert(TranslationStatus::chineseKey(field), Review{hash(english), hash(chinese), date, {}, {}});
}

void ReviewStore::markReviewed(const QString &id, TranslationStatus::Field field, const QString &english,
                               const QString &chinese, const QDateTime &acceptedAt, const QString &acceptedBy)
{
    const QDateTime utc = acceptedAt.toUTC();
    m_reviews[id].insert(TranslationStatus::chineseKey(field),
                         Review{hash(english), hash(chinese), acceptedAt.toLocalTime().date(),
                                utc.addMSecs(-utc.time().msec()), acceptedBy.trimmed()});
}

ReviewStore::Review ReviewStore::review(const QString &id, TranslationStatus::Field field) const
{
    return m_reviews.value(id).value(TranslationStatus::chineseKey(field));
}

void ReviewStore::forget(const QString &id, TranslationStatus::Field field)
{
    const auto record = m_reviews.find(id);
    if (record == m_reviews.end())
        return;
    record->remove(TranslationStatus::chineseKey(field));
    if (record->isEmpty())
        m_reviews.erase(record);
}

bool ReviewStore::contains(const QString &id, TranslationStatus::Field field) const
{
    return m_reviews.value(id).contains(TranslationStatus::chineseKey(field));
}

int ReviewStore::count() const
{
    int total = 0;
    for (const auto &fields : m_reviews)
        total += int(fields.size());
    return total;
}

} // namespace Errata
