#pragma once

#include <QtGlobal>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace Errata {

// Finds, in one pass, which of many literals occur on which line of a text: an Aho-Corasick automaton with a dense
// transition table over byte classes. The literals are re2::FilteredRE2's atoms, lowercased as RE2's prefilter does;
// the text is folded the same way as it is scanned, so an atom is reported on every line where the prefilter would see
// it (LogMatcherTest checks the folding against RE2's). A literal holding a line feed is never reported: build() lists
// it in unsearchable() and the caller must treat it as present. The table is column-major, states numbered breadth
// first, so the busy shallow states share cache lines; scan() walks two halves of a text at once to keep two lookups
// in flight.
//
// Example: with {"error", "disk full"}, scanning "ok\nDISK FULL: error\n" reports line 1 with literals 0 and 1.
class LiteralScanner
{
public:
    // The lines of a scanned text that hold at least one literal.
    struct LineHits
    {
        qint64 line = 0;  // 0-based, counted from the start of the scanned text
        qint64 start = 0; // byte offset of the line in the scanned text
        qint64 end = 0;   // byte offset of its line feed (or of the text's end)
        int first = 0;    // its literals are literals[first, first + count), no duplicates
        int count = 0;
    };

    struct Hits
    {
        std::vector<LineHits> lines;
        std::vector<int> literals;
        std::vector<std::uint8_t> seen; // seen[i]: literal i occurs somewhere
        qint64 newlines = 0;            // line feeds in the text
    };

    // Builds the automaton. Returns false, and holds nothing, when its table
    // would take more than `maxBytes`.
    bool build(const std::vector<std::string> &literals, qint64 maxBytes);

    bool isReady() const { return m_ready; }
    int literalCount() const { return m_literalCount; }
    int stateCount() const { return m_stateCount; }
    qint64 memoryUsage() const;
    // Bytes the table of an automaton for `literals` would take.
    static qint64 requiredMemory(const std::vector<std::string> &literals);
    const std::vector<int> &unsearchable() const { return m_unsearchable; }

    // Scans `text`; thread-safe (the automaton is read only).
    void scan(std::string_view text, Hits *hits) const;

    // The text folded as scan() sees it (for ranking and tests).
    static std::string fold(std::string_view text);

private:
    struct Trie;
    static constexpr std::uint32_t OutputFlag = 0x80000000u;

    class Walk;
    friend class Walk;

    void fillTable(const Trie &trie, const std::uint8_t *classOf);
    static void append(const Hits &second, Hits *hits, qint64 offset);
    void scanTogether(Walk &first, Walk &other) const;
    void collectOutputs(const Trie &trie, const std::vector<int> &order, const std::vector<int> &outputLink);

    // Column-major: [class * stateCount + state] is the next state | OutputFlag,
    // and m_columnOf[byte] is the column of the byte's class.
    std::vector<std::uint32_t> m_table;
    std::uint32_t m_columnOf[256] = {};
    int m_classCount = 0;
    int m_stateCount = 0;
    int m_literalCount = 0;
    std::vector<int> m_outputFirst; // per state: its literals are m_outputs[first, next state's first)
    std::vector<int> m_outputs;
    std::vector<int> m_unsearchable;
    bool m_ready = false;
};

} // namespace Errata
