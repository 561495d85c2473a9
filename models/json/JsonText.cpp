#include "models/json/JsonText.h"

#include <QStringList>

#include <algorithm>

#include <nlohmann/json.hpp>

namespace Errata {

namespace {

const char ByteOrderMark[] = "\xEF\xBB\xBF";

// The first byte of a UTF-8 sequence (or a byte that is no part of one).
bool isCharacterStart(char c)
{
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
}

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// RFC 6901: "~" is written "~0" and "/" is written "~1" in a pointer.
QString escapeToken(QString token)
{
    token.replace(QLatin1String("~"), QLatin1String("~0"));
    token.replace(QLatin1String("/"), QLatin1String("~1"));
    return token;
}

} // namespace

JsonText::JsonText(const QByteArray &text)
    : m_text(text)
{
}

// `at` is on the opening quote; returns the offset just past the closing one.
qsizetype JsonText::skipString(qsizetype at) const
{
    const char *data = m_text.constData();
    const qsizetype size = m_text.size();
    for (++at; at < size; ++at) {
        const char c = data[at];
        if (c == '\\')
            ++at;
        else if (c == '"')
            return at + 1;
    }
    return size;
}

// The key whose quoted text spans [start, end), with its escapes decoded.
QString JsonText::decodeKey(qsizetype start, qsizetype end) const
{
    const QByteArrayView raw(m_text.constData() + start + 1, qMax<qsizetype>(0, end - start - 2));
    if (!raw.contains('\\'))
        return QString::fromUtf8(raw);
    try {
        return QString::fromStdString(
            nlohmann::json::parse(m_text.mid(start, end - start).toStdString()).get<std::string>());
    } catch (const nlohmann::json::exception &) {
        return QString::fromUtf8(raw);
    }
}

// One pass over the text: onKey(object's pointer, key, offset of the key's
// opening quote) for every key, and onValue(pointer, offset) for every value
// read, which returns whether to read inside it (a container that is not
// read is skipped whole).
template<typename OnKey, typename OnValue>
void JsonText::walk(OnKey onKey, OnValue onValue) const
{
    struct Level
    {
        bool isArray = false;
        int index = 0;
        bool expectKey = true;
        QString pointer;
        QString key;
    };
    std::vector<Level> levels;
    const auto pointerOfNextValue = [&]() -> QString {
        if (levels.empty())
            return QString();
        const Level &level = levels.back();
        return level.pointer + QLatin1Char('/')
            + (level.isArray ? QString::number(level.index) : escapeToken(level.key));
    };
    const char *data = m_text.constData();
    const qsizetype size = m_text.size();
    qsizetype at = m_text.startsWith(ByteOrderMark) ? 3 : 0;
    while (at < size) {
        const char c = data[at];
        if (isSpace(c) || c == ':') {
            ++at;
        } else if (c == ',') {
            if (!levels.empty()) {
                Level &level = levels.back();
                level.index += level.isArray ? 1 : 0;
                level.expectKey = !level.isArray;
            }
            ++at;
        } else if (c == '}' || c == ']') {
            if (!levels.empty())
                levels.pop_back();
            ++at;
        } else if (c == '"' && !levels.empty() && !levels.back().isArray && levels.back().expectKey) {
            const qsizetype end = skipString(at);
            Level &level = levels.back();
            level.key = decodeKey(at, end);
            level.expectKey = false;
            onKey(level.pointer, level.key, at);
            at = end;
        } else {
            const QString pointer = pointerOfNextValue();
            const bool read = onValue(pointer, at);
            if (!read && (c == '{' || c == '[')) {
                at = skipContainer(at);
            } else if (c == '{' || c == '[') {
                levels.push_back({c == '[', 0, c == '{', pointer, QString()});
                ++at;
            } else if (c == '"') {
                at = skipString(at);
            } else {
                while (at < size && !isSpace(data[at]) && data[at] != ',' && data[at] != '}' && data[at] != ']')
                    ++at;
            }
        }
    }
}

// Records where every value starts, by JSON pointer.
void JsonText::buildIndex() const
{
    walk([](const QString &, const QString &, qsizetype) {},
         [this](const QString &pointer, qsizetype at) {
             const bool wanted = m_wanted.isEmpty() || m_wanted.contains(pointer);
             if (wanted)
                 m_offsets.insert(pointer, at);
             return wanted;
         });
    m_indexed = true;
}

// `at` is on "{" or "["; returns the offset past the matching bracket.
qsizetype JsonText::skipContainer(qsizetype at) const
{
    const char *data = m_text.constData();
    int depth = 0;
    while (at < m_text.size()) {
        const char c = data[at];
        if (c == '"') {
            at = skipString(at);
            continue;
        }
        depth += (c == '{' || c == '[') ? 1 : (c == '}' || c == ']') ? -1 : 0;
        ++at;
        if (depth == 0)
            return at;
    }
    return at;
}

void JsonText::restrictTo(const QStringList &pointers)
{
    m_wanted.clear();
    m_wanted.insert(QString()); // the document itself
    for (const QString &pointer : pointers) {
        for (qsizetype slash = pointer.indexOf(QLatin1Char('/'), 1); slash > 0;
             slash = pointer.indexOf(QLatin1Char('/'), slash + 1))
            m_wanted.insert(pointer.left(slash));
        m_wanted.insert(pointer);
    }
}

qsizetype JsonText::offsetOf(const QString &pointer) const
{
    if (!m_indexed)
        buildIndex();
    return m_offsets.value(pointer, -1);
}

QList<qsizetype> JsonText::keyOffsetsOf(const QString &pointer) const
{
    QList<qsizetype> found;
    walk(
        [&](const QString &object, const QString &key, qsizetype at) {
            if (object + QLatin1Char('/') + escapeToken(key) == pointer)
                found << at;
        },
        [&pointer](const QString &path, qsizetype) {
            return path.isEmpty() || pointer.startsWith(path + QLatin1Char('/'));
        });
    return found;
}

qsizetype JsonText::nearestOffsetOf(const QString &pointer) const
{
    QString path = pointer;
    for (;;) {
        const qsizetype at = offsetOf(path);
        if (at >= 0 || path.isEmpty())
            return at;
        path.truncate(path.lastIndexOf(QLatin1Char('/')));
    }
}

// One pass: where each line starts, and how many characters come before
// every CheckpointBytes-th byte.
void JsonText::buildPositionIndex() const
{
    const char *data = m_text.constData();
    const qsizetype size = m_text.size();
    m_lineStarts << 0;
    m_checkpoints.reserve(size / CheckpointBytes + 1);
    qsizetype characters = 0;
    for (qsizetype i = 0; i < size; ++i) {
        if (i % CheckpointBytes == 0)
            m_checkpoints << characters;
        if (data[i] == '\n')
            m_lineStarts << i + 1;
        characters += isCharacterStart(data[i]) ? 1 : 0;
    }
    m_checkpoints << characters; // for the offset `size` when size is a multiple of CheckpointBytes
}

// The characters in the first `offset` bytes, from the nearest checkpoint.
qsizetype JsonText::charactersBefore(qsizetype offset) const
{
    const qsizetype checkpoint = offset / CheckpointBytes;
    qsizetype characters = m_checkpoints.at(checkpoint);
    const char *data = m_text.constData();
    for (qsizetype i = checkpoint * CheckpointBytes; i < offset; ++i)
        characters += isCharacterStart(data[i]) ? 1 : 0;
    return characters;
}

JsonText::Position JsonText::positionOf(qsizetype offset) const
{
    if (m_lineStarts.isEmpty())
        buildPositionIndex();
    offset = qBound<qsizetype>(0, offset, m_text.size());
    const auto next = std::upper_bound(m_lineStarts.cbegin(), m_lineStarts.cend(), offset);
    // Editors do not show a byte order mark, so it takes no column.
    const qsizetype bom = m_text.startsWith(ByteOrderMark) ? 3 : 0;
    const qsizetype lineStart = qMax(*(next - 1), bom);
    Position position;
    position.line = int(next - m_lineStarts.cbegin());
    position.column = offset <= lineStart ? 1 : int(1 + charactersBefore(offset) - charactersBefore(lineStart));
    return position;
}

JsonText::Position JsonText::positionOf(const QByteArray &text, qsizetype offset)
{
    Position position{1, 1};
    const qsizetype end = qMin(offset, text.size());
    // Editors do not show a byte order mark, so it takes no column.
    const qsizetype start = text.startsWith(ByteOrderMark) ? 3 : 0;
    for (qsizetype i = start; i < end; ++i) {
        const auto byte = static_cast<unsigned char>(text.at(i));
        if (byte == '\n') {
            ++position.line;
            position.column = 1;
        } else if ((byte & 0xC0) != 0x80) {
            ++position.column;
        }
    }
    return position;
}

qsizetype JsonText::firstTooDeep(const QByteArray &text, int maxDepth)
{
    int depth = 0;
    bool inString = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > maxDepth)
                return i;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return -1;
}

} // namespace Errata
