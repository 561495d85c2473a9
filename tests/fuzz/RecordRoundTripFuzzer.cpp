// fuzz-record-roundtrip: a record read, written back unchanged, and written after edits (Record, RecordWriter).
//
// Properties, for every text that parses: unchanged, it is written back byte for byte; its serialisation parses to the
// same document, key order included, and serialises again to the same text; after edits chosen from the input (a
// value set or removed, an array item removed, a key added) the serialisation parses to the edited document, and a
// saved record writes back what was saved.

#include "FuzzSupport.h"

#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"

#include <QString>

#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

using namespace Errata;

namespace {

std::string escaped(const std::string &key)
{
    std::string out;
    for (const char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

// The pointers of every value below the root, in document order.
void collectPointers(const OrderedJson &value, const std::string &at, std::vector<std::string> &pointers)
{
    if (pointers.size() >= 512)
        return;
    if (value.is_object()) {
        for (const auto &[key, member] : value.items()) {
            const std::string pointer = at + '/' + escaped(key);
            pointers.push_back(pointer);
            collectPointers(member, pointer, pointers);
        }
    } else if (value.is_array()) {
        for (size_t i = 0; i < value.size(); ++i) {
            const std::string pointer = at + '/' + std::to_string(i);
            pointers.push_back(pointer);
            collectPointers(value[i], pointer, pointers);
        }
    }
}

bool serializes(const Record &record, QByteArray *text)
{
    QString error;
    return RecordWriter::textOf(record, text, &error);
}

// Whether it edited: removing is skipped when the document is empty.
bool edit(Record &record, std::minstd_rand &random, const QByteArray &input)
{
    std::vector<std::string> pointers;
    collectPointers(record.json(), std::string(), pointers);
    const auto pick = [&random](size_t count) { return size_t(random()) % count; };
    const QString pointer = pointers.empty() ? QStringLiteral("/x_fuzz")
                                             : QString::fromStdString(pointers[pick(pointers.size())]);
    switch (random() % 6) {
    case 0: record.setValue(pointer, OrderedJson(double(random()) / 1000.0)); break;
    case 1: record.setValue(pointer, OrderedJson(qint64(random()) - 1000000)); break;
    case 2: { // text from the input, as a string field edited in the window would hold it
        const qsizetype from = qsizetype(pick(size_t(input.size()) + 1));
        record.setValue(pointer, OrderedJson(QString::fromUtf8(input.mid(from, 40)).toStdString()));
        break;
    }
    case 3: record.setValue(pointer, OrderedJson{{"fuzz", 1.25}, {"list", {1, "two", nullptr}}}); break;
    case 4:
        if (pointers.empty())
            return false;
        record.removeValue(pointer);
        break;
    default: record.setValue(QStringLiteral("/x_fuzz_") + QString::number(random() % 1000), OrderedJson(0.5)); break;
    }
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
    const QByteArray text = Fuzz::bytes(data, size);
    Record record;
    Record::LoadError error;
    if (!record.parse(text, &error))
        return 0;

    QByteArray written;
    FUZZ_CHECK(serializes(record, &written) && written == text); // unchanged: the bytes as read

    // The canonical layout: a fixed point of parse and serialise.
    const QByteArray canonical = record.serialize();
    Record again;
    FUZZ_CHECK(again.parse(canonical, &error));
    FUZZ_CHECK(again.json() == record.json());
    FUZZ_CHECK(again.serialize() == canonical);
    FUZZ_CHECK(serializes(again, &written) && written == canonical);

    // Edits, then what is written parses to the edited document.
    std::minstd_rand random(uint32_t(std::hash<std::string_view>()(std::string_view(text.constData(), text.size()))));
    const int edits = 1 + int(random() % 3);
    bool edited = false;
    for (int i = 0; i < edits; ++i) {
        edited = edit(record, random, text) || edited;
        if (!record.json().is_object())
            return 0; // the root replaced by an edit: not a record any more
    }
    FUZZ_CHECK(record.isModified() == edited);
    QByteArray changed;
    FUZZ_CHECK(serializes(record, &changed));
    Record reread;
    FUZZ_CHECK(reread.parse(changed, &error));
    FUZZ_CHECK(reread.json() == record.json());
    record.markSaved(changed);
    FUZZ_CHECK(!record.isModified() && serializes(record, &written) && written == changed);
    return 0;
}
