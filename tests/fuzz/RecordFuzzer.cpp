// fuzz-record: a record file as the loader reads it (Record::parse), then
// validated against the JSON Schema and the rules (RecordValidator).
//
// Properties: a text that does not parse has a message and a position in
// the text; every finding of one that does has a line and column in the
// text, and its pointer, when the document holds that value, is found in
// the text too (JsonText); validating again with the findings validate()
// handed out (as the KB cache does) gives the same findings.

#include "FuzzSupport.h"

#include "models/json/JsonText.h"
#include "models/record/Record.h"
#include "models/validation/RecordValidator.h"

#include <QDate>

using namespace Errata;

namespace {

bool sameFindings(const QList<Problem> &a, const QList<Problem> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const Problem &x = a.at(i);
        const Problem &y = b.at(i);
        if (x.severity != y.severity || x.pointer != y.pointer || x.line != y.line || x.column != y.column
            || x.message != y.message || x.rule != y.rule)
            return false;
    }
    return true;
}

bool holds(const OrderedJson &document, const QString &pointer)
{
    try {
        return document.contains(OrderedJson::json_pointer(pointer.toStdString()));
    } catch (const std::exception &) {
        return false;
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const RecordValidator validator(QDate(2026, 12, 1));
    const QByteArray text = Fuzz::bytes(data, size);
    Record record;
    Record::LoadError error;
    if (!record.parse(text, &error)) {
        FUZZ_CHECK(!error.message.isEmpty());
        FUZZ_CHECK(Fuzz::isInside(text, error.line, error.column));
        return 0;
    }
    record.setFilePath(QStringLiteral("/kb/fuzz/record.json"));
    RecordValidator::OwnFindings own;
    const QList<Problem> problems = validator.validate(record, nullptr, &own);
    JsonText json(text);
    for (const Problem &problem : problems) {
        FUZZ_CHECK(!problem.message.isEmpty() && !problem.rule.isEmpty());
        FUZZ_CHECK(Fuzz::isInside(text, problem.line, problem.column));
        if (holds(record.json(), problem.pointer))
            FUZZ_CHECK(json.offsetOf(problem.pointer) >= 0);
    }
    FUZZ_CHECK(sameFindings(validator.validateWith(record, nullptr, own), problems));

    // What the window and the tree read of a record never throws.
    record.deadEnds();
    record.workarounds();
    record.versions();
    record.osNotes();
    record.unknownKeys();
    record.evidenceCount();
    return 0;
}
