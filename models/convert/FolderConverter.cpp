#include "models/convert/FolderConverter.h"

#include "models/convert/DeadendsConverter.h"
#include "models/json/JsonText.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/record/Record.h"
#include "models/record/RecordId.h"
#include "models/util/AtomicFile.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <stdexcept>

namespace Errata {

namespace {

Problem problemAt(const QString &file, const QString &message, int line = 0, int column = 0)
{
    return Problem{Problem::Error, file, QString(), line, column, message, QStringLiteral("convert")};
}

// The id of `file` (its text `text`) cannot be a path, for the reason `unsafe`:
// a finding at its "id" field.
Problem idProblem(const QString &file, const QByteArray &text, const QString &id, const QString &unsafe)
{
    const JsonText json(text);
    const qsizetype offset = json.nearestOffsetOf(QStringLiteral("/id"));
    const JsonText::Position at = json.positionOf(offset < 0 ? 0 : offset);
    Problem problem = problemAt(file, QStringLiteral("the id \"%1\" cannot be used as a file path: %2").arg(id, unsafe),
                                std::max(at.line, 1), std::max(at.column, 1));
    problem.pointer = QStringLiteral("/id");
    return problem;
}

// `path` with its deepest existing folder's symbolic links resolved and the
// rest (not there yet) as written.
QString canonicalPath(const QString &path)
{
    QString at = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    QStringList rest;
    while (!QFileInfo::exists(at) && QFileInfo(at).path() != at) {
        rest.prepend(QFileInfo(at).fileName());
        at = QFileInfo(at).path();
    }
    rest.prepend(QFileInfo(at).canonicalFilePath());
    return QDir::cleanPath(rest.join(QLatin1Char('/')));
}

bool isInside(const QString &inner, const QString &outer)
{
    return inner.startsWith(outer.endsWith(QLatin1Char('/')) ? outer : outer + QLatin1Char('/'));
}

// Whether `target` is a regular file (no link, and in no linked folder)
// that holds exactly `text`: the conversion is there already.
bool holds(const QString &target, const QString &destination, const QByteArray &text)
{
    const QFileInfo entry(target);
    if (entry.isSymLink() || !entry.isFile() || entry.size() != text.size()
        || !AtomicFile::linkedFolder(destination, target).isEmpty())
        return false;
    QByteArray held;
    QString failure;
    return Record::readFile(target, &held, &failure, Record::Links::Refuse) && held == text;
}

// Why the converted text cannot go to `target`, or "".
QString targetProblem(const QString &target, const QString &destination, bool overwrite)
{
    const QFileInfo entry(target);
    const bool isLink = entry.isSymLink();
    if (!overwrite && entry.isFile() && !isLink)
        return QStringLiteral("%1 exists with other content and was not overwritten (use --force)").arg(target);
    if (!overwrite && (entry.exists() || isLink))
        return QStringLiteral("%1 exists and was not overwritten (use --force)").arg(target);
    if (entry.isDir() && !isLink)
        return QStringLiteral("%1 is a folder; it was not overwritten").arg(target);
    const QString linked = AtomicFile::linkedFolder(destination, target);
    if (!linked.isEmpty())
        return QStringLiteral("%1 is a symbolic link; nothing is written through links").arg(linked);
    return QString();
}

} // namespace

QString FolderConverter::overlap(const QString &source, const QString &destination)
{
    const QString from = canonicalPath(source);
    const QString to = canonicalPath(destination);
    if (from == to)
        return QStringLiteral("%1 and %2 are the same folder: the output would overwrite the files it is made from; "
                              "choose another destination")
            .arg(source, destination);
    if (isInside(to, from))
        return QStringLiteral("the destination %2 is inside the source %1: the output would be mixed with the files "
                              "it is made from; choose a destination outside it")
            .arg(source, destination);
    if (isInside(from, to))
        return QStringLiteral("the source %1 is inside the destination %2: the output could overwrite files before "
                              "they are read; choose a destination outside it")
            .arg(source, destination);
    return QString();
}

FolderConverter::Report FolderConverter::convert(Direction direction, const QString &source, const QString &destination,
                                                 bool overwrite)
{
    Report report;
    report.refused = overlap(source, destination);
    if (!report.refused.isEmpty())
        return report;
    QSet<QString> written;
    const KnowledgeBaseLoader::Listing listing = KnowledgeBaseLoader::list(source);
    // A folder that cannot be listed holds files that are not converted: a failure, not silence.
    for (const Problem &problem : listing.skipped) {
        if (problem.severity == Problem::Error && problem.rule == QLatin1String("folder"))
            report.problems << problemAt(problem.file, problem.message);
    }
    for (const QString &file : listing.files) {
        switch (convertFile(direction, file, destination, overwrite, written, report.problems)) {
        case Converted: ++report.converted; break;
        case Skipped: ++report.skipped; break;
        case Failed: break;
        }
    }
    return report;
}

FolderConverter::Outcome FolderConverter::convertFile(Direction direction, const QString &file,
                                                      const QString &destination, bool overwrite,
                                                      QSet<QString> &written, QList<Problem> &problems)
{
    Record input;
    Record::LoadError loadError;
    if (!input.load(file, &loadError)) {
        problems << problemAt(file, loadError.message, loadError.line, loadError.column);
        return Failed;
    }
    OrderedJson output;
    try {
        output = direction == ImportCanons ? DeadendsConverter::toRecord(input.json())
                                           : DeadendsConverter::toCanon(input.json());
    } catch (const std::exception &e) {
        problems << problemAt(file, QString::fromUtf8(e.what()), 1, 1);
        return Failed;
    }
    const QString id = Record::toQString(output.value("id", OrderedJson()));
    const QString unsafe = RecordId::problem(id);
    if (!unsafe.isEmpty()) {
        problems << idProblem(file, input.originalText(), id, unsafe);
        return Failed;
    }
    const QString target = RecordId::filePath(destination, id);
    if (written.contains(target)) {
        problems << problemAt(file,
                              QStringLiteral("another file with id \"%1\" was already written to %2").arg(id, target));
        return Failed;
    }
    const QByteArray text = QByteArray::fromStdString(output.dump(2, ' ', false)) + '\n';
    if (!overwrite && holds(target, destination, text)) {
        written.insert(target);
        return Skipped;
    }
    QString failure = targetProblem(target, destination, overwrite);
    if (failure.isEmpty() && !QDir().mkpath(QFileInfo(target).path()))
        failure = QStringLiteral("%1: cannot create its folder").arg(target);
    if (!failure.isEmpty() || !AtomicFile::writeFile(target, text, &failure, AtomicFile::ReplaceLink)) {
        problems << problemAt(file, failure);
        return Failed;
    }
    written.insert(target);
    return Converted;
}

} // namespace Errata
