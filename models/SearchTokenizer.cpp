#include "SearchTokenizer.h"

#include "SearchQuery.h"

#include <algorithm>
#include <iterator>

namespace Errata {

namespace {

bool isHan(QChar c)
{
    return c.script() == QChar::Script_Han;
}

bool isWordChar(QChar c)
{
    return c.unicode() < 0x80 ? c.isLetterOrNumber() : c.isLetterOrNumber() && !isHan(c);
}

// A token begins at the start of a word, at a camelCase hump, and at
// every Chinese character.
bool beginsToken(const QString &text, qsizetype at)
{
    if (at == 0 || isHan(text.at(at)))
        return true;
    const QChar before = text.at(at - 1);
    return !before.isLetterOrNumber() || (before.isLower() && text.at(at).isUpper());
}

// `text` folded as SearchQuery::fold folds it, one character for one, so
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
        const QString one = SearchQuery::fold(QString(c));
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
    const QString folded = SearchQuery::fold(text);
    qsizetype i = 0;
    while (i < folded.size()) {
        const qsizetype start = i;
        if (isWordChar(folded.at(i))) {
            while (i < folded.size() && isWordChar(folded.at(i)))
                ++i;
            out.push_back(folded.mid(start, i - start).toStdString());
        } else if (isHan(folded.at(i))) {
            while (i < folded.size() && isHan(folded.at(i)))
                ++i;
            addHan(folded.mid(start, i - start), purpose, out);
        } else {
            ++i;
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

void SearchTokenizer::appendTokens(std::string_view utf8, Purpose purpose, std::vector<std::string> &out)
{
    const bool ascii = std::all_of(utf8.begin(), utf8.end(), [](char c) { return uchar(c) < 0x80; });
    if (ascii) {
        appendAsciiTokens(utf8, purpose, out);
        return;
    }
    std::vector<std::string> tokens = SearchTokenizer::tokens(
        QString::fromUtf8(utf8.data(), qsizetype(utf8.size())), purpose);
    std::move(tokens.begin(), tokens.end(), std::back_inserter(out));
}

// tokens() and addCamelParts() for ASCII: words of letters and digits,
// lower-cased, then the camelCase parts of the words that have humps.
void SearchTokenizer::appendAsciiTokens(std::string_view text, Purpose purpose, std::vector<std::string> &out)
{
    // Not <cctype>: its answers depend on the C locale.
    const auto isUpper = [](char c) { return c >= 'A' && c <= 'Z'; };
    const auto isLower = [](char c) { return c >= 'a' && c <= 'z'; };
    const auto isWord = [&](char c) { return isUpper(c) || isLower(c) || (c >= '0' && c <= '9'); };
    const auto lower = [&](std::string_view part) {
        std::string folded(part);
        for (char &c : folded)
            c = isUpper(c) ? char(c - 'A' + 'a') : c;
        return folded;
    };
    std::vector<std::string> camelParts;
    size_t i = 0;
    while (i < text.size()) {
        if (!isWord(text[i])) {
            ++i;
            continue;
        }
        const size_t start = i;
        size_t partStart = i;
        for (; i < text.size() && isWord(text[i]); ++i) {
            if (i > start && isUpper(text[i]) && isLower(text[i - 1])) {
                camelParts.push_back(lower(text.substr(partStart, i - partStart)));
                partStart = i;
            }
        }
        out.push_back(lower(text.substr(start, i - start)));
        if (partStart > start)
            camelParts.push_back(lower(text.substr(partStart, i - partStart)));
    }
    if (purpose == Indexing)
        std::move(camelParts.begin(), camelParts.end(), std::back_inserter(out));
}

void SearchTokenizer::addHan(const QString &run, Purpose purpose, std::vector<std::string> &out)
{
    if (run.size() == 1 || purpose == Indexing) {
        for (const QChar c : run)
            out.push_back(QString(c).toStdString());
    }
    for (qsizetype i = 0; i + 1 < run.size(); ++i)
        out.push_back(run.mid(i, 2).toStdString());
}

} // namespace Errata
