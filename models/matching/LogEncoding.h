#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace Errata {

// The encoding of a log, and its text as UTF-8. Many Windows tools (PowerShell's redirection, Visual Studio's build
// logs) write UTF-16, with a byte order mark or without one; matched as bytes, such a log matches nothing. A log is
// read as UTF-16 or UTF-32 (little or big endian) when it starts with that byte order mark, or, without one, when
// its first SampleSize bytes have the NUL bytes that encoding gives to ASCII text (every other byte, or three bytes
// of four); else as UTF-8, a UTF-8 byte order mark dropped.
class LogEncoding
{
public:
    enum Encoding { Utf8, Utf16LE, Utf16BE, Utf32LE, Utf32BE };

    struct Detected
    {
        Encoding encoding = Utf8;
        int bomSize = 0; // bytes of the byte order mark at the start, 0 when none
    };

    static constexpr qsizetype SampleSize = 4096;

    // From the first bytes of a log (SampleSize of them or all, when fewer).
    static Detected detect(QByteArrayView start);
    // "UTF-16LE"
    static QString name(Encoding encoding);
    // Bytes per code unit: 1, 2 or 4.
    static int unitSize(Encoding encoding);

    // Over `text`, which starts at a code unit: the line ends (U+000A), the
    // offset just past the first and the last one (-1: none).
    static qsizetype countLineEnds(QByteArrayView text, Encoding encoding);
    static qsizetype afterFirstLineEnd(QByteArrayView text, Encoding encoding);
    static qsizetype afterLastLineEnd(QByteArrayView text, Encoding encoding);

    // `text` (starting at a code unit, without its byte order mark) in
    // UTF-8; what cannot be decoded becomes U+FFFD.
    static QByteArray toUtf8(QByteArrayView text, Encoding encoding);
};

} // namespace Errata
