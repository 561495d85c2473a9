#include "models/matching/LogMatchJson.h"

#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"

#include <QJsonArray>

namespace Errata {

namespace {

// The file of a matching record, relative to the KB.
QString fileOf(const KnowledgeBase &kb, const Record *record)
{
    return record ? kb.relativePath(record->filePath()) : QString();
}

QJsonArray cutShortJson(const KnowledgeBase &kb, const QList<LogMatchResult::CutShort> &cutShort)
{
    QJsonArray array;
    for (const LogMatchResult::CutShort &regex : cutShort)
        array.append(QJsonObject{{QStringLiteral("id"), regex.recordId},
                                 {QStringLiteral("file"), fileOf(kb, regex.record)},
                                 {QStringLiteral("in_pieces"), regex.inPieces},
                                 {QStringLiteral("run_budget"), regex.runBudget},
                                 {QStringLiteral("searched"), regex.searched},
                                 {QStringLiteral("seconds"), regex.seconds},
                                 {QStringLiteral("reason"), regex.reason}});
    return array;
}

QJsonArray duplicatesJson(const KnowledgeBase &kb)
{
    QJsonArray duplicates;
    for (const QString &id : LogMatchJson::duplicateIds(kb)) {
        QStringList files = kb.filesWithId(id);
        files.sort();
        duplicates.append(
            QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("files"), QJsonArray::fromStringList(files)}});
    }
    return duplicates;
}

} // namespace

QString LogMatchJson::cut(const QString &text, bool *wasCut)
{
    const bool tooLong = text.size() > LineTextLimit;
    if (wasCut)
        *wasCut = tooLong;
    if (!tooLong)
        return text;
    const qsizetype end = text.at(LineTextLimit - 1).isHighSurrogate() ? LineTextLimit - 1 : LineTextLimit;
    return text.left(end);
}

QStringList LogMatchJson::duplicateIds(const KnowledgeBase &kb)
{
    QStringList ids;
    for (int i = 0; i < kb.count(); ++i) {
        const QString id = kb.recordAt(i)->id();
        if (kb.recordsWithId(id).size() > 1 && !ids.contains(id))
            ids << id;
    }
    ids.sort();
    return ids;
}

QJsonObject LogMatchJson::toJson(const LogMatchResult::Line &line)
{
    bool textCut = false;
    bool matchCut = false;
    const QString text = cut(line.text, &textCut);
    const QString match = cut(line.matchedText, &matchCut);
    return QJsonObject{
        {QStringLiteral("line"), line.number},          {QStringLiteral("start_column"), line.startColumn},
        {QStringLiteral("end_column"), line.endColumn}, {QStringLiteral("text"), text},
        {QStringLiteral("text_cut"), textCut},          {QStringLiteral("match"), match},
        {QStringLiteral("match_cut"), matchCut}};
}

QJsonObject LogMatchJson::toJson(const KnowledgeBase &kb, const LogMatchResult::Match &match)
{
    QJsonArray lines;
    for (const LogMatchResult::Line &line : match.lines)
        lines.append(toJson(line));
    return QJsonObject{{QStringLiteral("id"), match.recordId},
                       {QStringLiteral("file"), fileOf(kb, match.record)},
                       {QStringLiteral("signature"), match.record ? match.record->signature() : QString()},
                       {QStringLiteral("regex"), match.record ? match.record->regex() : QString()},
                       {QStringLiteral("score"), match.score},
                       {QStringLiteral("literal_length"), match.literalLength},
                       {QStringLiteral("signature_hit"), match.signatureHit},
                       {QStringLiteral("match_count"), match.matchCount},
                       {QStringLiteral("line_count"), match.lineCount},
                       {QStringLiteral("lines"), lines}};
}

QJsonObject LogMatchJson::toJson(const KnowledgeBase &kb, const LogMatchResult &result)
{
    QJsonArray matches;
    for (const LogMatchResult::Match &match : result.matches)
        matches.append(toJson(kb, match));
    QJsonArray skipped;
    for (const LogMatchResult::Skipped &record : result.skipped)
        skipped.append(QJsonObject{{QStringLiteral("id"), record.recordId}, {QStringLiteral("reason"), record.reason}});
    const QJsonObject summary{
        {QStringLiteral("records"), result.regexCount},       {QStringLiteral("matched"), int(result.matches.size())},
        {QStringLiteral("lines"), result.logLines},           {QStringLiteral("bytes"), result.logBytes},
        {QStringLiteral("build_ms"), result.timings.buildMs}, {QStringLiteral("match_ms"), result.timings.totalMs}};
    return QJsonObject{{QStringLiteral("matches"), matches},
                       {QStringLiteral("skipped"), skipped},
                       {QStringLiteral("duplicate_ids"), duplicatesJson(kb)},
                       {QStringLiteral("cut_short"), cutShortJson(kb, result.cutShort)},
                       {QStringLiteral("regex_budget_seconds"), result.regexBudgetSeconds},
                       {QStringLiteral("run_budget_seconds"), result.runBudgetSeconds},
                       {QStringLiteral("used_fallback"), result.usedFallback},
                       {QStringLiteral("note"), result.note},
                       {QStringLiteral("summary"), summary}};
}

} // namespace Errata
