#pragma once

#include <QString>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace Errata {

// The words of a text as lookup compares them: what varies between two occurrences of one error is normalised away
// first (URLs, ids, times, addresses, versions, long numbers, a path's folders), and each word has a weight for how
// much it says about the error: low for quoted names, a path's file name and short numbers (a count or a port may be
// the error's own: "exit code 137"), high for error codes and exception class names, next to nothing for English
// function words. Words are folded and split as SearchTokenizer splits a query. The rules and weights are in
// docs/record-format.md, "Lookup: "what is this error?"", rule 2.
//
//   "KeyError: 'user_id' at /srv/app/models/user.py:42 (0x7f3a9c)"
//     -> keyerror key error (1.5), user id (0.3: quoted), user py (0.3: file name), 42 (0.2); the rest dropped
class LookupText
{
public:
    static constexpr float QuotedWeight = 0.3f;
    static constexpr float PathWeight = 0.3f;
    static constexpr float NumberWeight = 0.2f;
    static constexpr float CodeWeight = 1.5f;
    static constexpr float FunctionWordWeight = 0.1f; // "the", "is", "of": see isFunctionWord

    using Words = std::vector<std::pair<std::string, float>>;

    // Whether a word written in camelCase also gives its parts
    // ("RuntimeError": runtimeerror, runtime, error). A query does, so that
    // "runtime error" meets it; a signature's coverage counts whole words.
    enum Split { WithParts, WholeWords };

    // Every word of `text` with its weight, in order, repeated words repeated.
    static Words words(std::string_view utf8, Split split = WithParts);
    static Words words(const QString &text, Split split = WithParts);

    // The text with the variable parts replaced by placeholders, for the
    // tests and for showing what lookup compared: <num>, <hex>, <path>...
    static QString normalized(const QString &text);

    // The words of `words` merged, each once with the sum of its weights.
    static Words merged(const Words &words);
};

} // namespace Errata
