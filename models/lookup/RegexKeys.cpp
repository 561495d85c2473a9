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

std::string RegexKeys::folded(const QString &text)
{
    return text.toCaseFolded().toStdString();
}

} // namespace Errata
