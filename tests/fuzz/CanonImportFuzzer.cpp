// fuzz-canon-import: a deadends.dev canon imported into a record and
// exported back (DeadendsConverter, as import-deadends and export-deadends
// run it: each file read as a record is, each result written as JSON text).
//
// Property (docs/record-format.md, "x_deadends"): whenever the import
// succeeds, the exported canon is JSON-equal to the original: the same
// members in any order, the same values. An import that fails says why
// (std::invalid_argument) and never throws anything else.

#include "FuzzSupport.h"

#include "models/convert/DeadendsConverter.h"
#include "models/record/Record.h"

#include <stdexcept>

using namespace Errata;

namespace {

// What FolderConverter writes: the result as 2-space JSON text.
QByteArray fileText(const OrderedJson &json)
{
    return QByteArray::fromStdString(json.dump(2, ' ', false)) + '\n';
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Record canonFile;
    Record::LoadError error;
    if (!canonFile.parse(Fuzz::bytes(data, size), &error))
        return 0;
    const OrderedJson &canon = canonFile.json();
    OrderedJson imported;
    try {
        imported = DeadendsConverter::toRecord(canon);
    } catch (const std::invalid_argument &) {
        return 0;
    }
    FUZZ_CHECK(imported.is_object());

    Record recordFile; // the imported record as export-deadends reads it
    FUZZ_CHECK(recordFile.parse(fileText(imported), &error));
    FUZZ_CHECK(Fuzz::jsonEqual(recordFile.json(), imported));
    const OrderedJson exported = DeadendsConverter::toCanon(recordFile.json());
    FUZZ_CHECK(Fuzz::jsonEqual(exported, canon));

    Record exportedFile;
    FUZZ_CHECK(exportedFile.parse(fileText(exported), &error));
    FUZZ_CHECK(Fuzz::jsonEqual(exportedFile.json(), canon));
    return 0;
}
