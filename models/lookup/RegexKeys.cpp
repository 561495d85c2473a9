#include "models/lookup/RegexKeys.h"

#include "models/matching/RegexLiterals.h"

#include <algorithm>

namespace Errata {

namespace {

constexpr size_t MinKeyLength = 3;

} // namespace

RegexKeys::Keys RegexKeys::of(const QString &pattern)
{
    Keys keys;
    for (const QString &alternative : RegexLiterals::alternatives(pattern)) {
        std::vector<std::string> own;
        for (const std::string &run : RegexLiterals::requiredRuns(alternative)) {
            std::string key = folded(QString::fromStdString(run));
            if (key.size() >= MinKeyLength)
                own.push_back(std::move(key));
        }
        std::sort(own.begin(), own.end());
        own.erase(std::unique(own.begin(), own.end()), own.end());
        keys.push_back(std::move(own));
    }
    return keys;
}

// ASCII, the most of what is looked up, without QString::toCaseFolded():
// it folds A-Z to a-z and leaves the rest of ASCII alone.
std::string RegexKeys::folded(const QString &text)
{
    std::string ascii(size_t(text.size()), '\0');
    const QChar *chars = text.constData();
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = chars[i].unicode();
        if (c >= 0x80)
            return text.toCaseFolded().toStdString();
        ascii[size_t(i)] = char(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
    }
    return ascii;
}

} // namespace Errata
