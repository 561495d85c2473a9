#pragma once

#include <QString>

#include <array>

namespace Errata {

// The languages of a published site. English pages sit at the site's root,
// Chinese ones under zh/ with the same paths below it.
enum class SiteLanguage { English, Chinese };

inline constexpr std::array<SiteLanguage, 2> siteLanguages{SiteLanguage::English, SiteLanguage::Chinese};

// "" or "zh/": what a page's path starts with in that language.
inline QString languagePrefix(SiteLanguage language)
{
    return language == SiteLanguage::Chinese ? QStringLiteral("zh/") : QString();
}

// The value of the lang attribute: "en" or "zh-CN".
inline QString languageTag(SiteLanguage language)
{
    return language == SiteLanguage::Chinese ? QStringLiteral("zh-CN") : QStringLiteral("en");
}

// The page text of one language: every page keeps its strings beside it as
// pairs, because a site's languages are both always written, whatever
// language the program that publishes it runs in (so not tr()).
inline QString pick(SiteLanguage language, const QString &english, const QString &chinese)
{
    return language == SiteLanguage::Chinese ? chinese : english;
}

} // namespace Errata
