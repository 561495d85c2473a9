#pragma once

#include <QCoreApplication>

#include "models/record/DeadEnd.h"
#include "models/record/Link.h"
#include "models/record/VersionEntry.h"
#include "models/record/Workaround.h"

#include <QByteArray>
#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>

#include "models/json/NumberSpellings.h"
#include "models/json/OrderedJson.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace Errata {

// One error record: the parsed document plus what is needed to write it back exactly as it was read. The ordered
// document keeps key order and unknown keys; the original text is kept, so an unchanged record is never rewritten;
// number spellings the JSON library would normalise ("1.50", "1e-3") are restored, and a final newline, CRLF and a BOM
// noted. Typed getters never throw: a field of the wrong type reads as empty, so an invalid record can still be shown.
//
// The parsed document is the larger part of a record in memory, so a large KB does not keep them all:
// releaseDocument() drops an unchanged record's document and json() parses the text again when needed. What the tree,
// the link index and the log matcher read of every record is kept aside in its summary(). A record is used by one
// thread at a time.
class Record
{
    Q_DECLARE_TR_FUNCTIONS(Errata::Record)

public:
    struct LoadError
    {
        QString message;
        int line = 0;
        int column = 0;
        QString pointer; // the field at fault, when there is one ("/regex" for a key written twice)
    };

    static constexpr qint64 MaxFileSize = 16 * 1024 * 1024;

    // Whether readFile() reads through a link at the path it is given (to
    // a regular file), or refuses one: the loader, which has resolved the
    // links already, refuses, so that a link put in place since is not
    // followed.
    enum class Links { Follow, Refuse };
    static constexpr int MaxDepth = 64;

    // Where a link of this record points: all the link index needs.
    struct LinkTarget
    {
        Link::Kind kind = Link::LeadsTo;
        QString id;
        int position = 0; // as Link::position
    };

    // What KB-wide passes read of every record, kept while the document
    // is released: the tree, the link index, the log matcher, and the
    // validation rules that depend on the KB or the date. Dates are invalid
    // unless the field holds a real YYYY-MM-DD date.
    struct Summary
    {
        QString id;
        QString signature;
        QString signatureZh;
        QString regex;
        QString domain;
        QString category;
        QList<LinkTarget> links;
        QDate firstSeen;
        QDate lastConfirmed;
        QDate lastUpdated;
    };

    // Parses the document of `record` for as long as it lives, if it was
    // not parsed, and releases it again afterwards: for passes over every
    // record of a KB that should not leave every document in memory.
    class ParsedForNow
    {
    public:
        explicit ParsedForNow(const Record &record);
        ~ParsedForNow();
        ParsedForNow(const ParsedForNow &) = delete;
        ParsedForNow &operator=(const ParsedForNow &) = delete;

    private:
        const Record &m_record;
        bool m_release;
    };

    Record() = default;
    Record(const Record &other);
    Record &operator=(const Record &other);
    Record(Record &&other) noexcept = default;
    Record &operator=(Record &&other) noexcept = default;
    ~Record();

    // Parses `text`; on failure returns false and fills `error`.
    bool parse(const QByteArray &text, LoadError *error);
    // Reads and parses a file; messages name what went wrong, not the file.
    bool load(const QString &filePath, LoadError *error);
    // Reads a whole file of at most MaxFileSize bytes into `text`; on
    // failure returns false and says why in `failure`. Only a regular file
    // is read: a FIFO, a socket or a device is refused without waiting.
    static bool readFile(const QString &filePath, QByteArray *text, QString *failure, Links links = Links::Follow);
    // Takes `text` that parsed before into a record with `summary`, without
    // parsing it now: the document stays released until json() needs it.
    // For a text known to be unchanged since (SearchIndexCache).
    void restore(const QByteArray &text, const Summary &summary);

    QString filePath() const { return m_filePath; }
    void setFilePath(const QString &filePath) { m_filePath = filePath; }

    // The document, parsed again from the text if it was released.
    const OrderedJson &json() const;
    bool hasDocument() const { return bool(m_json); }
    // Frees the document of an unchanged record (a changed one keeps it).
    // References that json() returned are invalid afterwards.
    void releaseDocument();
    const QByteArray &originalText() const { return m_text; }
    // Whether originalText() is `text`; at once when it is a copy of it.
    bool hasOriginalText(const QByteArray &text) const;
    bool hadByteOrderMark() const { return m_byteOrderMark; }
    bool hasFinalNewline() const { return m_finalNewline; }

    // The document as it would be written now: the original bytes when
    // nothing changed, otherwise a fresh 2-space serialisation.
    QByteArray textToWrite() const;
    // Always serialises (2-space indent, UTF-8 as itself, spellings kept).
    // Throws nlohmann::json::type_error on invalid UTF-8 in a string.
    QByteArray serialize() const;

    bool isModified() const { return m_modified; }
    // Marks the current document as the one on disk (after a save).
    void markSaved(const QByteArray &writtenText);

    // Generic access by JSON pointer ("/dead_ends/0/fail_rate").
    OrderedJson value(const QString &pointer) const;
    void setValue(const QString &pointer, const OrderedJson &value);
    void removeValue(const QString &pointer);
    void setJson(const OrderedJson &json);

    QString id() const { return summary().id; }
    QString signature() const { return summary().signature; }
    QString signatureZh() const { return summary().signatureZh; }
    QString regex() const { return summary().regex; }
    QString domain() const { return summary().domain; }
    QString category() const { return summary().category; }
    QString subcategory() const { return stringField("subcategory"); }
    QString rootCause() const { return stringField("root_cause"); }
    QString rootCauseType() const { return stringField("root_cause_type"); }
    QString rootCauseZh() const { return stringField("root_cause_zh"); }
    QList<VersionEntry> versions() const;
    QList<QPair<QString, QString>> osNotes() const;
    QList<DeadEnd> deadEnds() const;
    QList<Workaround> workarounds() const;
    QStringList workaroundsZh() const { return stringList("workarounds_zh"); }
    QList<Link> links(Link::Kind kind) const;
    QList<Link> allLinks() const;
    QList<LinkTarget> linkTargets() const { return summary().links; }
    const Summary &summary() const { return m_summary ? *m_summary : *noSummary(); }
    // Shared, never changed: what a copy of the summary for another thread holds (SearchIndexCache's rows), a pointer
    // instead of a copy.
    std::shared_ptr<const Summary> sharedSummary() const { return m_summary ? m_summary : noSummary(); }
    QString officialDocUrl() const { return stringField("official_doc_url"); }
    QString officialDocSection() const { return stringField("official_doc_section"); }
    QString errorCode() const { return stringField("error_code"); }
    QString verificationTier() const { return stringField("verification_tier"); }
    std::optional<double> confidence() const { return numberField("confidence"); }
    std::optional<double> fixSuccessRate() const { return numberField("fix_success_rate"); }
    QString resolvable() const { return stringField("resolvable"); }
    QDate firstSeen() const { return summary().firstSeen; }
    QDate lastConfirmed() const { return summary().lastConfirmed; }
    QDate lastUpdated() const { return summary().lastUpdated; }
    std::optional<qint64> evidenceCount() const;
    QStringList tags() const { return stringList("tags"); }
    QStringList aliases() const { return stringList("aliases"); }
    QString locale() const;

    // Top-level keys the format does not define, in document order.
    QStringList unknownKeys() const;
    static const QStringList &knownKeys();

    // The member `key` of `object`, or a null value; never copies.
    static const OrderedJson &member(const OrderedJson &object, const char *key);
    static QString toQString(const OrderedJson &value); // "" unless a string
    // "2024-06-01" -> that date; anything but a real YYYY-MM-DD date -> invalid.
    static QDate parseDate(const QString &text);
    static std::optional<double> toNumber(const OrderedJson &value);
    static QStringList toStringList(const OrderedJson &value);

private:
    OrderedJson &document();
    // The text and what is noted of it (BOM, final newline, CRLF).
    void takeText(const QByteArray &text);
    const NumberSpellings &spellings() const;
    void parseDocument() const;
    void releaseParsed() const;
    void updateSummary();

    QString stringField(const char *key) const;
    std::optional<double> numberField(const char *key) const;
    QDate dateField(const char *key) const;
    static const std::shared_ptr<const Summary> &noSummary(); // empty
    QStringList stringList(const char *key) const;

    QString m_filePath;
    QByteArray m_text;
    // Null while released. The spellings are collected from the text only
    // when a change or a serialisation needs them.
    mutable std::unique_ptr<OrderedJson> m_json;
    mutable NumberSpellings m_spellings;
    mutable bool m_spellingsKnown = false;
    // Replaced whole when the record changes, never changed in place.
    std::shared_ptr<const Summary> m_summary = noSummary();
    bool m_byteOrderMark = false;
    bool m_finalNewline = false;
    bool m_crlf = false;
    bool m_modified = false;
};

} // namespace Errata
