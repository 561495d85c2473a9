#pragma once

#include <QByteArray>

namespace Errata {

// Turns byte offsets into a UTF-8 text into offsets in UTF-16 code units,
// the positions of the same text in a QString or a QTextDocument. Queries
// in ascending order cost one pass over the text in all; a query before the
// previous one starts again from the beginning.
//
// Example: in "é=1" (bytes c3 a9 3d 31) byte offset 2 is UTF-16 offset 1.
class Utf16Offsets
{
public:
    explicit Utf16Offsets(const QByteArray &utf8);

    qsizetype at(qsizetype byteOffset);

private:
    const QByteArray &m_text;
    qsizetype m_byte = 0;
    qsizetype m_unit = 0;
};

} // namespace Errata
