#include "models/publish/SiteManifest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace Errata {

namespace {

void appendJsonString(QByteArray &out, const QString &text)
{
    out += '"';
    for (const char c : text.toUtf8()) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (byte < 0x20) {
            out += "\\u00";
            out += QByteArray::number(byte, 16).rightJustified(2, '0');
        } else {
            out += c;
        }
    }
    out += '"';
}

QString place(const QByteArray &bytes, int offset)
{
    int line = 1;
    int column = 1;
    for (int i = 0; i < offset && i < bytes.size(); ++i) {
        if (bytes.at(i) == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

bool isHex(const QString &text)
{
    for (const QChar c : text)
        if (!((c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('f'))))
            return false;
    return text.size() % 2 == 0;
}

bool readEntry(const QJsonValue &value, int i, SiteManifest *manifest, QString *error)
{
    const QString where = QStringLiteral("files[%1]").arg(i);
    if (!value.isObject())
        return fail(error, where + QStringLiteral(": not an object"));
    const QJsonObject object = value.toObject();
    const QJsonValue path = object.value(QLatin1String("path"));
    const QJsonValue size = object.value(QLatin1String("size"));
    const QJsonValue key = object.value(QLatin1String("key"));
    if (!path.isString() || !SiteManifest::isSafePath(path.toString()))
        return fail(error, where + QStringLiteral(".path: not a relative path inside the site"));
    const double bytes = size.toDouble(-1);
    if (!size.isDouble() || bytes < 0 || bytes > 9007199254740992.0 || bytes != double(qint64(bytes)))
        return fail(error, where + QStringLiteral(".size: not a whole number of bytes"));
    if (!key.isString() || key.toString().size() > 2 * SiteManifest::MaxKeyBytes || !isHex(key.toString()))
        return fail(error,
                    where
                        + QStringLiteral(".key: not lowercase hex of at most %1 bytes").arg(SiteManifest::MaxKeyBytes));
    if (manifest->files.contains(path.toString()))
        return fail(error, where + QStringLiteral(".path: %1 is listed twice").arg(path.toString()));
    manifest->files.insert(path.toString(), {qint64(bytes), QByteArray::fromHex(key.toString().toLatin1())});
    return true;
}

} // namespace

bool SiteManifest::isSafePath(const QString &path)
{
    if (path.isEmpty() || !path.isValidUtf16() || path.contains(QChar(0)))
        return false;
    const QStringList segments = path.split(QLatin1Char('/'));
    for (const QString &segment : segments)
        if (segment.isEmpty() || segment == QLatin1String(".") || segment == QLatin1String(".."))
            return false;
    return !segments.first().startsWith(fileName());
}

QByteArray SiteManifest::toJson() const
{
    QByteArray out = "{\n  \"format\": " + QByteArray::number(Format) + ",\n  \"generator\": ";
    appendJsonString(out, generator);
    out += ",\n  \"files\": [";
    bool first = true;
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        out += first ? "\n    {\"path\": " : ",\n    {\"path\": ";
        first = false;
        appendJsonString(out, it.key());
        out += ", \"size\": " + QByteArray::number(it.value().size) + ", \"key\": \"" + it.value().key.toHex() + "\"}";
    }
    out += first ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

bool SiteManifest::parse(const QByteArray &bytes, SiteManifest *manifest, QString *error, qint64 maxBytes)
{
    if (bytes.size() > maxBytes)
        return fail(error, QStringLiteral("larger than %1 bytes, the most a manifest may be").arg(maxBytes));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(error, place(bytes, parseError.offset) + QStringLiteral(": ") + parseError.errorString());
    if (!document.isObject())
        return fail(error, QStringLiteral("not a JSON object"));
    const QJsonObject root = document.object();
    if (root.value(QLatin1String("format")).toInt(-1) != Format || !root.value(QLatin1String("format")).isDouble())
        return fail(error, QStringLiteral("format: not %1").arg(Format));
    if (!root.value(QLatin1String("generator")).isString())
        return fail(error, QStringLiteral("generator: not a string"));
    if (!root.value(QLatin1String("files")).isArray())
        return fail(error, QStringLiteral("files: not an array"));
    SiteManifest read;
    read.generator = root.value(QLatin1String("generator")).toString();
    const QJsonArray files = root.value(QLatin1String("files")).toArray();
    for (int i = 0; i < files.size(); ++i)
        if (!readEntry(files.at(i), i, &read, error))
            return false;
    *manifest = read;
    return true;
}

} // namespace Errata
