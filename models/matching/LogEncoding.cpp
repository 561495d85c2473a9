#include "models/matching/LogEncoding.h"

#include <QStringDecoder>

namespace Errata {

namespace {

constexpr qsizetype DecodeChunk = qsizetype(16) << 20; // raw bytes decoded at a time

bool startsWith(QByteArrayView text, const char *bom, qsizetype size)
{
    return text.size() >= size && text.first(size) == QByteArrayView(bom, size);
}

// Zero bytes at each offset modulo `unit` over the whole units of `sample`.
void countZeros(QByteArrayView sample, int unit, qsizetype zeros[4])
{
    for (int k = 0; k < 4; ++k)
        zeros[k] = 0;
    const qsizetype whole = sample.size() - sample.size() % unit;
    for (qsizetype i = 0; i < whole; ++i) {
        if (sample[i] == 0)
            ++zeros[i % unit];
    }
}

// Without a byte order mark: ASCII text in UTF-32 has three zero bytes of
// four, in UTF-16 one of two, always at the same place in the unit; UTF-8
// text has no zero byte at all.
LogEncoding::Encoding guess(QByteArrayView sample)
{
    if (!sample.contains('\0'))
        return LogEncoding::Utf8;
    qsizetype zeros[4];
    const qsizetype quads = sample.size() / 4;
    if (quads > 0) {
        countZeros(sample, 4, zeros);
        if (zeros[3] == quads && zeros[2] * 10 >= quads * 9 && zeros[0] * 2 < quads)
            return LogEncoding::Utf32LE;
        if (zeros[0] == quads && zeros[1] * 10 >= quads * 9 && zeros[3] * 2 < quads)
            return LogEncoding::Utf32BE;
    }
    const qsizetype pairs = sample.size() / 2;
    countZeros(sample, 2, zeros);
    // At least a quarter of the units ASCII, and the other byte of a unit
    // hardly ever zero.
    if (zeros[1] * 4 >= pairs && zeros[0] * 8 < zeros[1])
        return LogEncoding::Utf16LE;
    if (zeros[0] * 4 >= pairs && zeros[1] * 8 < zeros[0])
        return LogEncoding::Utf16BE;
    return LogEncoding::Utf8;
}

// Whether a line end starts at `unitStart`.
bool isLineEnd(QByteArrayView text, qsizetype unitStart, LogEncoding::Encoding encoding)
{
    const int unit = LogEncoding::unitSize(encoding);
    if (unitStart < 0 || unitStart % unit != 0 || unitStart + unit > text.size())
        return false;
    const bool little = encoding == LogEncoding::Utf16LE || encoding == LogEncoding::Utf32LE;
    for (int k = 0; k < unit; ++k) {
        const char expected = (little ? k == 0 : k == unit - 1) ? '\n' : '\0';
        if (text[unitStart + k] != expected)
            return false;
    }
    return true;
}

// Where the '\n' byte of a line end lies in its unit.
int newlineByte(LogEncoding::Encoding encoding)
{
    const bool little = encoding == LogEncoding::Utf8 || encoding == LogEncoding::Utf16LE
        || encoding == LogEncoding::Utf32LE;
    return little ? 0 : LogEncoding::unitSize(encoding) - 1;
}

QStringConverter::Encoding converterOf(LogEncoding::Encoding encoding)
{
    switch (encoding) {
    case LogEncoding::Utf16LE: return QStringConverter::Utf16LE;
    case LogEncoding::Utf16BE: return QStringConverter::Utf16BE;
    case LogEncoding::Utf32LE: return QStringConverter::Utf32LE;
    case LogEncoding::Utf32BE: return QStringConverter::Utf32BE;
    case LogEncoding::Utf8: break;
    }
    return QStringConverter::Utf8;
}

} // namespace

LogEncoding::Detected LogEncoding::detect(QByteArrayView start)
{
    // UTF-32LE's mark begins with UTF-16LE's: tried first.
    if (startsWith(start, "\xFF\xFE\0\0", 4))
        return {Utf32LE, 4};
    if (startsWith(start, "\0\0\xFE\xFF", 4))
        return {Utf32BE, 4};
    if (startsWith(start, "\xFF\xFE", 2))
        return {Utf16LE, 2};
    if (startsWith(start, "\xFE\xFF", 2))
        return {Utf16BE, 2};
    if (startsWith(start, "\xEF\xBB\xBF", 3))
        return {Utf8, 3};
    return {guess(start.first(qMin(start.size(), SampleSize))), 0};
}

QString LogEncoding::name(Encoding encoding)
{
    switch (encoding) {
    case Utf16LE: return QStringLiteral("UTF-16LE");
    case Utf16BE: return QStringLiteral("UTF-16BE");
    case Utf32LE: return QStringLiteral("UTF-32LE");
    case Utf32BE: return QStringLiteral("UTF-32BE");
    case Utf8: break;
    }
    return QStringLiteral("UTF-8");
}

int LogEncoding::unitSize(Encoding encoding)
{
    return encoding == Utf8 ? 1 : encoding == Utf16LE || encoding == Utf16BE ? 2 : 4;
}

qsizetype LogEncoding::countLineEnds(QByteArrayView text, Encoding encoding)
{
    if (encoding == Utf8)
        return text.count('\n');
    qsizetype count = 0;
    const int offset = newlineByte(encoding);
    for (qsizetype at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
        if (isLineEnd(text, at - offset, encoding))
            ++count;
    }
    return count;
}

qsizetype LogEncoding::afterFirstLineEnd(QByteArrayView text, Encoding encoding)
{
    const int offset = newlineByte(encoding);
    for (qsizetype at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
        if (isLineEnd(text, at - offset, encoding))
            return at - offset + unitSize(encoding);
    }
    return -1;
}

qsizetype LogEncoding::afterLastLineEnd(QByteArrayView text, Encoding encoding)
{
    const int offset = newlineByte(encoding);
    for (qsizetype at = text.lastIndexOf('\n'); at >= 0; at = at > 0 ? text.lastIndexOf('\n', at - 1) : -1) {
        if (isLineEnd(text, at - offset, encoding))
            return at - offset + unitSize(encoding);
    }
    return -1;
}

QByteArray LogEncoding::toUtf8(QByteArrayView text, Encoding encoding)
{
    if (encoding == Utf8)
        return text.toByteArray();
    // The mark was taken off: a U+FEFF at the start is text. A unit cut
    // short at the end is one U+FFFD.
    QStringDecoder decoder(converterOf(encoding), QStringConverter::Flag::ConvertInitialBom);
    const qsizetype whole = text.size() - text.size() % unitSize(encoding);
    QByteArray utf8;
    for (qsizetype at = 0; at < whole; at += DecodeChunk) {
        const QString part = decoder.decode(text.sliced(at, qMin(DecodeChunk, whole - at)));
        utf8 += part.toUtf8();
    }
    if (whole < text.size())
        utf8 += QString(QChar::ReplacementCharacter).toUtf8();
    return utf8;
}

} // namespace Errata
