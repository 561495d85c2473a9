#pragma once

#include <QByteArray>

#include <memory>
#include <string_view>

namespace Errata {

struct RecordFields;

// Reads a record's text for the passes over every record of a KB without building a document: one pass of simdjson's
// On-Demand parser that checks the text as the document reader (OrderedJsonBuilder, through Record::parse) would and
// gathers the RecordFields on the way. scan() accepts only a text that Record::parse accepts (docs/record-format.md,
// "Reading a file"); when in doubt it refuses, and the caller parses the text with the document reader, whose verdict
// and message count. RecordScannerTest checks both agree on the sample KB, the shared corpus and the fuzz corpora. One
// scanner per thread: it keeps its parser's buffers between texts (up to a bound).
class RecordScanner
{
public:
    RecordScanner();
    ~RecordScanner();
    RecordScanner(const RecordScanner &) = delete;
    RecordScanner &operator=(const RecordScanner &) = delete;

    // False when the text is refused; `fields` is then unspecified.
    bool scan(std::string_view text, RecordFields *fields);
    bool scan(const QByteArray &text, RecordFields *fields)
    {
        return scan(std::string_view(text.constData(), size_t(text.size())), fields);
    }

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace Errata
