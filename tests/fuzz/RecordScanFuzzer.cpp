// fuzz-record-scan: a record file read by the scan path (RecordScanner,
// simdjson On-Demand) and by the document reader (Record::parse, nlohmann).
//
// Properties: both give the same verdict; of a text both accept, the scan
// gives the fields the document gives (RecordFields::fromRecord) and the
// summary the record keeps.

#include "FuzzSupport.h"

#include "models/record/Record.h"
#include "models/scan/RecordFields.h"
#include "models/scan/RecordScanner.h"

using namespace Errata;

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static RecordScanner scanner;
    const QByteArray text = Fuzz::bytes(data, size);
    RecordFields scanned;
    const bool byScan = scanner.scan(text, &scanned);
    Record record;
    Record::LoadError error;
    const bool byDocument = record.parse(text, &error);
    FUZZ_CHECK(byScan == byDocument);
    if (!byScan)
        return 0;
    FUZZ_CHECK(scanned == RecordFields::fromRecord(record));
    RecordFields kept;
    kept.summary = record.summary();
    RecordFields scannedSummary;
    scannedSummary.summary = scanned.summary;
    FUZZ_CHECK(kept == scannedSummary);
    return 0;
}
