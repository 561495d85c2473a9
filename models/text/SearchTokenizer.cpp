#include "models/text/SearchTokenizer.h"

#include <algorithm>
#include <atomic>

namespace Errata {

QString SearchTokenizer::fold(const QString &text)
{
    const bool ascii = std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 0x80; });
    if (ascii)
        return text.toLower();
    QString folded = text.normalized(QString::NormalizationForm_KD);
    folded.removeIf([](QChar c) { return c.category() == QChar::Mark_NonSpacing; });
    return folded.toCaseFolded();
}

namespace {

bool isHan(char32_t c)
{
    return QChar::script(c) == QChar::Script_Han;
}

bool isWordChar(char32_t c)
{
    return c < 0x80 ? QChar::isLetterOrNumber(c) : QChar::isLetterOrNumber(c) && !isHan(c);
}

// The character at `at` in `text`, whole when it is a surrogate pair
// (Chinese beyond the Basic Multilingual Plane: CJK Extension B and on);
// `units` receives its length in UTF-16 units.
char32_t characterAt(const QString &text, qsizetype at, qsizetype *units = nullptr)
{
    const QChar c = text.at(at);
    const bool pair = c.isHighSurrogate() && at + 1 < text.size() && text.at(at + 1).isLowSurrogate();
    if (units)
        *units = pair ? 2 : 1;
    return pair ? QChar::surrogateToUcs4(c, text.at(at + 1)) : c.unicode();
}

// The character that ends just before `at`.
char32_t characterBefore(const QString &text, qsizetype at)
{
    const bool pair = at >= 2 && text.at(at - 1).isLowSurrogate() && text.at(at - 2).isHighSurrogate();
    return characterAt(text, at - (pair ? 2 : 1));
}

// A token begins at the start of a word, at a camelCase hump, and at
// every Chinese character.
bool beginsToken(const QString &text, qsizetype at)
{
    if (at == 0 || isHan(characterAt(text, at)))
        return true;
    const char32_t before = characterBefore(text, at);
    return !QChar::isLetterOrNumber(before) || (QChar::isLower(before) && QChar::isUpper(characterAt(text, at)));
}

// The length of the UTF-8 sequence that begins with `lead`.
size_t utf8Length(char lead)
{
    const uchar byte = uchar(lead);
    return byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
}

// `text` folded as SearchTokenizer::fold folds it, one character for one, so
// that offsets in it are offsets in `text`: "Café" -> "cafe".
QString foldedInPlace(const QString &text)
{
    QString folded;
    folded.reserve(text.size());
    for (const QChar c : text) {
        if (c.unicode() < 0x80) {
            folded += c.toLower();
            continue;
        }
        const QString one = SearchTokenizer::fold(QString(c));
        folded += one.size() == 1 ? one.at(0) : c.toLower();
    }
    return folded;
}

} // namespace

QList<std::pair<int, int>> SearchTokenizer::matchedSpans(const QString &text, const QStringList &words)
{
    QList<std::pair<int, int>> spans;
    const QString folded = foldedInPlace(text);
    for (const QString &word : words) {
        if (word.isEmpty())
            continue;
        for (qsizetype at = folded.indexOf(word, 0, Qt::CaseInsensitive); at >= 0;
             at = folded.indexOf(word, at + 1, Qt::CaseInsensitive)) {
            if (beginsToken(text, at))
                spans.append({int(at), int(word.size())});
        }
    }
    std::sort(spans.begin(), spans.end());
    return spans;
}

std::vector<std::string> SearchTokenizer::tokens(const QString &text, Purpose purpose)
{
    std::vector<std::string> out;
    const QString folded = fold(text);
    // Runs of characters for which `test` holds, from `i` on.
    const auto runEnd = [&folded](qsizetype i, bool (*test)(char32_t)) {
        qsizetype units = 1;
        while (i < folded.size() && test(characterAt(folded, i, &units)))
            i += units;
        return i;
    };
    qsizetype i = 0;
    while (i < folded.size()) {
        const qsizetype start = i;
        qsizetype units = 1;
        const char32_t c = characterAt(folded, i, &units);
        if (isWordChar(c)) {
            i = runEnd(i, isWordChar);
            out.push_back(folded.mid(start, i - start).toStdString());
        } else if (isHan(c)) {
            i = runEnd(i, isHan);
            addHan(folded.mid(start, i - start), purpose, out);
        } else {
            i += units;
        }
    }
    if (purpose == Indexing)
        addCamelParts(text, out);
    return out;
}

// "RuntimeError" also yields "runtime" and "error", so that a search for
// "error" finds it.
void SearchTokenizer::addCamelParts(const QString &text, std::vector<std::string> &out)
{
    qsizetype wordStart = 0;
    qsizetype partStart = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        const bool inWord = i < text.size() && text.at(i).unicode() < 0x80 && text.at(i).isLetterOrNumber();
        if (!inWord) {
            if (partStart > wordStart && i > partStart)
                out.push_back(text.mid(partStart, i - partStart).toLower().toStdString());
            wordStart = partStart = i + 1;
            continue;
        }
        if (i > wordStart && text.at(i).isUpper() && text.at(i - 1).isLower()) {
            out.push_back(text.mid(partStart, i - partStart).toLower().toStdString());
            partStart = i;
        }
    }
}

void SearchTokenizer::appendTokens(std::string_view utf8, Purpose purpose, TokenList &out)
{
    if (isPlain(utf8)) {
        appendPlainTokens(utf8, purpose, out);
        return;
    }
    for (const std::string &token : tokens(QString::fromUtf8(utf8.data(), qsizetype(utf8.size())), purpose))
        out.add(token);
}

void SearchTokenizer::appendTokens(std::string_view utf8, Purpose purpose, std::vector<std::string> &out)
{
    thread_local TokenList list;
    list.clear();
    appendTokens(utf8, purpose, list);
    for (size_t i = 0; i < list.size(); ++i)
        out.emplace_back(list[i]);
}

// What tokens() makes of the character `c` on its own, worked out with
// tokens()' own folding and tests once per character and remembered.
SearchTokenizer::CharClass SearchTokenizer::classOf(char16_t c)
{
    static std::atomic<uint8_t> known[0x10000]; // CharClass + 1; 0: not yet known (static: zeroed)
    const uint8_t remembered = known[c].load(std::memory_order_relaxed);
    if (remembered != 0)
        return CharClass(remembered - 1);
    const QString one(QChar{c});
    const QString folded = fold(one);
    // A character folded away (a combining accent) joins its neighbours in
    // tokens(), so it is no separator.
    CharClass charClass = Other;
    if (folded == one && isHan(c))
        charClass = Han;
    else if (const QList<uint> characters = folded.toUcs4(); !characters.isEmpty()
             && std::none_of(characters.cbegin(), characters.cend(), [](uint f) { return isWordChar(f) || isHan(f); }))
        charClass = Separator; // not U+FA6C, which folds to Chinese beyond the plane
    known[c].store(uint8_t(charClass + 1), std::memory_order_relaxed);
    return charClass;
}

// Decodes the UTF-8 sequence at `at` (a lead byte of two or three bytes,
// that is a character of the Basic Multilingual Plane) into `c`, and
// returns its length; 0 for anything else.
int SearchTokenizer::decodeBmp(std::string_view text, size_t at, char16_t *c)
{
    const auto continuation = [&](size_t i) { return i < text.size() && (uchar(text[i]) & 0xC0) == 0x80; };
    const uchar lead = uchar(text[at]);
    if (lead >= 0xC2 && lead < 0xE0 && continuation(at + 1)) {
        *c = char16_t((lead & 0x1F) << 6 | (uchar(text[at + 1]) & 0x3F));
        return 2;
    }
    if (lead >= 0xE0 && lead < 0xF0 && continuation(at + 1) && continuation(at + 2)) {
        const char16_t value = char16_t((lead & 0x0F) << 12 | (uchar(text[at + 1]) & 0x3F) << 6
                                        | (uchar(text[at + 2]) & 0x3F));
        const bool surrogate = value >= 0xD800 && value < 0xE000;
        if (value < 0x800 || surrogate)
            return 0; // overlong or not a character
        *c = value;
        return 3;
    }
    return 0;
}

// Plain text, split on its UTF-8 bytes, gives exactly the tokens of
// tokens(): ASCII, Chinese characters that fold to themselves, and
// characters that fold to separators (CJK and full-width punctuation,
// quotes, dashes). Anything else (accents, full-width letters, characters
// beyond the Basic Multilingual Plane, invalid UTF-8) goes through tokens().
bool SearchTokenizer::isPlain(std::string_view text)
{
    for (size_t i = 0; i < text.size();) {
        if (uchar(text[i]) < 0x80) {
            ++i;
            continue;
        }
        char16_t c = 0;
        const int length = decodeBmp(text, i, &c);
        if (length == 0 || classOf(c) == Other)
            return false;
        i += size_t(length);
    }
    return true;
}

// tokens() and addCamelParts() for plain text: words of ASCII letters and
// digits, lower-cased, and runs of Chinese characters (addHan()), in the
// order they come; then the camelCase parts of the words that have humps.
void SearchTokenizer::appendPlainTokens(std::string_view text, Purpose purpose, TokenList &out)
{
    // Not <cctype>: its answers depend on the C locale.
    const auto isUpper = [](char c) { return c >= 'A' && c <= 'Z'; };
    const auto isLower = [](char c) { return c >= 'a' && c <= 'z'; };
    const auto isWord = [&](char c) { return isUpper(c) || isLower(c) || (c >= '0' && c <= '9'); };
    thread_local TokenList camelParts;
    thread_local std::vector<std::string_view> han;
    camelParts.clear();
    han.clear();
    size_t i = 0;
    while (i < text.size()) {
        char16_t c = 0;
        const int length = uchar(text[i]) < 0x80 ? 0 : decodeBmp(text, i, &c);
        if (length > 0 && classOf(c) == Han) {
            han.push_back(text.substr(i, size_t(length)));
            i += size_t(length);
            continue;
        }
        addHan(han, purpose, out);
        if (!isWord(text[i])) {
            i += size_t(qMax(1, length));
            continue;
        }
        const size_t start = i;
        size_t partStart = i;
        for (; i < text.size() && isWord(text[i]); ++i) {
            if (i > start && isUpper(text[i]) && isLower(text[i - 1])) {
                camelParts.addLowered(text.substr(partStart, i - partStart));
                partStart = i;
            }
        }
        out.addLowered(text.substr(start, i - start));
        if (partStart > start)
            camelParts.addLowered(text.substr(partStart, i - partStart));
    }
    addHan(han, purpose, out);
    if (purpose == Indexing)
        out.append(camelParts);
}

// A run of Chinese characters, as UTF-8, as addHan() below splits it; the
// run is emptied.
void SearchTokenizer::addHan(std::vector<std::string_view> &run, Purpose purpose, TokenList &out)
{
    if (run.size() == 1 || (purpose == Indexing && !run.empty())) {
        for (std::string_view c : run)
            out.add(c);
    }
    for (size_t i = 0; i + 1 < run.size(); ++i)
        out.addPair(run[i], run[i + 1]);
    run.clear();
}

// The same for a run as a QString, split into characters, so that one
// beyond the Basic Multilingual Plane stays whole.
void SearchTokenizer::addHan(const QString &run, Purpose purpose, std::vector<std::string> &out)
{
    const std::string utf8 = run.toStdString();
    std::vector<std::string_view> characters;
    for (size_t i = 0; i < utf8.size(); i += characters.back().size())
        characters.push_back(std::string_view(utf8).substr(i, utf8Length(utf8[i])));
    TokenList tokens;
    addHan(characters, purpose, tokens);
    for (size_t i = 0; i < tokens.size(); ++i)
        out.emplace_back(tokens[i]);
}

} // namespace Errata
