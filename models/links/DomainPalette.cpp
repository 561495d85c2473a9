#include "models/links/DomainPalette.h"

#include <QHash>

namespace Errata {

QString DomainPalette::color(int index)
{
    static const char *const colors[Size] = {"#bbdefb", "#c8e6c9", "#ffe0b2", "#e1bee7", "#ffcdd2", "#b2ebf2",
                                             "#f0f4c3", "#d7ccc8", "#c5cae9", "#fff9c4", "#b2dfdb", "#f8bbd0"};
    return QString::fromLatin1(colors[((index % Size) + Size) % Size]);
}

QString DomainPalette::colorOf(const QString &domain, const QStringList &sortedDomains)
{
    const qsizetype index = sortedDomains.indexOf(domain);
    return color(index >= 0 ? int(index) : int(qHash(domain) % Size));
}

} // namespace Errata
