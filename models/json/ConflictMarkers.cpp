#include "models/json/ConflictMarkers.h"

namespace Errata {

namespace {

enum class Marker { None, Ours, Base, Separator, Theirs };

// The marker a line (without its line end) is.
Marker markerOf(const char *line, qsizetype length)
{
    if (length < 7)
        return Marker::None;
    const char c = line[0];
    for (int i = 1; i < 7; ++i) {
        if (line[i] != c)
            return Marker::None;
    }
    const bool bare = length == 7;
    const bool labelled = !bare && line[7] == ' ';
    switch (c) {
    case '<': return bare || labelled ? Marker::Ours : Marker::None;
    case '|': return bare || labelled ? Marker::Base : Marker::None;
    case '=': return bare ? Marker::Separator : Marker::None;
    case '>': return bare || labelled ? Marker::Theirs : Marker::None;
    default: return Marker::None;
    }
}

} // namespace

QList<ConflictMarkers::Block> ConflictMarkers::find(const QByteArray &text)
{
    QList<Block> blocks;
    Block open;
    bool separated = false;
    int lineNumber = 0;
    for (qsizetype start = 0; start < text.size();) {
        qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            end = text.size();
        ++lineNumber;
        qsizetype length = end - start;
        if (length > 0 && text.at(start + length - 1) == '\r')
            --length;
        switch (markerOf(text.constData() + start, length)) {
        case Marker::Ours:
            open = {lineNumber, 0};
            separated = false;
            break;
        case Marker::Separator: separated = open.firstLine > 0; break;
        case Marker::Theirs:
            if (open.firstLine > 0 && separated)
                blocks.append({open.firstLine, lineNumber});
            open = Block();
            separated = false;
            break;
        case Marker::Base:
        case Marker::None: break;
        }
        start = end + 1;
    }
    return blocks;
}

} // namespace Errata
