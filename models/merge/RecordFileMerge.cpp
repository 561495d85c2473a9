#include "models/merge/RecordFileMerge.h"

#include "models/json/JsonText.h"
#include "models/kb/RecordWriter.h"
#include "models/merge/ConflictText.h"
#include "models/record/Record.h"

#include <algorithm>
#include <string>

namespace Errata {

namespace {

const QByteArray ByteOrderMark("\xEF\xBB\xBF");
const QByteArray WrittenUnit("  "); // Record writes 2 spaces per level

// `document` as `ours`'s file would hold it after an edit that made it so.
bool serialized(const Record &ours, const OrderedJson &document, QByteArray *text, QString *error)
{
    Record edited(ours);
    edited.setJson(document);
    return RecordWriter::textOf(edited, text, error);
}

// The lines of each conflicting member in `text`, the serialisation of
// `outcome` (every conflict taken from `side`): from its key (its first
// line, for an item of a list) to the end of its value, which takes as many
// lines in the text as in its own dump(2).
QList<ConflictText::Span> spansOf(const RecordMerge::Outcome &outcome, RecordMerge::Side side, const QByteArray &text)
{
    QList<ConflictText::Span> spans;
    const JsonText json(text);
    for (const RecordMerge::Conflict &conflict : outcome.conflicts) {
        // A member this side removes has no lines here (an item's pointer
        // would name the next item).
        if (side == RecordMerge::Side::Ours ? conflict.oursMissing : conflict.theirsMissing)
            continue;
        const OrderedJson::json_pointer pointer(conflict.pointer.toStdString());
        if (!outcome.document.contains(pointer))
            continue;
        const bool member = outcome.document.at(pointer.parent_pointer()).is_object();
        const qsizetype offset = member ? json.keyOffsetsOf(conflict.pointer).value(0, -1)
                                        : json.offsetOf(conflict.pointer);
        if (offset < 0)
            continue;
        const std::string value = outcome.document.at(pointer).dump(2);
        const int first = json.positionOf(offset).line - 1;
        spans.append({first, first + int(std::count(value.cbegin(), value.cend(), '\n'))});
    }
    return spans;
}

// A text that Record wrote, in `ours`'s indentation and with its byte order mark.
QByteArray inLayoutOf(const Record &ours, const QByteArray &text)
{
    const QByteArray body = RecordFileMerge::reindented(text, RecordFileMerge::indentUnitOf(ours.originalText()));
    return ours.hadByteOrderMark() ? ByteOrderMark + body : body;
}

bool isIndentation(char c)
{
    return c == ' ' || c == '\t';
}

} // namespace

bool RecordFileMerge::merge(const Record *base, const Record &ours, const Record &theirs, Result *result,
                            QString *error)
{
    RecordMerge merge(base ? &base->json() : nullptr, ours.json(), theirs.json());
    *result = Result();
    result->conflicts = merge.conflicts();
    if (merge.isClean()) {
        const OrderedJson document = merge.outcome().document;
        if (document == ours.json()) {
            result->text = ours.originalText();
            return true;
        }
        QByteArray text;
        if (!serialized(ours, document, &text, error))
            return false;
        result->text = inLayoutOf(ours, text);
    } else {
        merge.resolveAll(RecordMerge::Side::Ours);
        const RecordMerge::Outcome oursTaken = merge.outcome();
        merge.resolveAll(RecordMerge::Side::Theirs);
        const RecordMerge::Outcome theirsTaken = merge.outcome();
        QByteArray oursText;
        QByteArray theirsText;
        if (!serialized(ours, oursTaken.document, &oursText, error)
            || !serialized(ours, theirsTaken.document, &theirsText, error))
            return false;
        result->text = inLayoutOf(ours,
                                  ConflictText::join(oursText, spansOf(oursTaken, RecordMerge::Side::Ours, oursText),
                                                     theirsText,
                                                     spansOf(theirsTaken, RecordMerge::Side::Theirs, theirsText)));
    }
    result->changed = result->text != ours.originalText();
    return true;
}

bool RecordFileMerge::resolvedText(const Record &ours, const OrderedJson &document, QByteArray *text, QString *error)
{
    if (document == ours.json()) {
        *text = ours.originalText();
        return true;
    }
    QByteArray written;
    if (!serialized(ours, document, &written, error))
        return false;
    *text = inLayoutOf(ours, written);
    return true;
}

QByteArray RecordFileMerge::indentUnitOf(const QByteArray &text)
{
    for (qsizetype start = text.indexOf('\n'); start >= 0; start = text.indexOf('\n', start)) {
        ++start;
        qsizetype end = start;
        while (end < text.size() && isIndentation(text.at(end)))
            ++end;
        if (end == start || end == text.size() || text.at(end) == '\n' || text.at(end) == '\r')
            continue; // not indented, or white space only
        // One tab or up to 8 spaces; anything else is alignment, not a unit.
        const QByteArray unit = text.mid(start, end - start);
        const bool likely = unit == "\t" || (unit.size() <= 8 && !unit.contains('\t'));
        return likely ? unit : WrittenUnit;
    }
    return WrittenUnit;
}

QByteArray RecordFileMerge::reindented(const QByteArray &text, const QByteArray &unit)
{
    if (unit == WrittenUnit)
        return text;
    QByteArray result;
    result.reserve(text.size() + text.size() / 4);
    for (qsizetype start = 0; start < text.size();) {
        qsizetype end = text.indexOf('\n', start);
        end = end < 0 ? text.size() : end + 1;
        qsizetype spaces = 0;
        while (start + spaces < end && text.at(start + spaces) == ' ')
            ++spaces;
        const qsizetype levels = spaces / WrittenUnit.size();
        const qsizetype rest = start + levels * WrittenUnit.size();
        result += unit.repeated(levels);
        result += QByteArrayView(text).sliced(rest, end - rest);
        start = end;
    }
    return result;
}

} // namespace Errata
