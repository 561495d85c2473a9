#include "models/lookup/LookupText.h"

#include "models/text/SearchTokenizer.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <string_view>
#include <unordered_map>

namespace Errata {

namespace {

// What a variable span is; the order of the groups in VariablePattern.
enum Kind { Url = 1, Uuid, Timestamp, Clock, Ip, Hex, Code, Path, Quoted, Version, Number, KindCount };

// One alternative per kind, leftmost first, the first kind winning at the
// same place. Paths need a start that cannot be inside a word ("a/b" in an
// id is not a path).
const char *const VariablePattern =
    R"((\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s'"<>]+))"
    R"(|(\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b))"
    R"(|(\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b))"
    R"(|(\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b))"
    R"(|(\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b))"
    R"(|(\b0[xX][0-9a-fA-F]+\b|\b[0-9a-fA-F]{8,}\b))"
    R"(|(\b[A-Z][A-Z0-9]{0,5}-?\d{2,6}\b))"
    R"(|((?:(?m:^)|[\s'"=(\[<,])(?:[A-Za-z]:\\|\\\\|~/|\.{1,2}/|/)[^\s'"<>(),;:\[\]]*))"
    R"(|('[^'\n]{1,80}'|"[^"\n]{1,80}"|`[^`\n]{1,80}`|‘[^’\n]{1,80}’|“[^”\n]{1,80}”))"
    R"(|(\bv?\d+(?:\.\d+)+\b))"
    R"(|(\b\d+\b))";

const RE2 &variablePattern()
{
    static const RE2 pattern(VariablePattern, RE2::Quiet);
    return pattern;
}

// An exception or error class name: "KeyError", "NullPointerException".
using uchar = unsigned char;

bool isClassName(std::string_view word)
{
    static const char *const Endings[] = {"Error", "Exception", "Fault", "Failure", "Warning", "Panic"};
    if (word.size() < 6 || !std::isupper(uchar(word[0])) || !std::islower(uchar(word[1])))
        return false;
    return std::any_of(std::begin(Endings), std::end(Endings), [word](std::string_view ending) {
        return word.size() > ending.size() && word.substr(word.size() - ending.size()) == ending;
    });
}

bool hasDigit(std::string_view text)
{
    return std::any_of(text.begin(), text.end(), [](char c) { return std::isdigit(uchar(c)); });
}

bool isWordByte(char c)
{
    return uchar(c) >= 0x80 || std::isalnum(uchar(c)) || c == '_';
}

class WordCollector
{
public:
    WordCollector(LookupText::Words &out, LookupText::Split split)
        : m_out(out)
        , m_purpose(split == LookupText::WithParts ? SearchTokenizer::Indexing : SearchTokenizer::Querying)
    {
    }

    // Plain text: every token at full weight, those of class names higher.
    void addPlain(std::string_view text)
    {
        for (size_t i = 0; i < text.size();) {
            if (!isWordByte(text[i])) {
                ++i;
                continue;
            }
            size_t end = i;
            while (end < text.size() && isWordByte(text[end]))
                ++end;
            const std::string_view word = text.substr(i, end - i);
            add(word, isClassName(word) ? LookupText::CodeWeight : 1.0f);
            i = end;
        }
    }

    // Split as the search index splits what it indexes (camelCase parts
    // beside the whole word), but Chinese in pairs only: a lone character
    // says little.
    void add(std::string_view text, float weight)
    {
        m_tokens.clear();
        SearchTokenizer::appendTokens(text, m_purpose, m_tokens);
        for (std::string &token : m_tokens) {
            if (isOneHanCharacter(token))
                continue;
            const float own = isFunctionWord(token) ? std::min(weight, LookupText::FunctionWordWeight) : weight;
            m_out.emplace_back(std::move(token), own);
        }
    }

    void addFileName(std::string_view path)
    {
        const size_t slash = path.find_last_of("/\\");
        add(slash == std::string_view::npos ? path : path.substr(slash + 1), LookupText::PathWeight);
    }

private:
    // English words that carry no meaning of their own: in a small KB their
    // idf alone would not say so. ("not", "no", "cannot" do carry meaning.)
    // Compared as views (length first): a token is compared with each word
    // of the list, and strcmp-like comparisons were a sixth of indexing.
    static bool isFunctionWord(const std::string &token)
    {
        using namespace std::string_view_literals;
        if (token.size() > 4) // the longest is four letters; most tokens are longer
            return false;
        static constexpr std::string_view words[] = {
            "a"sv,  "an"sv,  "and"sv,  "are"sv,  "as"sv,  "at"sv,   "be"sv,  "by"sv,   "for"sv, "from"sv,
            "in"sv, "is"sv,  "it"sv,   "its"sv,  "of"sv,  "on"sv,   "or"sv,  "that"sv, "the"sv, "this"sv,
            "to"sv, "was"sv, "were"sv, "with"sv, "has"sv, "have"sv, "had"sv, "will"sv, "been"sv};
        const std::string_view view(token);
        return std::find(std::begin(words), std::end(words), view) != std::end(words);
    }

    static bool isOneHanCharacter(const std::string &token)
    {
        return token.size() == 3 && uchar(token[0]) >= 0xE3 && uchar(token[0]) <= 0xE9;
    }

    LookupText::Words &m_out;
    SearchTokenizer::Purpose m_purpose;
    std::vector<std::string> m_tokens;
};

void addVariable(WordCollector &collector, Kind kind, std::string_view span)
{
    switch (kind) {
    case Code: collector.add(span, LookupText::CodeWeight); break;
    case Hex: // a word such as "deadbeef" or "facade" is not a number
        if (!hasDigit(span))
            collector.addPlain(span);
        break;
    case Path: collector.addFileName(span); break;
    case Quoted: collector.add(span, LookupText::QuotedWeight); break;
    case Number:
        if (span.size() <= 4)
            collector.add(span, LookupText::NumberWeight);
        break;
    default: // dropped
        break;
    }
}

// Calls `plain(text)` and `variable(kind, text)` for the pieces of `utf8`
// in order.
template<typename Plain, typename Variable>
void splitVariable(std::string_view utf8, Plain plain, Variable variable)
{
    const RE2 &pattern = variablePattern();
    re2::StringPiece groups[KindCount];
    size_t at = 0;
    const re2::StringPiece text(utf8.data(), utf8.size());
    while (at < utf8.size() && pattern.Match(text, at, utf8.size(), RE2::UNANCHORED, groups, KindCount)) {
        int kind = 1;
        while (kind < KindCount && groups[kind].data() == nullptr)
            ++kind;
        const size_t start = size_t(groups[0].data() - utf8.data());
        plain(utf8.substr(at, start - at));
        variable(Kind(kind), std::string_view(groups[0].data(), groups[0].size()));
        at = start + std::max<size_t>(groups[0].size(), 1);
        if (groups[0].empty())
            plain(utf8.substr(start, 1));
    }
    if (at < utf8.size())
        plain(utf8.substr(at));
}

} // namespace

LookupText::Words LookupText::words(std::string_view utf8, Split split)
{
    Words out;
    WordCollector collector(out, split);
    splitVariable(
        utf8, [&](std::string_view plain) { collector.addPlain(plain); },
        [&](Kind kind, std::string_view span) { addVariable(collector, kind, span); });
    return out;
}

LookupText::Words LookupText::words(const QString &text, Split split)
{
    const QByteArray utf8 = text.toUtf8();
    return words(std::string_view(utf8.constData(), size_t(utf8.size())), split);
}

QString LookupText::normalized(const QString &text)
{
    static const char *const Placeholders[] = {"",      "<url>", "<uuid>", "<time>", "<time>",    "<ip>",
                                               "<hex>", nullptr, "<path>", nullptr,  "<version>", "<num>"};
    const QByteArray utf8 = text.toUtf8();
    std::string out;
    splitVariable(
        std::string_view(utf8.constData(), size_t(utf8.size())), [&](std::string_view plain) { out += plain; },
        [&](Kind kind, std::string_view span) {
            if (kind == Path) { // keep the character before the path
                const size_t start = span.find_first_of("/\\~.");
                const size_t lead = span.size() > 0 && start != 0 && !(span[0] >= 'A' && span[0] <= 'z') ? 1 : 0;
                out += span.substr(0, lead);
            }
            const char *placeholder = Placeholders[kind];
            if ((kind == Number && span.size() <= 4) || (kind == Hex && !hasDigit(span)))
                placeholder = nullptr;
            out += placeholder ? std::string_view(placeholder) : span;
        });
    return QString::fromStdString(out);
}

LookupText::Words LookupText::merged(const Words &words)
{
    std::unordered_map<std::string, float> sums;
    Words out;
    for (const auto &[word, weight] : words) {
        const auto [it, fresh] = sums.emplace(word, weight);
        if (fresh)
            out.emplace_back(word, 0.0f);
        else
            it->second += weight;
    }
    for (auto &[word, weight] : out)
        weight = sums[word];
    return out;
}

} // namespace Errata
