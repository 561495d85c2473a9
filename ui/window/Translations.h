#pragma once

#include "models/settings/Settings.h"

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace Errata {

// The language of the user interface: Errata's own translations (embedded
// from translations/errata_<lang>.qm under :/i18n) and Qt's (qtbase_<lang>
// from Qt's translation folder, for the standard dialogs and buttons).
// The setting "ui/language" holds "" (follow the system), "en" or "zh_CN";
// it takes effect at the next start.
class Translations
{
public:
    static QString settingKey() { return Settings::languageKey(); }
    // The languages there are translations for: "en", "zh_CN".
    static QStringList languages();
    // The language name written in that language: "English", "简体中文".
    static QString nativeName(const QString &language);
    // "" follows the system: zh_CN for any Chinese locale, else en.
    static QString resolve(const QString &setting);
    static QString systemLanguage();
    // The stored setting ("" when unset or unknown).
    static QString storedSetting();

    // Replaces the translators installed by an earlier call with those of
    // `language`; false when Errata has no translation for it. English is
    // the source text; its translation holds only the plural forms.
    static bool install(QCoreApplication *app, const QString &language);
};

} // namespace Errata
