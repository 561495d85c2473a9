#include "models/util/Utf16Offsets.h"

namespace Errata {

Utf16Offsets::Utf16Offsets(const QByteArray &utf8)
    : m_text(utf8)
{
}

qsizetype Utf16Offsets::at(qsizetype byteOffset)
{
    if (byteOffset < m_byte) {
        m_byte = 0;
        m_unit = 0;
    }
    const qsizetype end = qMin(byteOffset, m_text.size());
    const char *data = m_text.constData();
    for (; m_byte < end; ++m_byte) {
        const auto byte = static_cast<unsigned char>(data[m_byte]);
        if ((byte & 0xC0) != 0x80)          // a lead byte or ASCII starts a character
            m_unit += byte >= 0xF0 ? 2 : 1; // four-byte sequences are surrogate pairs
    }
    return m_unit;
}

} // namespace Errata
