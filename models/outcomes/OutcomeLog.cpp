#include "models/outcomes/OutcomeLog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>

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

// A report line, or why it is not one.
bool readReport(const QJsonObject &object, OutcomeReport *report, QString *why)
{
    const QString kind = object.value(u"kind").toString();
    const QJsonValue index = object.value(u"index");
    report->key = object.value(u"report").toString();
    report->time = QDateTime::fromString(object.value(u"time").toString(), Qt::ISODateWithMs);
    report->client = object.value(u"client").toString();
    report->recordId = object.value(u"id").toString();
    report->note = object.value(u"note").toString().left(OutcomeLog::MaxNoteChars);
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
        {QStringLiteral("note"), report.note.left(MaxNoteChars)}});
}

bool OutcomeLog::append(const QString &root, const OutcomeReport &report, QString *error)
{
    return appendLine(root, line(report), error);
}

bool OutcomeLog::appendFold(const QString &root, const Fold &fold, const QString &by, QString *error)
{
    return appendLine(root,
                      compact(QJsonObject{{QStringLiteral("fold"), fold.key},
                                          {QStringLiteral("id"), fold.recordId},
                                          {QStringLiteral("reports"), QJsonArray::fromStringList(fold.reports)},
                                          {QStringLiteral("by"), by},
                                          {QStringLiteral("time"), timeText(QDateTime::currentDateTimeUtc())}}),
                      error);
}

bool OutcomeLog::appendUnfold(const QString &root, const Fold &fold, QString *error)
{
    return appendLine(root,
                      compact(QJsonObject{{QStringLiteral("unfold"), fold.key},
                                          {QStringLiteral("id"), fold.recordId},
                                          {QStringLiteral("time"), timeText(QDateTime::currentDateTimeUtc())}}),
                      error);
}

// One write() with O_APPEND: lines appended at the same time by several
// processes never interleave.
bool OutcomeLog::appendLine(const QString &root, const QByteArray &line, QString *error)
{
    const QString path = filePath(root);
    const QFileInfo info(path);
    if (info.isSymLink() || (info.exists() && !info.isFile())) {
        *error = tr("%1 is not a regular file; nothing is written through it").arg(path);
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    if (file.write(line) != line.size()) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

OutcomeLog::Contents OutcomeLog::read(const QString &root)
{
    const QString path = filePath(root);
    const QFileInfo info(path);
    if (!info.exists())
        return {};
    Contents contents;
    QFile file(path);
    if (!info.isFile() || !file.open(QIODevice::ReadOnly)) {
        contents.problems
            << tr("%1: cannot be read (%2)").arg(path, info.isFile() ? file.errorString() : tr("not a regular file"));
        return contents;
    }
    const QByteArray text = file.read(MaxFileBytes);
    contents = parse(text, path);
    if (file.size() > MaxFileBytes)
        contents.problems << tr("%1: only the first %2 MiB are read").arg(path).arg(MaxFileBytes >> 20);
    return contents;
}

OutcomeLog::Contents OutcomeLog::parse(const QByteArray &text, const QString &file)
{
    Contents contents;
    QHash<QString, int> foldAt; // key -> index into contents.folds
    qsizetype start = 0;
    int number = 0;
    for (qsizetype end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
        ++number;
        if (end - start > MaxLineBytes) {
            contents.problems << problem(file, number, tr("longer than %1 bytes; skipped").arg(MaxLineBytes));
            continue;
        }
        const QByteArray line = text.mid(start, end - start).trimmed();
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
        if (!doc.isObject()) {
            contents.problems << problem(file, number, tr("not a JSON object"));
            continue;
        }
        const QJsonObject object = doc.object();
        QString why;
        if (object.contains(u"report")) {
            OutcomeReport report;
            if (readReport(object, &report, &why))
                contents.reports << report;
        } else if (object.contains(u"fold")) {
            Fold fold;
            if (readFold(object, &fold, &why)) {
                foldAt.insert(fold.key, int(contents.folds.size()));
                contents.folds << fold;
            }
        } else if (object.value(u"unfold").isString()) {
            const int at = foldAt.value(object.value(u"unfold").toString(), -1);
            if (at >= 0)
                contents.folds[at].reports.clear(); // taken back: it folds nothing now
        } else {
            why = tr("not a report, a fold or an unfold");
        }
        if (!why.isEmpty())
            contents.problems << problem(file, number, why);
    }
    contents.folds.removeIf([](const Fold &fold) { return fold.reports.isEmpty(); });
    return contents;
}

} // namespace Errata
