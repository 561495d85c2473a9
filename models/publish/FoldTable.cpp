#include "models/publish/FoldTable.h"

#include <QString>

namespace Errata {

namespace {

// Blocks outside the BMP that have upper and lower case (Unicode 15).
constexpr char32_t CasedBlocks[][2] = {
    {0x10400, 0x1044F}, // Deseret
    {0x104B0, 0x104FB}, // Osage
    {0x10570, 0x105BF}, // Vithkuqi
    {0x10C80, 0x10CFF}, // Old Hungarian
    {0x118A0, 0x118DF}, // Warang Citi
    {0x16E40, 0x16E9F}, // Medefaidrin
    {0x1E900, 0x1E94B}, // Adlam
};

char32_t folded(char32_t codePoint)
{
    const QString text = QString::fromUcs4(&codePoint, 1).toCaseFolded();
    const QList<uint> units = text.toUcs4();
    return units.size() == 1 ? char32_t(units.first()) : codePoint;
}

void add(QList<FoldTable::Pair> &table, char32_t first, char32_t last)
{
    for (char32_t codePoint = first; codePoint <= last; ++codePoint) {
        if (codePoint >= 0xD800 && codePoint <= 0xDFFF)
            continue;
        const char32_t to = folded(codePoint);
        if (to != codePoint)
            table.append({codePoint, to});
    }
}

QList<FoldTable::Pair> compute()
{
    QList<FoldTable::Pair> table;
    add(table, 0, 0xFFFF);
    for (const auto &block : CasedBlocks)
        add(table, block[0], block[1]);
    return table;
}

} // namespace

const QList<FoldTable::Pair> &FoldTable::pairs()
{
    static const QList<Pair> table = compute();
    return table;
}

} // namespace Errata
