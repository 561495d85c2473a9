#pragma once

#include <QString>
#include <QStringList>

namespace Errata {

// The fill colours of domains in graphs (the Graph dock, `errata graph`
// dot output): light tones, dark text stays readable on every one. A
// domain's colour is its position among the KB's sorted domains, so it
// stays the same from one record's graph to the next.
class DomainPalette
{
public:
    static constexpr int Size = 12;

    // "#rrggbb" for the index-th colour (wrapping around).
    static QString color(int index);
    // The colour of `domain` given every domain of the KB.
    static QString colorOf(const QString &domain, const QStringList &sortedDomains);
};

} // namespace Errata
