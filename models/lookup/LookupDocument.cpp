#include "models/lookup/LookupDocument.h"

#include "models/lookup/EnvironmentHints.h"
#include "models/record/Record.h"
#include "models/scan/RecordFields.h"

#include <iterator>
#include <unordered_map>

namespace Errata {

namespace {

constexpr float SignatureField = 3.0f;
constexpr float AliasField = 2.0f;
constexpr float TagField = 1.5f;
constexpr float IdField = 1.5f;
constexpr float RootCauseField = 0.5f;

class FieldWords
{
public:
    void add(const QString &text, float field)
    {
        if (text.isEmpty())
            return;
        for (const auto &[word, weight] : LookupText::words(text))
            m_sums[word] += weight * field;
    }

    LookupText::Words take(float *length)
    {
        LookupText::Words words(m_sums.begin(), m_sums.end());
        *length = 0;
        for (const auto &[word, weight] : words)
            *length += weight;
        return words;
    }

private:
    std::unordered_map<std::string, float> m_sums;
};

qint8 tierOf(const QString &tier)
{
    static const char *const tiers[] = {"ai_generated", "human_reviewed", "community_verified", "expert_verified"};
    for (qint8 i = 0; i < qint8(std::size(tiers)); ++i) {
        if (tier == QLatin1String(tiers[i]))
            return i;
    }
    return -1;
}

// The id as words: "python/cuda-out-of-memory/torch2.1-a100" -> python cuda
// out of memory torch2 1 a100.
QString idWords(const QString &id)
{
    QString words = id;
    words.replace(QLatin1Char('/'), QLatin1Char(' ')).replace(QLatin1Char('-'), QLatin1Char(' '));
    return words;
}

} // namespace

LookupDocument LookupDocument::of(const Record &record)
{
    return of(RecordFields::of(record));
}

LookupDocument LookupDocument::of(const RecordFields &record)
{
    const Record::Summary &summary = record.summary;
    LookupDocument document;
    FieldWords fields;
    fields.add(summary.signature, SignatureField);
    fields.add(summary.signatureZh, SignatureField);
    fields.add(record.errorCode, SignatureField);
    for (const QString &alias : record.aliases)
        fields.add(alias, AliasField);
    for (const QString &tag : record.tags)
        fields.add(tag, TagField);
    fields.add(idWords(summary.id), IdField);
    fields.add(record.rootCause, RootCauseField);
    fields.add(record.rootCauseZh, RootCauseField);
    document.words = fields.take(&document.length);
    document.signature = LookupText::merged(LookupText::words(summary.signature, LookupText::WholeWords));
    document.signatureZh = LookupText::merged(LookupText::words(summary.signatureZh, LookupText::WholeWords));
    document.hints = EnvironmentHints::ofParts(summary.id.section(QLatin1Char('/'), -1), record.versions,
                                               record.osNames);
    document.regexKeys = RegexKeys::of(summary.regex);
    document.foldedSignature = RegexKeys::folded(summary.signature);
    document.fixRate = float(record.fixSuccessRate.value_or(-1));
    document.tier = tierOf(record.verificationTier);
    return document;
}

} // namespace Errata
