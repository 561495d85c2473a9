#pragma once

#include <QChar>
#include <QStringView>

namespace Errata {

// A conservative reading of an RE2 pattern: anything it does not recognise
// makes the pattern "not line-local".
//
// isLineLocal() is true when every match of `pattern` lies within one line
// and is the same whether the line or the whole text is searched: the
// pattern can match no line feed (no \n, \s, \D, \W, \C, negated class
// without \n, (?s) flag, ...) and holds no ^, $, \A or \z anchor.
//
// Example: "error: .* failed" and "key=[^;\n]+" are line-local; "a\sb",
// "[^x]+" and "^error" are not.
class LineLocality
{
public:
    static bool isLineLocal(QStringView pattern);

private:
    // One element of a class or an escape: a single character, a set of
    // characters (which may hold a line feed), or something not understood.
    struct Item
    {
        enum Kind { Value, Set, Unknown } kind = Unknown;
        char32_t value = 0;
        bool newline = false;
    };

    explicit LineLocality(QStringView pattern)
        : m_p(pattern)
    {
    }

    bool check();
    QChar at(qsizetype i) const { return i < m_p.size() ? m_p.at(i) : QChar(); }
    bool step();
    bool escape();
    bool quoted();
    bool group();
    Item escapeItem();
    Item hexItem();
    Item propertyItem(bool negated);
    Item posixItem();
    Item classAtom();
    bool classItem(bool *newline);
    bool charClass();

    QStringView m_p;
    qsizetype m_i = 0;
};

} // namespace Errata
