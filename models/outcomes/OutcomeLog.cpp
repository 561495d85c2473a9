#include "models/outcomes/OutcomeLog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QScopeGuard>
#include <QUuid>
#include <qplatformdefs.h>

#include <algorithm>
#include <cerrno>

namespace Errata {

namespace {

QString timeText(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

QString problem(const QString &file, int line, const QString &message)
{
    return QStringLiteral("%1:%2: %3").arg(file).arg(line).arg(message);
}

// A string member as line() writes it back: a lone surrogate (a "\\ud800"
// escape) is U+FFFD already.
QString stringOf(const QJsonObject &object, QStringView key)
{
    const QString text = object.value(key).toString();
    const bool whole = std::none_of(text.cbegin(), text.cend(), [](QChar c) { return c.isSurrogate(); });
    return whole ? text : QString::fromUtf8(text.toUtf8());
}

} // namespace

// At most MaxNoteChars, never half of a surrogate pair.
QString OutcomeLog::noteOf(const QString &note)
{
    QString cut = note.left(MaxNoteChars);
    if (cut.size() < note.size() && !cut.isEmpty() && cut.back().isHighSurrogate())
        cut.chop(1);
    return cut;
}

namespace {

// A report line, or why it is not one.
bool readReport(const QJsonObject &object, OutcomeReport *report, QString *why)
{
    const QString kind = object.value(u"kind").toString();
    const QJsonValue index = object.value(u"index");
    report->key = stringOf(object, u"report");
    report->time = QDateTime::fromString(object.value(u"time").toString(), Qt::ISODateWithMs);
    report->client = stringOf(object, u"client");
    report->recordId = stringOf(object, u"id");
    report->note = OutcomeLog::noteOf(stringOf(object, u"note"));
    if (report->key.isEmpty() || report->recordId.isEmpty()) {
        *why = OutcomeLog::tr("a report needs \"report\" and \"id\" strings");
        return false;
    }
    if (kind != QLatin1String("workaround") && kind != QLatin1String("dead_end")) {
        *why = OutcomeLog::tr("\"kind\" must be \"workaround\" or \"dead_end\"");
        return false;
    }
    report->kind = kind == QLatin1String("workaround") ? OutcomeReport::Workaround : OutcomeReport::DeadEnd;
    if (!index.isDouble() || index.toDouble() != double(index.toInt(-1)) || index.toInt(-1) < 0) {
        *why = OutcomeLog::tr("\"index\" must be a whole number of 0 or more");
        return false;
    }
    report->index = index.toInt();
    if (!object.value(u"worked").isBool()) {
        *why = OutcomeLog::tr("\"worked\" must be true or false");
        return false;
    }
    report->worked = object.value(u"worked").toBool();
    if (!report->time.isValid()) {
        *why = OutcomeLog::tr("\"time\" must be an ISO 8601 time");
        return false;
    }
    report->time = report->time.toUTC();
    return true;
}

bool readFold(const QJsonObject &object, OutcomeLog::Fold *fold, QString *why)
{
    fold->key = object.value(u"fold").toString();
    fold->recordId = object.value(u"id").toString();
    const QJsonValue reports = object.value(u"reports");
    if (fold->key.isEmpty() || fold->recordId.isEmpty() || !reports.isArray()) {
        *why = OutcomeLog::tr("a fold needs \"fold\" and \"id\" strings and a \"reports\" list");
        return false;
    }
    for (const QJsonValue &report : reports.toArray()) {
        if (!report.isString()) {
            *why = OutcomeLog::tr("the \"reports\" of a fold must be strings");
            return false;
        }
        fold->reports << report.toString();
    }
    return true;
}

constexpr qint64 ReadChunk = 64 * 1024;

// The lines of the log as they come, in pieces of any size: each whole line
// read as a report, a fold or an unfold; a line longer than the limit named
// and skipped, never held whole; the last line, without its line end, left.
class LineSplitter
{
public:
    LineSplitter(const QString &file, qint64 lineBytes)
        : m_file(file)
        , m_lineBytes(lineBytes)
    {
    }

    void feed(QByteArrayView piece)
    {
        while (!piece.isEmpty()) {
            const qsizetype end = piece.indexOf('\n');
            const QByteArrayView part = end < 0 ? piece : piece.first(end);
            if (!m_tooLong && m_partial.size() + part.size() > m_lineBytes) {
                m_tooLong = true;
                m_partial.clear();
            }
            if (!m_tooLong)
                m_partial += part;
            if (end < 0)
                return;
            lineEnded();
            piece = piece.sliced(end + 1);
        }
    }

    OutcomeLog::Contents finish()
    {
        m_contents.folds.removeIf([](const OutcomeLog::Fold &fold) { return fold.reports.isEmpty(); });
        return std::move(m_contents);
    }

    OutcomeLog::Contents &contents() { return m_contents; }

private:
    void lineEnded()
    {
        ++m_number;
        if (m_tooLong)
            m_contents.problems << problem(m_file, m_number,
                                           OutcomeLog::tr("longer than %1 bytes; skipped").arg(m_lineBytes));
        else
            take(m_partial.trimmed());
        m_partial.clear();
        m_tooLong = false;
    }

    void take(const QByteArray &line);

    QString m_file;
    qint64 m_lineBytes;
    QByteArray m_partial; // the line so far, at most m_lineBytes
    bool m_tooLong = false;
    int m_number = 0;
    OutcomeLog::Contents m_contents;
    QHash<QString, int> m_foldAt; // key -> index into m_contents.folds
};

void LineSplitter::take(const QByteArray &line)
{
    if (line.isEmpty())
        return;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
    if (!doc.isObject()) {
        m_contents.problems << problem(m_file, m_number, OutcomeLog::tr("not a JSON object"));
        return;
    }
    const QJsonObject object = doc.object();
    QString why;
    if (object.contains(u"report")) {
        OutcomeReport report;
        if (readReport(object, &report, &why))
            m_contents.reports << report;
    } else if (object.contains(u"fold")) {
        OutcomeLog::Fold fold;
        if (readFold(object, &fold, &why)) {
            m_foldAt.insert(fold.key, int(m_contents.folds.size()));
            m_contents.folds << fold;
        }
    } else if (object.value(u"unfold").isString()) {
        const int at = m_foldAt.value(object.value(u"unfold").toString(), -1);
        if (at >= 0)
            m_contents.folds[at].reports.clear(); // taken back: it folds nothing now
    } else {
        why = OutcomeLog::tr("not a report, a fold or an unfold");
    }
    if (!why.isEmpty())
        m_contents.problems << problem(m_file, m_number, why);
}

#ifdef Q_OS_UNIX
// The log, opened relative to the KB's folder, never through a link (a link
// put in its place after any check is refused by the open itself), without
// waiting for a FIFO's writer, and kept only if it is a regular file.
// -1 with `error` set; `missing` when there is no log yet (and not
// creating).
int openLog(const QString &root, int flags, QString *error, bool *missing = nullptr)
{
    const QString path = OutcomeLog::filePath(root);
    const int folder = QT_OPEN(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) {
        if (missing)
            *missing = errno == ENOENT;
        *error = QStringLiteral("%1: %2").arg(root, qt_error_string(errno));
        return -1;
    }
    const int fd = ::openat(folder, QFile::encodeName(OutcomeLog::fileName()).constData(),
                            flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    const int openError = errno;
    QT_CLOSE(folder);
    if (fd < 0) {
        if (missing)
            *missing = openError == ENOENT;
        *error = openError == ELOOP
            ? OutcomeLog::tr("%1 is a symbolic link, not a regular file; nothing is read or written through it")
                  .arg(path)
            : QStringLiteral("%1: %2").arg(path, qt_error_string(openError));
        return -1;
    }
    QT_STATBUF info;
    if (QT_FSTAT(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        QT_CLOSE(fd);
        *error = OutcomeLog::tr("%1 is not a regular file; nothing is read or written through it").arg(path);
        return -1;
    }
    return fd;
}

bool writeAll(int fd, const QByteArray &bytes)
{
    qsizetype written = 0;
    while (written < bytes.size()) {
        const ssize_t done = QT_WRITE(fd, bytes.constData() + written, size_t(bytes.size() - written));
        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0)
            return false;
        written += done;
    }
    return true;
}
#endif

} // namespace

QList<OutcomeReport> OutcomeLog::Contents::of(const QString &recordId) const
{
    QList<OutcomeReport> result;
    for (const OutcomeReport &report : reports) {
        if (report.recordId == recordId)
            result << report;
    }
    return result;
}

QSet<QString> OutcomeLog::Contents::foldedKeys() const
{
    QSet<QString> keys;
    for (const Fold &fold : folds) {
        for (const QString &key : fold.reports)
            keys.insert(key);
    }
    return keys;
}

QList<OutcomeReport> OutcomeLog::Contents::unfolded(const QString &recordId) const
{
    const QSet<QString> folded = foldedKeys();
    QList<OutcomeReport> result;
    for (const OutcomeReport &report : of(recordId)) {
        if (!folded.contains(report.key))
            result << report;
    }
    return result;
}

QString OutcomeLog::filePath(const QString &root)
{
    return QDir(root).filePath(fileName());
}

QString OutcomeLog::newKey(const QString &prefix)
{
    return prefix + QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QByteArray OutcomeLog::line(const OutcomeReport &report)
{
    return compact(QJsonObject{
        {QStringLiteral("report"), report.key},
        {QStringLiteral("time"), timeText(report.time)},
        {QStringLiteral("client"), report.client},
        {QStringLiteral("id"), report.recordId},
        {QStringLiteral("kind"),
         report.kind == OutcomeReport::Workaround ? QStringLiteral("workaround") : QStringLiteral("dead_end")},
        {QStringLiteral("index"), report.index},
        {QStringLiteral("worked"), report.worked},
        {QStringLiteral("note"), noteOf(report.note)}});
}

bool OutcomeLog::appendFold(const QString &root, const Fold &fold, const QString &by, QString *error)
{
    return appendLine(root,
                      compact(QJsonObject{{QStringLiteral("fold"), fold.key},
                                          {QStringLiteral("id"), fold.recordId},
                                          {QStringLiteral("reports"), QJsonArray::fromStringList(fold.reports)},
                                          {QStringLiteral("by"), by},
                                          {QStringLiteral("time"), timeText(QDateTime::currentDateTimeUtc())}}),
                      error, Limits());
}

bool OutcomeLog::appendUnfold(const QString &root, const Fold &fold, QString *error)
{
    return appendLine(root,
                      compact(QJsonObject{{QStringLiteral("unfold"), fold.key},
                                          {QStringLiteral("id"), fold.recordId},
                                          {QStringLiteral("time"), timeText(QDateTime::currentDateTimeUtc())}}),
                      error, Limits());
}

bool OutcomeLog::append(const QString &root, const OutcomeReport &report, QString *error)
{
    return appendLine(root, line(report), error, Limits());
}

bool OutcomeLog::append(const QString &root, const OutcomeReport &report, QString *error, const Limits &limits)
{
    return appendLine(root, line(report), error, limits);
}

// One write() with O_APPEND: lines appended at the same time by several
// processes never interleave. A last line without its line end gets one in
// the same write, so that the new line is a line of its own.
bool OutcomeLog::appendLine(const QString &root, const QByteArray &line, QString *error, const Limits &limits)
{
    const QString path = filePath(root);
    if (line.size() - 1 > limits.lineBytes) {
        *error = tr("%1: the line would be longer than %2 bytes, the most read back; nothing is written")
                     .arg(path)
                     .arg(limits.lineBytes);
        return false;
    }
#ifdef Q_OS_UNIX
    const int fd = openLog(root, O_RDWR | O_APPEND | O_CREAT, error);
    if (fd < 0)
        return false;
    const auto closeLater = qScopeGuard([fd] { QT_CLOSE(fd); });
    QT_STATBUF info;
    if (QT_FSTAT(fd, &info) != 0) {
        *error = QStringLiteral("%1: %2").arg(path, qt_error_string(errno));
        return false;
    }
    char last = '\n';
    if (info.st_size > 0 && ::pread(fd, &last, 1, info.st_size - 1) != 1)
        last = '\n';
    const QByteArray bytes = last == '\n' ? line : '\n' + line;
    if (qint64(info.st_size) + bytes.size() > limits.fileBytes) {
        *error = tr("%1 is full: %2, the most read back; the report is not kept. Fold its reports in, then move "
                    "the file aside (the next report starts a new one)")
                     .arg(path, QLocale::c().formattedDataSize(limits.fileBytes, 0, QLocale::DataSizeIecFormat));
        return false;
    }
    if (!writeAll(fd, bytes)) {
        *error = QStringLiteral("%1: %2").arg(path, qt_error_string(errno));
        return false;
    }
    return true;
#else
    const QFileInfo info(path);
    if (info.isSymLink() || (info.exists() && !info.isFile())) {
        *error = tr("%1 is not a regular file; nothing is read or written through it").arg(path);
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite | QIODevice::Append | QIODevice::Unbuffered)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    char last = '\n';
    if (file.size() > 0 && file.seek(file.size() - 1))
        file.getChar(&last);
    const QByteArray bytes = last == '\n' ? line : '\n' + line;
    if (file.size() + bytes.size() > limits.fileBytes) {
        *error = tr("%1 is full: %2, the most read back; the report is not kept. Fold its reports in, then move "
                    "the file aside (the next report starts a new one)")
                     .arg(path, QLocale::c().formattedDataSize(limits.fileBytes, 0, QLocale::DataSizeIecFormat));
        return false;
    }
    if (file.write(bytes) != bytes.size()) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
#endif
}

OutcomeLog::Contents OutcomeLog::read(const QString &root)
{
    return read(root, Limits());
}

// Streamed in pieces of ReadChunk bytes, up to limits.fileBytes.
OutcomeLog::Contents OutcomeLog::read(const QString &root, const Limits &limits)
{
    const QString path = filePath(root);
    LineSplitter lines(path, limits.lineBytes);
#ifdef Q_OS_UNIX
    QString error;
    bool missing = false;
    const int fd = openLog(root, O_RDONLY, &error, &missing);
    if (fd < 0) {
        if (!missing)
            lines.contents().problems << tr("%1: cannot be read (%2)").arg(path, error);
        return lines.finish();
    }
    const auto closeLater = qScopeGuard([fd] { QT_CLOSE(fd); });
    QByteArray buffer(qsizetype(ReadChunk), Qt::Uninitialized);
    qint64 total = 0;
    bool more = false;
    for (;;) {
        const ssize_t got = QT_READ(fd, buffer.data(), size_t(buffer.size()));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            lines.contents().problems << tr("%1: cannot be read (%2)").arg(path, qt_error_string(errno));
            break;
        }
        if (got == 0)
            break;
        const qint64 taken = qMin<qint64>(got, limits.fileBytes - total);
        lines.feed(QByteArrayView(buffer.constData(), qsizetype(taken)));
        total += taken;
        if (taken < got) {
            more = true;
            break;
        }
    }
#else
    QFile file(path);
    if (!QFileInfo::exists(path))
        return lines.finish();
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly)) {
        lines.contents().problems << tr("%1: cannot be read (%2)").arg(path, file.errorString());
        return lines.finish();
    }
    qint64 total = 0;
    while (total < limits.fileBytes) {
        const QByteArray piece = file.read(qMin(ReadChunk, limits.fileBytes - total));
        if (piece.isEmpty())
            break;
        lines.feed(piece);
        total += piece.size();
    }
    const bool more = !file.atEnd();
#endif
    Contents contents = lines.finish();
    if (more)
        contents.problems << tr("%1: only the first %2 are read")
                                 .arg(path,
                                      QLocale::c().formattedDataSize(limits.fileBytes, 0, QLocale::DataSizeIecFormat));
    return contents;
}

OutcomeLog::Contents OutcomeLog::parse(const QByteArray &text, const QString &file)
{
    return parse(text, file, Limits());
}

OutcomeLog::Contents OutcomeLog::parse(const QByteArray &text, const QString &file, const Limits &limits)
{
    LineSplitter lines(file, limits.lineBytes);
    lines.feed(text);
    return lines.finish();
}

} // namespace Errata
