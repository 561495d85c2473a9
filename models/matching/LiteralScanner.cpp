#include "models/matching/LiteralScanner.h"

#include <QChar>

#include <algorithm>

namespace Errata {

namespace {

char lowerAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

std::string lowerAscii(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](char c) { return lowerAscii(c); });
    return text;
}

bool isContinuation(unsigned char byte)
{
    return (byte & 0xC0) == 0x80;
}

// Decodes the UTF-8 character at p (p[0] >= 0x80); returns its length in
// bytes, or 0 when the bytes there are not valid UTF-8.
int decode(const unsigned char *p, const unsigned char *end, char32_t *rune)
{
    const unsigned char b = p[0];
    int length = 0;
    char32_t r = 0;
    if (b >= 0xC2 && b <= 0xDF) {
        length = 2;
        r = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
        length = 3;
        r = b & 0x0F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        length = 4;
        r = b & 0x07;
    } else {
        return 0;
    }
    if (end - p < length)
        return 0;
    for (int i = 1; i < length; ++i) {
        if (!isContinuation(p[i]))
            return 0;
        r = (r << 6) | (p[i] & 0x3F);
    }
    const bool overlong = (length == 3 && r < 0x800) || (length == 4 && r < 0x10000);
    if (overlong || (r >= 0xD800 && r <= 0xDFFF) || r > 0x10FFFF)
        return 0;
    *rune = r;
    return length;
}

int encode(char32_t r, unsigned char *out)
{
    if (r < 0x80) {
        out[0] = static_cast<unsigned char>(r);
        return 1;
    }
    if (r < 0x800) {
        out[0] = static_cast<unsigned char>(0xC0 | (r >> 6));
        out[1] = static_cast<unsigned char>(0x80 | (r & 0x3F));
        return 2;
    }
    if (r < 0x10000) {
        out[0] = static_cast<unsigned char>(0xE0 | (r >> 12));
        out[1] = static_cast<unsigned char>(0x80 | ((r >> 6) & 0x3F));
        out[2] = static_cast<unsigned char>(0x80 | (r & 0x3F));
        return 3;
    }
    out[0] = static_cast<unsigned char>(0xF0 | (r >> 18));
    out[1] = static_cast<unsigned char>(0x80 | ((r >> 12) & 0x3F));
    out[2] = static_cast<unsigned char>(0x80 | ((r >> 6) & 0x3F));
    out[3] = static_cast<unsigned char>(0x80 | (r & 0x3F));
    return 4;
}

// The bytes the character at p stands for once folded, in `out`; returns how
// many bytes of the text it took (1 for a byte that is not valid UTF-8).
int foldAt(const unsigned char *p, const unsigned char *end, unsigned char *out, int *outLength)
{
    char32_t rune = 0;
    const int length = decode(p, end, &rune);
    if (length == 0) {
        out[0] = p[0];
        *outLength = 1;
        return 1;
    }
    const char32_t folded = QChar::toCaseFolded(rune);
    if (folded == rune) {
        std::copy(p, p + length, out);
        *outLength = length;
    } else {
        *outLength = encode(folded, out);
    }
    return length;
}

// What the automaton looks for in place of a literal: the literal, ASCII
// lowercased; empty when it cannot be looked for (empty, or a line feed in it).
std::string searchKey(const std::string &literal)
{
    return literal.find('\n') == std::string::npos ? lowerAscii(literal) : std::string();
}

std::vector<std::string> searchable(const std::vector<std::string> &literals)
{
    std::vector<std::string> result;
    for (const std::string &literal : literals) {
        std::string key = searchKey(literal);
        if (!key.empty())
            result.push_back(std::move(key));
    }
    return result;
}

// Byte classes: 0 for bytes in no literal, then one per distinct byte.
int assignClasses(const std::vector<std::string> &literals, std::uint8_t *classOf)
{
    std::fill(classOf, classOf + 256, 0);
    int count = 1;
    for (const std::string &literal : literals) {
        for (const char c : literal) {
            const auto byte = static_cast<unsigned char>(c);
            if (classOf[byte] == 0)
                classOf[byte] = static_cast<std::uint8_t>(count++);
        }
    }
    for (int c = 'A'; c <= 'Z'; ++c)
        classOf[c] = classOf[c - 'A' + 'a'];
    return count;
}

// Trie nodes (the root included) of the literals: 1 + the bytes not shared
// with the previous literal in sorted order.
qint64 trieNodes(std::vector<std::string> literals)
{
    std::sort(literals.begin(), literals.end());
    qint64 nodes = 1;
    const std::string *previous = nullptr;
    for (const std::string &literal : literals) {
        size_t common = 0;
        if (previous) {
            while (common < previous->size() && common < literal.size() && (*previous)[common] == literal[common])
                ++common;
        }
        nodes += qint64(literal.size() - common);
        previous = &literal;
    }
    return nodes;
}

} // namespace

// The trie being built: each node's children (by byte class) and the
// literals that end there. Node 0 is the root.
struct LiteralScanner::Trie
{
    struct Node
    {
        std::vector<std::pair<std::uint8_t, int>> children;
        std::vector<int> ends;
    };
    std::vector<Node> nodes{1};

    void insert(const std::string &literal, int index, const std::uint8_t *classOf)
    {
        int state = 0;
        for (const char c : literal) {
            const std::uint8_t cls = classOf[static_cast<unsigned char>(c)];
            int next = -1;
            for (const auto &child : nodes[size_t(state)].children) {
                if (child.first == cls)
                    next = child.second;
            }
            if (next < 0) {
                next = int(nodes.size());
                nodes[size_t(state)].children.emplace_back(cls, next);
                nodes.emplace_back();
            }
            state = next;
        }
        nodes[size_t(state)].ends.push_back(index);
    }
    // The nodes in breadth-first order (shallow states first, for locality).
    std::vector<int> breadthFirst() const
    {
        std::vector<int> order{0};
        for (size_t i = 0; i < order.size(); ++i) {
            for (const auto &child : nodes[size_t(order[i])].children)
                order.push_back(child.second);
        }
        return order;
    }
};

// One scan: the automaton's state, the current line and what it found.
// One scan of a text: its cursor, the automaton's state (kept in registers
// by the scanning loop), and the bookkeeping of lines and literals found.
class LiteralScanner::Walk
{
public:
    Walk(const LiteralScanner &scanner, std::string_view text, Hits *hits)
        : begin(reinterpret_cast<const unsigned char *>(text.data()))
        , p(begin)
        , end(begin + text.size())
        , m_scanner(scanner)
        , m_hits(hits)
        , m_lastLine(size_t(scanner.m_literalCount), -1)
    {
        hits->lines.clear();
        hits->literals.clear();
        hits->seen.assign(size_t(scanner.m_literalCount), 0);
    }

    // Scans one character the slow way: a line feed, or a character that is
    // not ASCII (folded first).
    void step()
    {
        if (*p == '\n') {
            newline();
            return;
        }
        if (*p < 0x80) {
            feed(*p++);
            return;
        }
        unsigned char folded[4];
        int length = 0;
        p += foldAt(p, end, folded, &length);
        for (int i = 0; i < length; ++i)
            feed(folded[i]);
    }
    void feed(unsigned char byte)
    {
        state = m_scanner.m_table[m_scanner.m_columnOf[byte] + state];
        if (state & OutputFlag) {
            state &= ~OutputFlag;
            report(state);
        }
    }
    // Records the literals that end at `at` (a state with output).
    void report(std::uint32_t at)
    {
        const int *outputs = m_scanner.m_outputs.data();
        const int last = m_scanner.m_outputFirst[at + 1];
        for (int i = m_scanner.m_outputFirst[at]; i < last; ++i)
            add(outputs[i]);
    }
    void finish()
    {
        closeLine(end - begin);
        m_hits->newlines = m_line;
    }

    const unsigned char *const begin;
    const unsigned char *p;
    const unsigned char *const end;
    std::uint32_t state = 0;

private:
    void newline()
    {
        const qint64 offset = p - begin;
        closeLine(offset);
        ++m_line;
        m_lineStart = offset + 1;
        state = 0;
        ++p;
    }
    void closeLine(qint64 offset)
    {
        if (!m_hits->lines.empty() && m_hits->lines.back().line == m_line)
            m_hits->lines.back().end = offset;
    }
    void add(int literal)
    {
        if (m_lastLine[size_t(literal)] == m_line)
            return;
        m_lastLine[size_t(literal)] = m_line;
        m_hits->seen[size_t(literal)] = 1;
        if (m_hits->lines.empty() || m_hits->lines.back().line != m_line)
            m_hits->lines.push_back({m_line, m_lineStart, m_lineStart, int(m_hits->literals.size()), 0});
        m_hits->literals.push_back(literal);
        ++m_hits->lines.back().count;
    }

    const LiteralScanner &m_scanner;
    Hits *m_hits;
    std::vector<qint64> m_lastLine;
    qint64 m_line = 0;
    qint64 m_lineStart = 0;
};

qint64 LiteralScanner::requiredMemory(const std::vector<std::string> &literals)
{
    const std::vector<std::string> keys = searchable(literals);
    std::uint8_t classOf[256];
    const int classes = assignClasses(keys, classOf);
    return trieNodes(keys) * classes * qint64(sizeof(std::uint32_t));
}

qint64 LiteralScanner::memoryUsage() const
{
    return qint64(m_table.size() * sizeof(std::uint32_t) + (m_outputFirst.size() + m_outputs.size()) * sizeof(int));
}

bool LiteralScanner::build(const std::vector<std::string> &literals, qint64 maxBytes)
{
    *this = LiteralScanner();
    m_literalCount = int(literals.size());
    const qint64 required = requiredMemory(literals);
    if (required > maxBytes || required / qint64(sizeof(std::uint32_t)) >= qint64(OutputFlag)) {
        m_literalCount = 0;
        return false;
    }
    std::uint8_t classOf[256];
    m_classCount = assignClasses(searchable(literals), classOf);
    Trie trie;
    for (size_t i = 0; i < literals.size(); ++i) {
        const std::string key = searchKey(literals[i]);
        if (key.empty())
            m_unsearchable.push_back(int(i));
        else
            trie.insert(key, int(i), classOf);
    }
    fillTable(trie, classOf);
    m_ready = true;
    return true;
}

// Numbers the states breadth first (the busy shallow states side by side in
// each column) and fills the table: a state's transitions are its failure
// state's, with its own children written over them.
void LiteralScanner::fillTable(const Trie &trie, const std::uint8_t *classOf)
{
    const std::vector<int> order = trie.breadthFirst();
    const size_t states = order.size();
    m_stateCount = int(states);
    for (int byte = 0; byte < 256; ++byte)
        m_columnOf[byte] = std::uint32_t(classOf[byte] * states);
    std::vector<int> renumbered(states);
    for (size_t i = 0; i < states; ++i)
        renumbered[size_t(order[i])] = int(i);
    const size_t classes = size_t(m_classCount);
    m_table.assign(states * classes, 0);
    std::vector<size_t> fail(states, 0);
    std::vector<int> outputLink(states, -1); // the nearest state on the failure chain with literals
    for (size_t state = 0; state < states; ++state) {
        const Trie::Node &node = trie.nodes[size_t(order[state])];
        for (size_t c = 0; state > 0 && c < classes; ++c)
            m_table[c * states + state] = m_table[c * states + fail[state]];
        for (const auto &[cls, oldChild] : node.children) {
            const auto child = size_t(renumbered[size_t(oldChild)]);
            const size_t link = state == 0 ? 0 : size_t(m_table[cls * states + fail[state]] & ~OutputFlag);
            fail[child] = link;
            outputLink[child] = trie.nodes[size_t(order[link])].ends.empty() ? outputLink[link] : int(link);
            const bool output = !trie.nodes[size_t(oldChild)].ends.empty() || outputLink[child] >= 0;
            m_table[cls * states + state] = std::uint32_t(child) | (output ? OutputFlag : 0u);
        }
    }
    collectOutputs(trie, order, outputLink);
}

// Every literal each state reports: its own, then those of its output link
// (a shallower state, so already collected).
void LiteralScanner::collectOutputs(const Trie &trie, const std::vector<int> &order, const std::vector<int> &outputLink)
{
    m_outputFirst.assign(order.size() + 1, 0);
    for (size_t state = 0; state < order.size(); ++state) {
        m_outputFirst[state] = int(m_outputs.size());
        const std::vector<int> &own = trie.nodes[size_t(order[state])].ends;
        m_outputs.insert(m_outputs.end(), own.begin(), own.end());
        if (outputLink[state] < 0)
            continue;
        const auto link = size_t(outputLink[state]);
        for (int i = m_outputFirst[link]; i < m_outputFirst[link + 1]; ++i)
            m_outputs.push_back(m_outputs[size_t(i)]);
    }
    m_outputFirst[order.size()] = int(m_outputs.size());
}

// The two halves of the text (cut after a line feed) are scanned in one loop:
// two independent chains of table lookups keep the processor busy while one
// waits for memory. Then the second half's hits are appended to the first's.
void LiteralScanner::scan(std::string_view text, Hits *hits) const
{
    if (!m_ready) {
        *hits = Hits();
        hits->newlines = std::count(text.begin(), text.end(), '\n');
        return;
    }
    const size_t newline = text.find('\n', text.size() / 2);
    const size_t middle = newline == std::string_view::npos ? text.size() : newline + 1;
    Hits second;
    Walk first(*this, text.substr(0, middle), hits);
    Walk other(*this, text.substr(middle), &second);
    scanTogether(first, other);
    while (first.p < first.end)
        first.step();
    while (other.p < other.end)
        other.step();
    first.finish();
    other.finish();
    append(second, hits, qint64(middle));
}

// The hot loop: ASCII bytes other than line feeds, two walks at a time, the
// states in local variables; anything else goes through Walk::step().
void LiteralScanner::scanTogether(Walk &first, Walk &other) const
{
    const std::uint32_t *table = m_table.data();
    const std::uint32_t *columnOf = m_columnOf;
    const unsigned char *a = first.p;
    const unsigned char *b = other.p;
    std::uint32_t stateA = first.state;
    std::uint32_t stateB = other.state;
    while (a < first.end && b < other.end) {
        const unsigned char x = *a;
        const unsigned char y = *b;
        if (Q_UNLIKELY(((x | y) & 0x80) || x == '\n' || y == '\n')) {
            first.p = a;
            other.p = b;
            first.state = stateA;
            other.state = stateB;
            first.step();
            other.step();
            a = first.p;
            b = other.p;
            stateA = first.state;
            stateB = other.state;
            continue;
        }
        stateA = table[columnOf[x] + stateA];
        stateB = table[columnOf[y] + stateB];
        ++a;
        ++b;
        if (Q_UNLIKELY((stateA | stateB) & OutputFlag)) {
            if (stateA & OutputFlag)
                first.report(stateA &= ~OutputFlag);
            if (stateB & OutputFlag)
                other.report(stateB &= ~OutputFlag);
        }
    }
    first.p = a;
    other.p = b;
    first.state = stateA;
    other.state = stateB;
}

void LiteralScanner::append(const Hits &second, Hits *hits, qint64 offset)
{
    const int literalBase = int(hits->literals.size());
    for (LineHits line : second.lines) {
        line.line += hits->newlines;
        line.start += offset;
        line.end += offset;
        line.first += literalBase;
        hits->lines.push_back(line);
    }
    hits->literals.insert(hits->literals.end(), second.literals.begin(), second.literals.end());
    for (size_t i = 0; i < second.seen.size(); ++i)
        hits->seen[i] |= second.seen[i];
    hits->newlines += second.newlines;
}

std::string LiteralScanner::fold(std::string_view text)
{
    std::string result;
    result.reserve(text.size());
    const auto *begin = reinterpret_cast<const unsigned char *>(text.data());
    const auto *end = begin + text.size();
    unsigned char folded[4];
    for (const unsigned char *p = begin; p < end;) {
        if (*p < 0x80) {
            result.push_back(lowerAscii(char(*p)));
            ++p;
            continue;
        }
        int length = 0;
        p += foldAt(p, end, folded, &length);
        result.append(reinterpret_cast<const char *>(folded), size_t(length));
    }
    return result;
}

} // namespace Errata
