#include "models/lookup/LookupResult.h"

#include <QJsonArray>

namespace Errata {

QString LookupResult::bandName(Band band)
{
    switch (band) {
    case Exact: return QStringLiteral("exact");
    case Likely: return QStringLiteral("likely");
    case Related: break;
    }
    return QStringLiteral("related");
}

QString LookupResult::regexHowName(RegexHow how)
{
    switch (how) {
    case AsWritten: return QStringLiteral("as written");
    case IgnoringCase: return QStringLiteral("ignoring case");
    case NoRegex: break;
    }
    return QString();
}

QJsonObject LookupResult::toJson(const Why &why)
{
    const auto nullable = [](const QString &text) { return text.isEmpty() ? QJsonValue() : QJsonValue(text); };
    return QJsonObject{{QStringLiteral("regex"), nullable(regexHowName(why.regex))},
                       {QStringLiteral("regex_line"), why.regexLine},
                       {QStringLiteral("regex_record"), nullable(why.regexRecord)},
                       {QStringLiteral("regex_match"), why.regexMatch},
                       {QStringLiteral("shared_words"), QJsonArray::fromStringList(why.sharedWords)},
                       {QStringLiteral("environment"), QJsonArray::fromStringList(why.environment)},
                       {QStringLiteral("coverage"), why.coverage},
                       {QStringLiteral("text_score"), why.textScore},
                       {QStringLiteral("regex_score"), why.regexScore}};
}

QJsonArray LookupResult::cutShortJson(const QList<LogMatchResult::CutShort> &cutShort)
{
    QJsonArray array;
    for (const LogMatchResult::CutShort &cut : cutShort)
        array.append(QJsonObject{{QStringLiteral("id"), cut.recordId},
                                 {QStringLiteral("reason"), cut.reason},
                                 {QStringLiteral("seconds"), cut.seconds},
                                 {QStringLiteral("in_pieces"), cut.inPieces},
                                 {QStringLiteral("run_budget"), cut.runBudget},
                                 {QStringLiteral("searched"), cut.searched}});
    return array;
}

} // namespace Errata
