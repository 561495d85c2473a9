#include "models/matching/LineLocality.h"

#include <QString>
#include <QStringList>

namespace Errata {

bool LineLocality::isLineLocal(QStringView pattern)
{
    return LineLocality(pattern).check();
}

bool LineLocality::check()
{
    while (m_i < m_p.size()) {
        if (!step())
            return false;
    }
    return true;
}

bool LineLocality::step()
{
    const QChar c = m_p.at(m_i);
    if (c == QLatin1Char('\\'))
        return escape();
    if (c == QLatin1Char('['))
        return charClass();
    if (c == QLatin1Char('('))
        return group();
    ++m_i;
    return c != QLatin1Char('\n') && c != QLatin1Char('^') && c != QLatin1Char('$');
}

bool LineLocality::escape()
{
    const QChar c = at(m_i + 1);
    if (c == QLatin1Char('Q'))
        return quoted();
    if (c == QLatin1Char('b') || c == QLatin1Char('B')) {
        m_i += 2;
        return true;
    }
    const Item item = escapeItem();
    if (item.kind == Item::Value)
        return item.value != U'\n';
    return item.kind == Item::Set && !item.newline;
}

// \Q...\E: literal text up to \E or the end.
bool LineLocality::quoted()
{
    const qsizetype end = m_p.indexOf(QLatin1String("\\E"), m_i + 2);
    const QStringView text = m_p.mid(m_i + 2, end < 0 ? -1 : end - m_i - 2);
    m_i = end < 0 ? m_p.size() : end + 2;
    return !text.contains(QLatin1Char('\n'));
}

// "(?flags)" or "(?flags:": a flag group that may turn on (?s) is refused.
bool LineLocality::group()
{
    ++m_i;
    if (at(m_i) != QLatin1Char('?'))
        return true;
    qsizetype j = m_i + 1;
    while (j < m_p.size() && QStringView(u"imsU-").contains(m_p.at(j)))
        ++j;
    return !m_p.mid(m_i + 1, j - m_i - 1).contains(QLatin1Char('s'));
}

// At a backslash: reads the escape and steps past it.
LineLocality::Item LineLocality::escapeItem()
{
    const QChar c = at(m_i + 1);
    m_i += 2;
    switch (c.unicode()) {
    case 'n': return {Item::Value, U'\n', false};
    case 't': return {Item::Value, U'\t', false};
    case 'r': return {Item::Value, U'\r', false};
    case 'f': return {Item::Value, U'\f', false};
    case 'v': return {Item::Value, U'\v', false};
    case 'a': return {Item::Value, U'\a', false};
    case 'x': return hexItem();
    case 'd':
    case 'w':
    case 'S': return {Item::Set, 0, false};
    case 's':
    case 'D':
    case 'W': return {Item::Set, 0, true};
    case 'p':
    case 'P': return propertyItem(c == QLatin1Char('P'));
    default: break;
    }
    if (c.isNull() || (c.unicode() < 0x80 && c.isLetterOrNumber()))
        return {};                            // \A, \z, \C, octal, back-references, ...: not understood
    return {Item::Value, c.unicode(), false}; // escaped punctuation or non-ASCII
}

LineLocality::Item LineLocality::hexItem()
{
    QStringView digits;
    if (at(m_i) == QLatin1Char('{')) {
        const qsizetype close = m_p.indexOf(QLatin1Char('}'), m_i);
        if (close < 0)
            return {};
        digits = m_p.mid(m_i + 1, close - m_i - 1);
        m_i = close + 1;
    } else {
        digits = m_p.mid(m_i, 2);
        m_i += 2;
    }
    bool ok = false;
    const uint value = digits.toUInt(&ok, 16);
    return ok ? Item{Item::Value, char32_t(value), false} : Item{};
}

// \pL, \p{Greek}, \PL, \p{^Greek}: only a positive letter, mark, number,
// punctuation, symbol or separator category, or a script other than
// Common, is known to hold no line feed.
LineLocality::Item LineLocality::propertyItem(bool negated)
{
    QStringView name;
    if (at(m_i) == QLatin1Char('{')) {
        const qsizetype close = m_p.indexOf(QLatin1Char('}'), m_i);
        if (close < 0)
            return {};
        name = m_p.mid(m_i + 1, close - m_i - 1);
        m_i = close + 1;
    } else {
        name = m_p.mid(m_i, 1);
        m_i += 1;
    }
    if (name.startsWith(QLatin1Char('^'))) {
        negated = !negated;
        name = name.mid(1);
    }
    const bool category = name.size() <= 2 && QStringView(u"LMNPSZ").contains(name.left(1));
    const bool script = name.size() > 2 && name != QLatin1String("Common") && name != QLatin1String("Any")
        && name != QLatin1String("Inherited");
    return {Item::Set, 0, negated || !(category || script)};
}

// "[:alpha:]" inside a class.
LineLocality::Item LineLocality::posixItem()
{
    const qsizetype close = m_p.indexOf(QLatin1String(":]"), m_i + 2);
    if (close < 0)
        return {};
    const QString name = m_p.mid(m_i + 2, close - m_i - 2).toString();
    m_i = close + 2;
    static const QStringList withoutNewline{QStringLiteral("alnum"), QStringLiteral("alpha"), QStringLiteral("blank"),
                                            QStringLiteral("digit"), QStringLiteral("graph"), QStringLiteral("lower"),
                                            QStringLiteral("print"), QStringLiteral("punct"), QStringLiteral("upper"),
                                            QStringLiteral("word"),  QStringLiteral("xdigit")};
    return {Item::Set, 0, !withoutNewline.contains(name)};
}

LineLocality::Item LineLocality::classAtom()
{
    const QChar c = m_p.at(m_i);
    if (c == QLatin1Char('[') && at(m_i + 1) == QLatin1Char(':'))
        return posixItem();
    if (c == QLatin1Char('\\'))
        return at(m_i + 1) == QLatin1Char('Q') ? Item{} : escapeItem();
    ++m_i;
    return {Item::Value, c.unicode(), false};
}

// Reads one item or range of a class; false when not understood.
bool LineLocality::classItem(bool *newline)
{
    const Item low = classAtom();
    if (low.kind == Item::Unknown)
        return false;
    const bool range = low.kind == Item::Value && at(m_i) == QLatin1Char('-') && m_i + 1 < m_p.size()
        && at(m_i + 1) != QLatin1Char(']');
    if (!range) {
        *newline = *newline || low.newline || (low.kind == Item::Value && low.value == U'\n');
        return true;
    }
    ++m_i;
    const Item high = classAtom();
    if (high.kind != Item::Value)
        return false;
    *newline = *newline || (low.value <= U'\n' && U'\n' <= high.value);
    return true;
}

// A class can match a line feed when it holds one, or is negated and does not.
bool LineLocality::charClass()
{
    ++m_i;
    const bool negated = at(m_i) == QLatin1Char('^');
    if (negated)
        ++m_i;
    bool newline = false;
    for (bool first = true; m_i < m_p.size(); first = false) {
        if (m_p.at(m_i) == QLatin1Char(']') && !first) {
            ++m_i;
            return negated ? newline : !newline;
        }
        if (!classItem(&newline))
            return false;
    }
    return false; // unclosed
}

} // namespace Errata
