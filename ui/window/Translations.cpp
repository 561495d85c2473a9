#include "ui/window/Translations.h"

#include "models/settings/Settings.h"
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace Errata {

namespace {

const char *const TranslatorName = "errata-translator";

void removeInstalled(QCoreApplication *app)
{
    const QList<QTranslator *> installed = app->findChildren<QTranslator *>(QLatin1String(TranslatorName),
                                                                            Qt::FindDirectChildrenOnly);
    for (QTranslator *translator : installed) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

bool load(QCoreApplication *app, const QString &file, const QString &folder)
{
    auto *translator = new QTranslator(app);
    translator->setObjectName(QLatin1String(TranslatorName));
    if (!translator->load(file, folder)) {
        delete translator;
        return false;
    }
    QCoreApplication::installTranslator(translator);
    return true;
}

} // namespace

QStringList Translations::languages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Translations::nativeName(const QString &language)
{
    if (language == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString Translations::systemLanguage()
{
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QString Translations::resolve(const QString &setting)
{
    return languages().contains(setting) ? setting : systemLanguage();
}

QString Translations::storedSetting()
{
    const QString value = Settings::language();
    return languages().contains(value) ? value : QString();
}

bool Translations::install(QCoreApplication *app, const QString &language)
{
    removeInstalled(app);
    if (language == QLatin1String("en")) {
        const QLocale system = QLocale::system();
        QLocale::setDefault(system.language() == QLocale::Chinese ? QLocale(QLocale::English) : system);
        // The sources are English; this file holds their plural forms
        // ("1 record", "2 records" for "%n record(s)").
        load(app, QStringLiteral("errata_en"), QStringLiteral(":/i18n"));
        return true;
    }
    load(app, QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    const bool found = load(app, QStringLiteral("errata_") + language, QStringLiteral(":/i18n"));
    if (found)
        QLocale::setDefault(QLocale(language));
    return found;
}

} // namespace Errata
