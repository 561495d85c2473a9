// fuzz-merge-driver: what `errata merge-driver` reads and writes (RecordFileMerge over RecordMerge). The input is
// BASE, OURS and THEIRS, separated by lines "@@@"; each is read as the driver reads it (a blank BASE is no base), and
// the three are merged into OURS's layout.
//
// Properties, for every input whose versions parse: no crash; a clean merge writes a text that parses, to a record of
// the same id as OURS unless THEIRS changed it; with nothing from THEIRS (THEIRS as BASE) the text is OURS's bytes;
// merging a version with itself (X, X, X) gives X's bytes, and (BASE, X, X) gives X's document, both clean; a merge
// with conflicts names each conflict, and its text holds git's markers.

#include "FuzzSupport.h"

#include "models/merge/RecordFileMerge.h"
#include "models/record/Record.h"

#include <algorithm>

using namespace Errata;

namespace {

// As the merge driver: git gives an empty file as BASE when both sides
// added the record.
bool isBlank(const QByteArray &text)
{
    const QByteArray body = text.startsWith("\xEF\xBB\xBF") ? text.mid(3) : text;
    return std::all_of(body.cbegin(), body.cend(),
                       [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; });
}

bool parsed(const QByteArray &text, Record *record)
{
    Record::LoadError error;
    record->setFilePath(QStringLiteral("/errata-fuzz/kb/app/one.json"));
    return record->parse(text, &error);
}

// The merge of the three, checked as a merge of any three versions is.
bool mergeChecked(const Record *base, const Record &ours, const Record &theirs, RecordFileMerge::Result *result)
{
    QString error;
    if (!RecordFileMerge::merge(base, ours, theirs, result, &error))
        return false; // a text that cannot be written: the driver writes nothing
    FUZZ_CHECK(result->changed == (result->text != ours.originalText()));
    if (!result->conflicts.isEmpty()) {
        FUZZ_CHECK(result->text.contains("<<<<<<<") && result->text.contains(">>>>>>>"));
        for (const RecordMerge::Conflict &conflict : result->conflicts)
            FUZZ_CHECK(conflict.pointer.isEmpty() || conflict.pointer.startsWith(QLatin1Char('/')));
        return true;
    }
    Record merged;
    FUZZ_CHECK(parsed(result->text, &merged));
    return true;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> input = Fuzz::parts(Fuzz::bytes(data, size), 3);
    Record base;
    Record ours;
    Record theirs;
    const bool hasBase = !isBlank(input.at(0));
    if ((hasBase && !parsed(input.at(0), &base)) || !parsed(input.at(1), &ours) || !parsed(input.at(2), &theirs))
        return 0; // the driver refuses it, and writes nothing
    RecordFileMerge::Result result;
    if (mergeChecked(hasBase ? &base : nullptr, ours, theirs, &result) && result.conflicts.isEmpty()) {
        Record merged;
        FUZZ_CHECK(parsed(result.text, &merged));
        const bool idKept = merged.json().value("id", OrderedJson()) == ours.json().value("id", OrderedJson());
        const bool idFromTheirs = merged.json().value("id", OrderedJson()) == theirs.json().value("id", OrderedJson());
        FUZZ_CHECK(idKept || idFromTheirs);
    }

    // Nothing from THEIRS: OURS's bytes.
    Record same;
    FUZZ_CHECK(parsed(ours.originalText(), &same));
    if (hasBase) {
        FUZZ_CHECK(mergeChecked(&base, ours, base, &result));
        FUZZ_CHECK(result.conflicts.isEmpty() && !result.changed && result.text == ours.originalText());
    }
    // A version merged with itself.
    FUZZ_CHECK(mergeChecked(&ours, ours, same, &result));
    FUZZ_CHECK(result.conflicts.isEmpty() && result.text == ours.originalText());
    if (mergeChecked(hasBase ? &base : nullptr, ours, same, &result)) {
        FUZZ_CHECK(result.conflicts.isEmpty());
        Record merged;
        FUZZ_CHECK(parsed(result.text, &merged));
        FUZZ_CHECK(Fuzz::jsonEqual(merged.json(), ours.json()));
    }
    return 0;
}
