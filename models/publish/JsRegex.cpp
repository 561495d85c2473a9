#include "models/publish/JsRegex.h"

#include <QStringList>

namespace Errata {

namespace {

const QString SyntaxCharacters = QStringLiteral("^$\\.*+?()[]{}|/");

class Translator
{
public:
    explicit Translator(const QString &re2)
        : m_in(re2)
    {
    }

    std::optional<QString> run()
    {
        while (m_ok && m_at < m_in.size())
            atom();
        if (!m_ok)
            return std::nullopt;
        return m_out;
    }

private:
    QChar next() { return m_in.at(m_at++); }
    bool more() const { return m_at < m_in.size(); }

    void literal(char32_t c)
    {
        if (c < 0x20 || c == 0x7F)
            m_out += QStringLiteral("\\u{%1}").arg(uint(c), 0, 16);
        else if (c < 0x80 && SyntaxCharacters.contains(QChar(c)))
            m_out += QLatin1Char('\\') + QChar(c);
        else
            m_out += QString::fromUcs4(&c, 1);
    }

    // A \x escape, the backslash and the x read.
    void hex()
    {
        QString digits;
        if (more() && m_in.at(m_at) == QLatin1Char('{')) {
            const qsizetype end = m_in.indexOf(QLatin1Char('}'), m_at);
            if (end < 0)
                return fail();
            digits = m_in.mid(m_at + 1, end - m_at - 1);
            m_at = end + 1;
        } else {
            digits = m_in.mid(m_at, 2);
            m_at += 2;
        }
        bool ok = false;
        const uint value = digits.toUInt(&ok, 16);
        if (!ok || value > 0x10FFFF)
            return fail();
        m_out += QStringLiteral("\\u{%1}").arg(value, 0, 16);
    }

    // An escape, the backslash read; inClass when inside [...].
    void escape(bool inClass)
    {
        if (!more())
            return fail();
        const QChar c = next();
        switch (c.unicode()) {
        case 'd': m_out += inClass ? QStringLiteral("0-9") : QStringLiteral("[0-9]"); return;
        case 'w': m_out += inClass ? QStringLiteral("0-9A-Za-z_") : QStringLiteral("[0-9A-Za-z_]"); return;
        case 's': m_out += inClass ? QStringLiteral("\\t\\n\\f\\r ") : QStringLiteral("[\\t\\n\\f\\r ]"); return;
        case 'D': return inClass ? fail() : void(m_out += QStringLiteral("[^0-9]"));
        case 'W': return inClass ? fail() : void(m_out += QStringLiteral("[^0-9A-Za-z_]"));
        case 'S': return inClass ? fail() : void(m_out += QStringLiteral("[^\\t\\n\\f\\r ]"));
        case 'b': return inClass ? fail() : void(m_out += QStringLiteral("\\b"));
        case 'B': return inClass ? fail() : void(m_out += QStringLiteral("\\B"));
        case 'A': return inClass ? fail() : void(m_out += QLatin1Char('^'));
        case 'z': return inClass ? fail() : void(m_out += QLatin1Char('$'));
        case 'n': return literal(U'\n');
        case 't': return literal(U'\t');
        case 'r': return literal(U'\r');
        case 'f': return literal(U'\f');
        case 'v': return literal(U'\v');
        case 'a': return literal(0x07);
        case 'x': return hex();
        default: break;
        }
        if (c.isLetterOrNumber() || c.unicode() >= 0x80)
            return fail();
        if (inClass && c == QLatin1Char('-'))
            m_out += QStringLiteral("\\-");
        else
            literal(c.unicode());
    }

    void group()
    {
        if (more() && m_in.at(m_at) == QLatin1Char('?')) {
            const QString rest = m_in.mid(m_at, 3);
            if (rest.startsWith(QStringLiteral("?:"))) {
                m_at += 2;
            } else if (rest == QStringLiteral("?P<") || rest.startsWith(QStringLiteral("?<"))) {
                const qsizetype end = m_in.indexOf(QLatin1Char('>'), m_at);
                if (end < 0)
                    return fail();
                m_at = end + 1;
            } else {
                return fail(); // flags: not translated yet
            }
        }
        m_out += QStringLiteral("(?:");
    }

    void characterClass()
    {
        m_out += QLatin1Char('[');
        if (more() && m_in.at(m_at) == QLatin1Char('^'))
            m_out += next();
        bool first = true;
        while (m_ok) {
            if (!more())
                return fail();
            const QChar c = next();
            if (c == QLatin1Char(']') && !first)
                break;
            first = false;
            if (c == QLatin1Char('[') && more() && m_in.at(m_at) == QLatin1Char(':'))
                return fail(); // POSIX class: not translated yet
            if (c == QLatin1Char('\\'))
                escape(true);
            else if (c == QLatin1Char('-'))
                m_out += c;
            else
                literal(c.unicode());
        }
        m_out += QLatin1Char(']');
    }

    // A {n}, {n,} or {n,m} repeat whose { was just read, its length with
    // the {; 0 when the { is a literal (RE2 reads a{,3} as text).
    qsizetype repeatLength() const
    {
        const qsizetype end = m_in.indexOf(QLatin1Char('}'), m_at);
        if (end < 0)
            return 0;
        const QString inside = m_in.mid(m_at, end - m_at);
        const QStringList parts = inside.split(QLatin1Char(','));
        if (parts.size() > 2 || parts.first().isEmpty())
            return 0;
        for (const QString &part : parts) {
            for (const QChar c : part) {
                if (c < QLatin1Char('0') || c > QLatin1Char('9'))
                    return 0;
            }
        }
        return end - m_at + 2;
    }

    void atom()
    {
        if (m_at == 0 && m_in.startsWith(QStringLiteral("(?i)"))) {
            m_ignoreCase = true;
            m_at = 4;
            return;
        }
        const QChar c = next();
        switch (c.unicode()) {
        case '\\': return escape(false);
        case '.': m_out += QStringLiteral("[^\\n]"); return;
        case '(': return group();
        case '[': return characterClass();
        case '{': {
            const qsizetype length = repeatLength();
            if (length == 0)
                return literal(U'{');
            m_out += m_in.mid(m_at - 1, length);
            m_at += length - 1;
            return;
        }
        case '}': return literal(U'}');
        case ']': return literal(U']');
        case '/': return literal(U'/');
        case '*':
        case '+':
        case '?':
        case '|':
        case '^':
        case '$':
        case ')': m_out += c; return;
        default: break;
        }
        if (c.isHighSurrogate() && more() && m_in.at(m_at).isLowSurrogate()) {
            m_out += c;
            m_out += next();
        } else {
            literal(c.unicode());
        }
    }

    void fail() { m_ok = false; }

public:
    bool m_ignoreCase = false;

private:
    const QString &m_in;
    QString m_out;
    qsizetype m_at = 0;
    bool m_ok = true;
};

} // namespace

std::optional<JsRegex::Result> JsRegex::translate(const QString &re2)
{
    Translator translator(re2);
    const std::optional<QString> source = translator.run();
    if (!source)
        return std::nullopt;
    return Result{*source, translator.m_ignoreCase ? QStringLiteral("iu") : QStringLiteral("u")};
}

} // namespace Errata
