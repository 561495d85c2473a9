#pragma once

#include "models/text/TokenList.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace Errata {

// Splits text into the folded tokens the search index stores and queries.
//
//   "RuntimeError: CUDA out of memory" -> runtimeerror runtime error cuda out of memory
//   "torch.nn.utils.clip_grad_norm_"   -> torch nn utils clip grad norm
//   "梯度裁剪" (indexing)               -> 梯 梯度 度 度裁 裁 裁剪 剪
//   "梯度裁剪" (querying)               -> 梯度 度裁 裁剪
//
// Latin words are split at punctuation and at camelCase humps (the whole
// word is kept too); Chinese, which has no spaces, becomes characters and
// character pairs, so that any run of two or more characters is found.
class SearchTokenizer
{
public:
    enum Purpose { Indexing, Querying };

    // Lower case, no accents (é -> e), full-width forms folded; Chinese kept.
    static QString fold(const QString &text);

    static std::vector<std::string> tokens(const QString &text, Purpose purpose);
    // The same tokens for UTF-8 text, appended to `out`. Plain text (ASCII,
    // Chinese characters and punctuation: most of a record) is split on its
    // bytes, without a QString; other text goes through tokens() above.
    static void appendTokens(std::string_view utf8, Purpose purpose, TokenList &out);
    static void appendTokens(std::string_view utf8, Purpose purpose, std::vector<std::string> &out);
    // Where a search for `words` (folded as SearchQuery folds them) matches
    // `text`, for highlighting: each word where it begins a token, that is
    // at the start of a word or of a camelCase part, anywhere in Chinese;
    // case and accents ignored. (start, length) pairs in `text`, in order.
    static QList<std::pair<int, int>> matchedSpans(const QString &text, const QStringList &words);

private:
    enum CharClass : uint8_t { Han, Separator, Other };
    static CharClass classOf(char16_t c);
    static int decodeBmp(std::string_view text, size_t at, char16_t *c);
    static bool isPlain(std::string_view text);
    static void appendPlainTokens(std::string_view text, Purpose purpose, TokenList &out);
    static void addHan(std::vector<std::string_view> &run, Purpose purpose, TokenList &out);
    static void addCamelParts(const QString &text, std::vector<std::string> &out);
    static void addHan(const QString &run, Purpose purpose, std::vector<std::string> &out);
};

} // namespace Errata
