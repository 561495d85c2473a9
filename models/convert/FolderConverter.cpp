#include "convert/FolderConverter.h"

#include "convert/DeadendsConverter.h"
#include "kb/KnowledgeBaseLoader.h"
#include "kb/RecordWriter.h"
#include "record/Record.h"
#include "record/RecordId.h"

#include <QDir>
#include <QFileInfo>

#include <stdexcept>

namespace Errata {

namespace {

Problem problemAt(const QString &file, const QString &message, int line = 0, int column = 0)
{
    return Problem{Problem::Error, file, QString(), line, column, message, QStringLiteral("convert")};
}

} // namespace

FolderConverter::Report FolderConverter::convert(Direction direction, const QString &source, const QString &destination,
                                                 bool overwrite)
{
    Report report;
    QSet<QString> written;
    for (const QString &file : KnowledgeBaseLoader::recordFiles(source)) {
        if (convertFile(direction, file, destination, overwrite, written, report.problems))
            ++report.converted;
    }
    return report;
}

bool FolderConverter::convertFile(Direction direction, const QString &file, const QString &destination, bool overwrite,
                                  QSet<QString> &written, QList<Problem> &problems)
{
    Record input;
    Record::LoadError loadError;
    if (!input.load(file, &loadError)) {
        problems << problemAt(file, loadError.message, loadError.line, loadError.column);
        return false;
    }
    OrderedJson output;
    try {
        output = direction == ImportCanons ? DeadendsConverter::toRecord(input.json())
                                           : DeadendsConverter::toCanon(input.json());
    } catch (const std::exception &e) {
        problems << problemAt(file, QString::fromUtf8(e.what()), 1, 1);
        return false;
    }
    const QString id = Record::toQString(output.value("id", OrderedJson()));
    const QString target = RecordId::filePath(destination, id);
    if (target.isEmpty()) {
        problems << problemAt(file, QStringLiteral("the id \"%1\" cannot be used as a file path").arg(id), 1, 1);
        return false;
    }
    if (written.contains(target)) {
        problems << problemAt(file,
                              QStringLiteral("another file with id \"%1\" was already written to %2").arg(id, target));
        return false;
    }
    if (!overwrite && QFileInfo::exists(target)) {
        problems << problemAt(file, QStringLiteral("%1 exists and was not overwritten (use --force)").arg(target));
        return false;
    }
    const QByteArray text = QByteArray::fromStdString(output.dump(2, ' ', false)) + '\n';
    QString writeError;
    if (!RecordWriter::writeText(target, text, &writeError)) {
        problems << problemAt(file, writeError);
        return false;
    }
    written.insert(target);
    return true;
}

} // namespace Errata
