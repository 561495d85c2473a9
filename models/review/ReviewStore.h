#pragma once

#include <QCoreApplication>

#include "models/record/TranslationStatus.h"

#include <QDate>
#include <QDateTime>
#include <QMap>
#include <QString>

namespace Errata {

class Record;
class TranslationSummary;

// Which translations a person has reviewed, kept beside the records in the hidden file ".errata-review.json" at the KB
// root (docs/record-format.md, "The review file"). For every reviewed field it holds a hash of the English and of the
// Chinese text at review time, so a review goes stale by itself when either text changes. It is written with sorted
// keys and 2-space indentation through AtomicFile, so it diffs and merges well in git. Who accepted a review and when
// (UTC) are optional. A file that cannot be read is reported and never overwritten; a failed save (a full disk) leaves
// the file as it was; a symbolic link is not written through.
class ReviewStore
{
    Q_DECLARE_TR_FUNCTIONS(Errata::ReviewStore)

public:
    enum Check { NotReviewed, Current, EnglishChanged, ChineseChanged };

    struct Review
    {
        QString englishHash;
        QString chineseHash;
        QDate date;           // the day, in local time
        QDateTime acceptedAt; // UTC; null in older files
        QString acceptedBy;   // empty when unknown
    };

    static QString fileName() { return QStringLiteral(".errata-review.json"); }
    static QString filePath(const QString &root);
    // The first 16 hex digits of the SHA-256 of the UTF-8 text.
    static QString hash(const QString &text);
    // The same 64 bits as a number, and back.
    static quint64 hashValue(const QString &text);
    static QString hashText(quint64 value);

    // Reads the file of the KB at `root`; no file is an empty store. A broken
    // file gives false with `error` set; the store is then empty and refuses
    // to save until the next successful load.
    bool load(const QString &root, QString *error);
    bool save(QString *error) const;
    QString root() const { return m_root; }
    bool isBroken() const { return m_broken; }

    Check check(const QString &id, TranslationStatus::Field field, const QString &english,
                const QString &chinese) const;
    Check check(const QString &id, TranslationStatus::Field field, const TranslationSummary &summary) const;
    // TranslationStatus::detect, with Translated raised to Reviewed when the
    // review is current.
    TranslationStatus::Status status(const Record &record, TranslationStatus::Field field) const;
    TranslationStatus::Status status(const QString &id, TranslationStatus::Field field,
                                     const TranslationSummary &summary) const;
    void markReviewed(const QString &id, TranslationStatus::Field field, const QString &english, const QString &chinese,
                      const QDate &date);
    // The same, recording who accepted the review and when (kept in UTC;
    // `date` is its local day).
    void markReviewed(const QString &id, TranslationStatus::Field field, const QString &english, const QString &chinese,
                      const QDateTime &acceptedAt, const QString &acceptedBy);
    // The review of the field, current or stale; empty hashes when none.
    Review review(const QString &id, TranslationStatus::Field field) const;
    void forget(const QString &id, TranslationStatus::Field field);
    bool contains(const QString &id, TranslationStatus::Field field) const;
    int count() const;

    // The file's text; parse() reads it back (false with `error` on bad input).
    QByteArray serialize() const;
    bool parse(const QByteArray &text, QString *error);

private:
    Check check(const QString &id, TranslationStatus::Field field, quint64 english, quint64 chinese) const;

    QString m_root;
    bool m_broken = false;
    QMap<QString, QMap<QString, Review>> m_reviews; // id -> "signature_zh" -> review
};

} // namespace Errata
