#include "models/record/TranslationStatus.h"

#include "models/record/Record.h"

#include <algorithm>

namespace Errata {

namespace {

// Whole characters, so that Chinese beyond the Basic Multilingual Plane
// (CJK Extension B and on: two UTF-16 units) counts too.
bool hasHan(const QString &text)
{
    const QList<uint> characters = text.toUcs4();
    return std::any_of(characters.cbegin(), characters.cend(),
                       [](uint c) { return QChar::script(c) == QChar::Script_Han; });
}

bool isBlank(const QStringList &items)
{
    for (const QString &item : items) {
        if (!item.trimmed().isEmpty())
            return false;
    }
    return true;
}

} // namespace

bool TranslationStatus::isTranslation(const QString &english, const QString &chinese)
{
    return hasHan(chinese) && chinese.trimmed() != english.trimmed();
}

TranslationStatus::Status TranslationStatus::detect(const Record &record, Field field)
{
    return detect(englishItems(record, field), chineseItems(record, field));
}

TranslationStatus::Status TranslationStatus::detect(const QStringList &english, const QStringList &chinese)
{
    if (isBlank(english))
        return NotApplicable;
    if (isBlank(chinese))
        return Missing;
    if (chinese.size() != english.size())
        return CountMismatch;
    for (int i = 0; i < english.size(); ++i) {
        if (!isTranslation(english.at(i), chinese.at(i)))
            return Untranslated;
    }
    return Translated;
}

QStringList TranslationStatus::englishItems(const Record &record, Field field)
{
    switch (field) {
    case Signature: return {record.signature()};
    case RootCause: return {record.rootCause()};
    case Workarounds: break;
    }
    QStringList actions;
    for (const Workaround &workaround : record.workarounds())
        actions << workaround.action;
    return actions;
}

QStringList TranslationStatus::chineseItems(const Record &record, Field field)
{
    switch (field) {
    case Signature: return {record.signatureZh()};
    case RootCause: return {record.rootCauseZh()};
    case Workarounds: break;
    }
    return record.workaroundsZh();
}

QString TranslationStatus::englishText(const Record &record, Field field)
{
    return englishItems(record, field).join(QLatin1Char('\n'));
}

QString TranslationStatus::chineseText(const Record &record, Field field)
{
    return chineseItems(record, field).join(QLatin1Char('\n'));
}

QString TranslationStatus::englishKey(Field field)
{
    switch (field) {
    case Signature: return QStringLiteral("signature");
    case RootCause: return QStringLiteral("root_cause");
    case Workarounds: break;
    }
    return QStringLiteral("workarounds");
}

QString TranslationStatus::chineseKey(Field field)
{
    return englishKey(field) + QStringLiteral("_zh");
}

QString TranslationStatus::statusKey(Status status)
{
    switch (status) {
    case NotApplicable: return QStringLiteral("not-applicable");
    case Missing: return QStringLiteral("missing");
    case Untranslated: return QStringLiteral("untranslated");
    case CountMismatch: return QStringLiteral("count-mismatch");
    case Translated: return QStringLiteral("translated");
    case Reviewed: break;
    }
    return QStringLiteral("reviewed");
}

} // namespace Errata
