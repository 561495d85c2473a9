#pragma once

#include <QByteArray>

#include <memory>
#include <string_view>

namespace Errata {

struct RecordFields;

// Reads a record's text for the passes over every record of a KB, without
// building a document: one pass of simdjson's On-Demand parser that checks
// the whole text as the document reader (OrderedJsonBuilder, through
// Record::parse) would, and gathers the RecordFields on the way.
//
// scan() accepts only a text that Record::parse accepts: one JSON object
// (after at most two byte order marks, as that reader takes them), well-formed UTF-8, no NUL byte, no
// key written twice in one object, no number that overflows, nested at most
// Record::MaxDepth deep, nothing after it but white space. When in doubt it
// refuses, and the caller parses the text with the document reader, whose
// verdict and message are the ones that count: RecordScannerTest checks
// that both give the same verdict on the sample KB, the shared corpus and
// the fuzz corpora.
//
// One scanner is used by one thread at a time; it keeps its parser's
// buffers between texts (up to a bound), so keep one per thread.
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
