#include "JsonText.h"

#include <QStringList>

#include <nlohmann/json.hpp>

namespace Errata {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// RFC 6901: "~1" stands for "/", "~0" for "~".
QString unescapeToken(QString token)
{
    token.replace(QLatin1String("~1"), QLatin1String("/"));
    token.replace(QLatin1String("~0"), QLatin1String("~"));
    return token;
}

} // namespace

JsonText::JsonText(const QByteArray &text)
    : m_text(text)
{
}

qsizetype JsonText::skipSpace(qsizetype at) const
{
    while (at < m_text.size() && isSpace(m_text.at(at)))
        ++at;
    return at;
}

// `at` is on the opening quote; returns the offset just past the closing one.
qsizetype JsonText::skipString(qsizetype at) const
{
    for (++at; at < m_text.size(); ++at) {
        const char c = m_text.at(at);
        if (c == '\\')
            ++at;
        else if (c == '"')
            return at + 1;
    }
    return m_text.size();
}

// Skips one value of any kind without recursion; returns the offset past it.
qsizetype JsonText::skipValue(qsizetype at) const
{
    int depth = 0;
    while (at < m_text.size()) {
        const char c = m_text.at(at);
        if (c == '"') {
            at = skipString(at);
        } else if (c == '{' || c == '[') {
            ++depth;
            ++at;
        } else if (c == '}' || c == ']') {
            if (depth == 0)
                return at;
            --depth;
            ++at;
        } else if (depth == 0 && (c == ',' || c == ':' || isSpace(c))) {
            return at;
        } else {
            ++at;
        }
        if (depth == 0 && (c == '"' || c == '}' || c == ']'))
            return at;
    }
    return at;
}

qsizetype JsonText::findMember(qsizetype objectAt, const QString &key) const
{
    qsizetype at = skipSpace(objectAt + 1);
    while (at < m_text.size() && m_text.at(at) == '"') {
        const qsizetype keyEnd = skipString(at);
        const std::string rawKey = m_text.mid(at, keyEnd - at).toStdString();
        QString name;
        try {
            name = QString::fromStdString(nlohmann::json::parse(rawKey).get<std::string>());
        } catch (const nlohmann::json::exception &) {
            return -1;
        }
        at = skipSpace(keyEnd);
        if (at >= m_text.size() || m_text.at(at) != ':')
            return -1;
        const qsizetype valueAt = skipSpace(at + 1);
        if (name == key)
            return valueAt;
        at = skipSpace(skipValue(valueAt));
        if (at >= m_text.size() || m_text.at(at) != ',')
            return -1;
        at = skipSpace(at + 1);
    }
    return -1;
}

qsizetype JsonText::findElement(qsizetype arrayAt, int index) const
{
    qsizetype at = skipSpace(arrayAt + 1);
    for (int i = 0; at < m_text.size() && m_text.at(at) != ']'; ++i) {
        if (i == index)
            return at;
        at = skipSpace(skipValue(at));
        if (at >= m_text.size() || m_text.at(at) != ',')
            return -1;
        at = skipSpace(at + 1);
    }
    return -1;
}

qsizetype JsonText::offsetOf(const QString &pointer) const
{
    qsizetype at = skipSpace(0);
    if (m_text.startsWith("\xEF\xBB\xBF"))
        at = skipSpace(3);
    if (pointer.isEmpty())
        return at < m_text.size() ? at : -1;
    const QStringList tokens = pointer.mid(1).split(QLatin1Char('/'));
    for (const QString &token : tokens) {
        if (at < 0 || at >= m_text.size())
            return -1;
        const char c = m_text.at(at);
        if (c == '{') {
            at = findMember(at, unescapeToken(token));
        } else if (c == '[') {
            bool ok = false;
            const int index = token.toInt(&ok);
            at = ok ? findElement(at, index) : -1;
        } else {
            return -1;
        }
    }
    return at;
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

JsonText::Position JsonText::positionOf(qsizetype offset) const
{
    return positionOf(m_text, offset);
}

JsonText::Position JsonText::positionOf(const QByteArray &text, qsizetype offset)
{
    Position position{1, 1};
    const qsizetype end = qMin(offset, text.size());
    for (qsizetype i = 0; i < end; ++i) {
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
