#pragma once

#include <QList>
#include <QString>

namespace Errata {

// One match of a regex in a text. Offsets are in bytes of the UTF-8 text;
// lines and columns are 1-based and count characters, as an editor shows them.
struct RegexMatch
{
    struct Group
    {
        int number = 0;
        QString name; // empty for unnamed groups
        QString text;
        bool matched = false;
    };

    qsizetype start = 0;
    qsizetype end = 0;
    int line = 0;
    int column = 0;
    QString text;
    QList<Group> groups;
};

} // namespace Errata
