#include "models/record/Record.h"

#include "models/json/ConflictMarkers.h"
#include "models/json/JsonText.h"
#include "models/json/OrderedJsonBuilder.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>

#include <QScopeGuard>
#include <qplatformdefs.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>

namespace Errata {

namespace {

const QByteArray ByteOrderMark("\xEF\xBB\xBF");

// nlohmann's messages start with "[json.exception.parse_error.101] parse error
// at line 1, column 2: "; we give the position ourselves, in characters.
QString plainParseMessage(const char *what)
{
    QString message = QString::fromUtf8(what);
    const int colon = message.indexOf(QLatin1String(": "), message.indexOf(QLatin1String("parse error")));
    if (colon >= 0)
        message = message.mid(colon + 2);
    return Record::tr("invalid JSON: ") + message;
}

// nlohmann reports an ill-formed UTF-8 sequence at the byte that broke it
// ("\xC3(" at the "("); the character to show is the one the sequence began.
qsizetype startOfBrokenSequence(const QByteArray &text, qsizetype offset)
{
    qsizetype lead = offset;
    while (lead > 0 && offset - lead < 3 && (uchar(text.at(lead - 1)) & 0xC0) == 0x80)
        --lead;
    if (lead == 0 || uchar(text.at(lead - 1)) < 0xC0)
        return offset;
    --lead;
    const uchar first = uchar(text.at(lead));
    const qsizetype length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2;
    return offset - lead < length ? lead : offset;
}

QString sizeText(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
}

QString tooLargeMessage(qint64 size)
{
    return Record::tr("the file is %1; records larger than %2 are not loaded")
        .arg(sizeText(size), sizeText(Record::MaxFileSize));
}

QString notRegularMessage()
{
    return Record::tr("cannot read the file: ") + Record::tr("not a regular file");
}

#ifdef Q_OS_UNIX
// open, fstat, read, close: QFile needs three more system calls per file
// (two fstat and a read to find the end), which shows when a KB of 50,000
// files is opened on a machine where system calls are expensive.
//
// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer,
// forever; what was opened is then read only if fstat says it is a regular
// file (checking before the open would leave a gap to swap the file in).
// Reads of a regular file never block, with or without it.
bool readWholeFile(const QString &filePath, QByteArray *text, QString *failure, Record::Links links)
{
    const int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (links == Record::Links::Refuse ? O_NOFOLLOW : 0);
    const int fd = QT_OPEN(QFile::encodeName(filePath).constData(), flags);
    if (fd < 0) {
        const int error = errno;
        *failure = Record::tr("cannot read the file: ")
            + (error == ELOOP && links == Record::Links::Refuse ? Record::tr("it was replaced by a link")
                                                                : qt_error_string(error));
        return false;
    }
    const auto closeLater = qScopeGuard([fd] { QT_CLOSE(fd); });
    QT_STATBUF info;
    if (QT_FSTAT(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        *failure = notRegularMessage();
        return false;
    }
    if (info.st_size > Record::MaxFileSize) {
        *failure = tooLargeMessage(info.st_size);
        return false;
    }
    // One byte more than the size, so that a single read also finds the end;
    // a file that grew since fstat is read on until the limit. Allocated to
    // the byte: resize() would round up to the next power of two, and a KB
    // keeps every record's text.
    *text = QByteArray(qsizetype(info.st_size) + 1, Qt::Uninitialized);
    qsizetype filled = 0;
    for (;;) {
        const ssize_t got = QT_READ(fd, text->data() + filled, size_t(text->size() - filled));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            *failure = Record::tr("cannot read the file: ") + qt_error_string(errno);
            return false;
        }
        filled += got;
        if (got == 0 || filled < text->size())
            break;
        if (filled > Record::MaxFileSize) {
            *failure = tooLargeMessage(filled);
            return false;
        }
        text->resize(text->size() * 2);
    }
    text->truncate(filled);
    if (text->capacity() > filled + filled / 8)
        text->squeeze(); // grown while reading
    return true;
}
#else
bool readWholeFile(const QString &filePath, QByteArray *text, QString *failure, Record::Links links)
{
    const QFileInfo info(filePath);
    if ((links == Record::Links::Refuse && info.isSymLink()) || !info.isFile()) {
        *failure = notRegularMessage();
        return false;
    }
    QFile file(filePath);
    if (!file.open(QIODevice::ReadOnly)) {
        *failure = Record::tr("cannot read the file: ") + file.errorString();
        return false;
    }
    if (file.size() > Record::MaxFileSize) {
        *failure = tooLargeMessage(file.size());
        return false;
    }
    *text = file.readAll();
    return true;
}
#endif

OrderedJson::json_pointer toPointer(const QString &pointer)
{
    return OrderedJson::json_pointer(pointer.toStdString());
}

// The objects of the array `key`, each made into an Item; other items skipped.
template<typename Item, typename Make>
QList<Item> objectsOf(const OrderedJson &document, const char *key, Make make)
{
    QList<Item> list;
    const OrderedJson &array = Record::member(document, key);
    if (!array.is_array())
        return list;
    for (const auto &item : array) {
        if (item.is_object())
            list << make(item);
    }
    return list;
}

// "duplicate key "regex": first at line 5, again at line 9", at the second
// key, for the member `pointer` that the builder found written twice.
Record::LoadError duplicateKeyError(const QByteArray &text, const OrderedJson::json_pointer &member)
{
    const QString pointer = QString::fromStdString(member.to_string());
    const QString key = QString::fromStdString(OrderedJson(member.back()).dump());
    const JsonText json(text);
    const QList<qsizetype> offsets = json.keyOffsetsOf(pointer);
    if (offsets.size() < 2) // cannot happen: the builder read both
        return {Record::tr("duplicate key %1").arg(key), 1, 1, pointer};
    const JsonText::Position first = json.positionOf(offsets.at(0));
    const JsonText::Position again = json.positionOf(offsets.at(1));
    const QString message = first.line == again.line
        ? Record::tr("duplicate key %1: first at line %2, column %3, again at column %4")
              .arg(key)
              .arg(first.line)
              .arg(first.column)
              .arg(again.column)
        : Record::tr("duplicate key %1: first at line %2, again at line %3").arg(key).arg(first.line).arg(again.line);
    return {message, again.line, again.column, pointer};
}

// A file git could not merge holds conflict blocks: that, not the JSON
// error they cause, is what to tell.
bool conflictError(const QByteArray &text, Record::LoadError *error)
{
    const QList<ConflictMarkers::Block> blocks = ConflictMarkers::find(text);
    if (blocks.isEmpty())
        return false;
    QString message =
        Record::tr("merge conflict, lines %1–%2").arg(blocks.first().firstLine).arg(blocks.first().lastLine);
    if (blocks.size() > 1)
        message += Record::tr(" (and %n more)", nullptr, int(blocks.size() - 1));
    *error = {message + Record::tr(": the file holds git's conflict markers; resolve the conflict"),
              blocks.first().firstLine, 1, QString()};
    return true;
}

} // namespace

bool Record::load(const QString &filePath, LoadError *error)
{
    m_filePath = filePath;
    QByteArray text;
    QString failure;
    if (!readWholeFile(filePath, &text, &failure, Links::Follow)) {
        *error = {failure, 0, 0, QString()};
        return false;
    }
    return parse(text, error);
}

bool Record::readFile(const QString &filePath, QByteArray *text, QString *failure, Links links)
{
    return readWholeFile(filePath, text, failure, links);
}

void Record::takeText(const QByteArray &text)
{
    m_text = text;
    m_byteOrderMark = text.startsWith(ByteOrderMark);
    m_finalNewline = text.endsWith('\n');
    // Not QByteArray::contains(), which searched every byte of every file
    // with a rolling hash (a twentieth of the opening's time).
    m_crlf = std::string_view(text.constData(), size_t(text.size())).find("\r\n") != std::string_view::npos;
    m_modified = false;
}

void Record::restore(const QByteArray &text, const Summary &summary)
{
    takeText(text);
    releaseParsed();
    m_summary = std::make_shared<const Summary>(summary);
}

bool Record::parse(const QByteArray &text, LoadError *error)
{
    takeText(text);
    const QByteArray body = m_byteOrderMark ? text.mid(ByteOrderMark.size()) : text;
    const auto isSpace = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
    if (std::all_of(body.cbegin(), body.cend(), isSpace)) {
        *error = {Record::tr("the file is empty"), 1, 1, QString()};
        return false;
    }
    const qsizetype tooDeep = JsonText::firstTooDeep(text, MaxDepth);
    if (tooDeep >= 0) {
        const JsonText::Position at = JsonText::positionOf(text, tooDeep);
        *error = {Record::tr("JSON nested deeper than %1 levels").arg(MaxDepth), at.line, at.column, QString()};
        return false;
    }
    const std::string_view bodyText(body.constData(), size_t(body.size()));
    OrderedJsonBuilder builder;
    const bool parsed = builder.parse(bodyText);
    if (!parsed && builder.hasDuplicateKey()) {
        *error = duplicateKeyError(text, builder.duplicateKey());
        return false;
    }
    if (!parsed && conflictError(text, error))
        return false;
    if (!parsed) {
        const char *what = builder.errorMessage().c_str();
        qsizetype offset = qMax<qsizetype>(0, qsizetype(builder.errorByte()) - 1) + (text.size() - body.size());
        if (std::strstr(what, "UTF-8"))
            offset = startOfBrokenSequence(text, qMin(offset, text.size()));
        const JsonText::Position at = JsonText::positionOf(text, offset);
        *error = {plainParseMessage(what), at.line, at.column, QString()};
        return false;
    }
    m_json = std::make_unique<OrderedJson>(builder.takeDocument());
    if (!m_json->is_object()) {
        *error = {Record::tr("a record must be a JSON object, not %1").arg(QString::fromUtf8(m_json->type_name())), 1,
                  1, QString()};
        *m_json = OrderedJson::object();
        updateSummary();
        return false;
    }
    m_spellings = NumberSpellings();
    m_spellingsKnown = false;
    updateSummary();
    return true;
}

Record::Record(const Record &other)
    : m_filePath(other.m_filePath)
    , m_text(other.m_text)
    , m_json(other.m_json ? std::make_unique<OrderedJson>(*other.m_json) : nullptr)
    , m_spellings(other.m_spellings)
    , m_spellingsKnown(other.m_spellingsKnown)
    , m_summary(other.m_summary)
    , m_byteOrderMark(other.m_byteOrderMark)
    , m_finalNewline(other.m_finalNewline)
    , m_crlf(other.m_crlf)
    , m_modified(other.m_modified)
{
}

Record &Record::operator=(const Record &other)
{
    if (this != &other)
        *this = Record(other);
    return *this;
}

Record::~Record() = default;

bool Record::hasOriginalText(const QByteArray &text) const
{
    const bool sameCopy = m_text.constData() == text.constData() && m_text.size() == text.size();
    return sameCopy || m_text == text;
}

const OrderedJson &Record::json() const
{
    if (!m_json)
        parseDocument();
    return *m_json;
}

// Before the first change, the spellings of the text the document came from.
OrderedJson &Record::document()
{
    json();
    spellings();
    return *m_json;
}

const NumberSpellings &Record::spellings() const
{
    if (!m_spellingsKnown) {
        const qsizetype skip = m_byteOrderMark ? ByteOrderMark.size() : 0;
        m_spellings.collect(std::string_view(m_text.constData() + skip, size_t(m_text.size() - skip)));
        m_spellingsKnown = true;
    }
    return m_spellings;
}

// The text parsed once already, so this cannot fail unless the record was
// never loaded (a default record reads as null, as it always did).
void Record::parseDocument() const
{
    m_json = std::make_unique<OrderedJson>();
    if (m_text.isEmpty())
        return;
    const qsizetype skip = m_byteOrderMark ? ByteOrderMark.size() : 0;
    const std::string_view body(m_text.constData() + skip, size_t(m_text.size() - skip));
    OrderedJsonBuilder builder;
    *m_json = builder.parse(body) ? builder.takeDocument() : OrderedJson::object();
    if (!m_json->is_object())
        *m_json = OrderedJson::object();
}

void Record::releaseDocument()
{
    if (!m_modified)
        releaseParsed();
}

void Record::releaseParsed() const
{
    m_json.reset();
    m_spellings = NumberSpellings();
    m_spellingsKnown = false;
}

void Record::updateSummary()
{
    auto summary = std::make_shared<Summary>();
    summary->id = stringField("id");
    summary->signature = stringField("signature");
    summary->signatureZh = stringField("signature_zh");
    summary->regex = stringField("regex");
    summary->domain = stringField("domain");
    summary->category = stringField("category");
    for (const Link &link : allLinks())
        summary->links << LinkTarget{link.kind, link.targetId, link.position};
    summary->firstSeen = dateField("first_seen");
    summary->lastConfirmed = dateField("last_confirmed");
    summary->lastUpdated = dateField("last_updated");
    m_summary = std::move(summary);
}

const std::shared_ptr<const Record::Summary> &Record::noSummary()
{
    static const auto none = std::make_shared<const Summary>();
    return none;
}

Record::ParsedForNow::ParsedForNow(const Record &record)
    : m_record(record)
    , m_release(!record.hasDocument())
{
    record.json();
}

Record::ParsedForNow::~ParsedForNow()
{
    if (m_release && !m_record.m_modified)
        m_record.releaseParsed();
}

QByteArray Record::serialize() const
{
    QByteArray text = QByteArray::fromStdString(spellings().dump(json()));
    if (m_finalNewline)
        text += '\n';
    if (m_crlf)
        text.replace("\n", "\r\n");
    return text;
}

QByteArray Record::textToWrite() const
{
    return m_modified ? serialize() : m_text;
}

void Record::markSaved(const QByteArray &writtenText)
{
    m_text = writtenText;
    m_byteOrderMark = writtenText.startsWith(ByteOrderMark);
    m_modified = false;
    // Collected again from the new text when needed: pointers may have moved with the edit.
    m_spellings = NumberSpellings();
    m_spellingsKnown = false;
}

OrderedJson Record::value(const QString &pointer) const
{
    const auto path = toPointer(pointer);
    const OrderedJson &doc = json();
    return doc.contains(path) ? doc.at(path) : OrderedJson();
}

void Record::setValue(const QString &pointer, const OrderedJson &value)
{
    document()[toPointer(pointer)] = value;
    m_modified = true;
    updateSummary();
}

void Record::removeValue(const QString &pointer)
{
    const auto path = toPointer(pointer);
    if (!document().contains(path))
        return;
    const auto parentPath = path.parent_pointer();
    OrderedJson &parent = m_json->at(parentPath);
    const std::string &last = path.back();
    if (parent.is_array()) {
        parent.erase(std::stoul(last));
        m_spellings.removeArrayItem(path);
    } else {
        parent.erase(last);
    }
    m_modified = true;
    updateSummary();
}

void Record::setJson(const OrderedJson &json)
{
    document() = json;
    m_modified = true;
    updateSummary();
}

const OrderedJson &Record::member(const OrderedJson &object, const char *key)
{
    static const OrderedJson null;
    if (!object.is_object())
        return null;
    const auto it = object.find(key);
    return it == object.end() ? null : *it;
}

// Hand-parsed: QDate::fromString with a format is slow enough to show when
// thousands of records are validated.
QDate Record::parseDate(const QString &text)
{
    if (text.size() != 10 || text.at(4) != QLatin1Char('-') || text.at(7) != QLatin1Char('-'))
        return QDate();
    int parts[3] = {0, 0, 0};
    const int starts[3] = {0, 5, 8};
    const int lengths[3] = {4, 2, 2};
    for (int p = 0; p < 3; ++p) {
        for (int i = starts[p]; i < starts[p] + lengths[p]; ++i) {
            const QChar c = text.at(i);
            if (c < QLatin1Char('0') || c > QLatin1Char('9'))
                return QDate();
            parts[p] = parts[p] * 10 + (c.unicode() - '0');
        }
    }
    const QDate date(parts[0], parts[1], parts[2]);
    return date.isValid() ? date : QDate();
}

QString Record::toQString(const OrderedJson &value)
{
    return value.is_string() ? QString::fromStdString(value.get_ref<const std::string &>()) : QString();
}

std::optional<double> Record::toNumber(const OrderedJson &value)
{
    if (value.is_number())
        return value.get<double>();
    return std::nullopt;
}

QStringList Record::toStringList(const OrderedJson &value)
{
    QStringList list;
    if (!value.is_array())
        return list;
    for (const auto &item : value)
        if (item.is_string())
            list << toQString(item);
    return list;
}

QString Record::stringField(const char *key) const
{
    return toQString(member(json(), key));
}

std::optional<double> Record::numberField(const char *key) const
{
    return toNumber(member(json(), key));
}

QDate Record::dateField(const char *key) const
{
    return parseDate(stringField(key));
}

QStringList Record::stringList(const char *key) const
{
    return toStringList(member(json(), key));
}

std::optional<qint64> Record::evidenceCount() const
{
    const OrderedJson &count = member(json(), "evidence_count");
    if (!count.is_number_integer())
        return std::nullopt;
    return count.get<qint64>();
}

QString Record::locale() const
{
    const QString value = stringField("locale");
    return value.isEmpty() ? QStringLiteral("en") : value;
}

QList<VersionEntry> Record::versions() const
{
    return objectsOf<VersionEntry>(json(), "versions", [](const OrderedJson &item) {
        const auto text = [&item](const char *key) { return toQString(member(item, key)); };
        return VersionEntry{text("version"), text("introduced"),      text("deprecated"),
                            text("removed"), text("behavior_change"), text("status")};
    });
}

QList<QPair<QString, QString>> Record::osNotes() const
{
    QList<QPair<QString, QString>> notes;
    const OrderedJson &perOs = member(json(), "os_specific");
    if (!perOs.is_object())
        return notes;
    for (const auto &[os, note] : perOs.items())
        notes << qMakePair(QString::fromStdString(os), toQString(note));
    return notes;
}

QList<DeadEnd> Record::deadEnds() const
{
    return objectsOf<DeadEnd>(json(), "dead_ends", [](const OrderedJson &item) {
        const auto text = [&item](const char *key) { return toQString(member(item, key)); };
        return DeadEnd{text("action"), text("why_fails"), toNumber(member(item, "fail_rate")), text("condition"),
                       toStringList(member(item, "sources"))};
    });
}

QList<Workaround> Record::workarounds() const
{
    return objectsOf<Workaround>(json(), "workarounds", [](const OrderedJson &item) {
        const auto text = [&item](const char *key) { return toQString(member(item, key)); };
        return Workaround{text("action"),   toNumber(member(item, "success_rate")), text("how"), text("condition"),
                          text("tradeoff"), toStringList(member(item, "sources"))};
    });
}

QList<Link> Record::links(Link::Kind kind) const
{
    QList<Link> list;
    const OrderedJson &items = member(member(json(), "transition_graph"), Link::key(kind));
    if (!items.is_array())
        return list;
    for (size_t i = 0; i < items.size(); ++i) {
        const OrderedJson &item = items[i];
        Link link;
        link.kind = kind;
        link.position = int(i);
        if (item.is_string()) {
            link.targetId = toQString(item);
            link.bare = true;
        } else if (item.is_object()) {
            const auto text = [&](const char *key) { return toQString(member(item, key)); };
            link.targetId = text("error_id");
            link.probability = toNumber(member(item, "probability"));
            link.condition = text("condition");
            link.typicalDelay = text("typical_delay");
            link.distinction = text("distinction");
        } else {
            continue;
        }
        list << link;
    }
    return list;
}

QList<Link> Record::allLinks() const
{
    return links(Link::LeadsTo) + links(Link::PrecededBy) + links(Link::ConfusedWith);
}

const QStringList &Record::knownKeys()
{
    static const QStringList keys = {QStringLiteral("id"),
                                     QStringLiteral("signature"),
                                     QStringLiteral("signature_zh"),
                                     QStringLiteral("regex"),
                                     QStringLiteral("domain"),
                                     QStringLiteral("category"),
                                     QStringLiteral("subcategory"),
                                     QStringLiteral("root_cause"),
                                     QStringLiteral("root_cause_type"),
                                     QStringLiteral("root_cause_zh"),
                                     QStringLiteral("versions"),
                                     QStringLiteral("os_specific"),
                                     QStringLiteral("dead_ends"),
                                     QStringLiteral("workarounds"),
                                     QStringLiteral("workarounds_zh"),
                                     QStringLiteral("transition_graph"),
                                     QStringLiteral("official_doc_url"),
                                     QStringLiteral("official_doc_section"),
                                     QStringLiteral("error_code"),
                                     QStringLiteral("verification_tier"),
                                     QStringLiteral("confidence"),
                                     QStringLiteral("fix_success_rate"),
                                     QStringLiteral("resolvable"),
                                     QStringLiteral("first_seen"),
                                     QStringLiteral("last_confirmed"),
                                     QStringLiteral("last_updated"),
                                     QStringLiteral("evidence_count"),
                                     QStringLiteral("tags"),
                                     QStringLiteral("locale"),
                                     QStringLiteral("aliases")};
    return keys;
}

QStringList Record::unknownKeys() const
{
    QStringList unknown;
    for (const auto &[key, value] : json().items()) {
        const QString name = QString::fromStdString(key);
        if (!knownKeys().contains(name))
            unknown << name;
    }
    return unknown;
}

} // namespace Errata
