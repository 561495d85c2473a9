#pragma once

#include <QList>
#include <QPair>

namespace Errata {

// The case folding the lookup uses (QString::toCaseFolded), as a table for the
// page's script: every code point that folds to another one, in code point
// order, so the page folds as Errata does and not as JavaScript's
// toLowerCase (which differs for ς, ſ, K, ẞ and Cherokee, whose small letters fold to
// the capitals).
// Covers the BMP and the SMP blocks that have case.
class FoldTable
{
public:
    using Pair = QPair<char32_t, char32_t>; // code point, its folding

    // Computed once, then shared.
    static const QList<Pair> &pairs();
};

} // namespace Errata
