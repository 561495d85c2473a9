#include "lookup/LookupDocument.h"

#include "lookup/EnvironmentHints.h"
#include "record/Record.h"

#include <QDataStream>
#include <QIODevice>

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

// A string as its length and its bytes, without a QByteArray between.
void writeString(QDataStream &out, const std::string &string)
{
    out << quint32(string.size());
    out.writeRawData(string.data(), int(string.size()));
}

bool readString(QDataStream &in, std::string &string)
{
    quint32 size = 0;
    in >> size;
    if (in.status() != QDataStream::Ok || size > quint32(in.device()->bytesAvailable()))
        return false;
    string.resize(size);
    return in.readRawData(string.data(), int(size)) == int(size);
}

bool readWords(QDataStream &in, LookupText::Words &words)
{
    quint32 count = 0;
    in >> count;
    if (in.status() != QDataStream::Ok || count > quint32(in.device()->bytesAvailable()))
        return false;
    words.resize(count);
    for (auto &[word, weight] : words) {
        if (!readString(in, word))
            return false;
        in >> weight;
    }
    return in.status() == QDataStream::Ok;
}

void writeWords(QDataStream &out, const LookupText::Words &words)
{
    out << quint32(words.size());
    for (const auto &[word, weight] : words) {
        writeString(out, word);
        out << weight;
    }
}

bool readStrings(QDataStream &in, std::vector<std::string> &strings)
{
    quint32 count = 0;
    in >> count;
    if (in.status() != QDataStream::Ok || count > quint32(in.device()->bytesAvailable()))
        return false;
    strings.resize(count);
    for (std::string &string : strings) {
        if (!readString(in, string))
            return false;
    }
    return in.status() == QDataStream::Ok;
}

void writeStrings(QDataStream &out, const std::vector<std::string> &strings)
{
    out << quint32(strings.size());
    for (const std::string &string : strings)
        writeString(out, string);
}

} // namespace

LookupDocument LookupDocument::of(const Record &record)
{
    LookupDocument document;
    FieldWords fields;
    fields.add(record.signature(), SignatureField);
    fields.add(record.signatureZh(), SignatureField);
    fields.add(record.errorCode(), SignatureField);
    for (const QString &alias : record.aliases())
        fields.add(alias, AliasField);
    for (const QString &tag : record.tags())
        fields.add(tag, TagField);
    fields.add(idWords(record.id()), IdField);
    fields.add(record.rootCause(), RootCauseField);
    fields.add(record.rootCauseZh(), RootCauseField);
    document.words = fields.take(&document.length);
    document.signature = LookupText::merged(LookupText::words(record.signature(), LookupText::WholeWords));
    document.signatureZh = LookupText::merged(LookupText::words(record.signatureZh(), LookupText::WholeWords));
    document.hints = EnvironmentHints::ofRecord(record);
    document.regexKeys = RegexKeys::of(record.regex());
    document.fixRate = float(record.fixSuccessRate().value_or(-1));
    document.tier = tierOf(record.verificationTier());
    return document;
}

void LookupDocument::write(QDataStream &out) const
{
    writeWords(out, words);
    out << length;
    writeWords(out, signature);
    writeWords(out, signatureZh);
    writeStrings(out, hints);
    out << quint32(regexKeys.size());
    for (const std::vector<std::string> &keys : regexKeys)
        writeStrings(out, keys);
    out << fixRate << tier;
}

bool LookupDocument::read(QDataStream &in)
{
    if (!readWords(in, words))
        return false;
    in >> length;
    if (!readWords(in, signature) || !readWords(in, signatureZh) || !readStrings(in, hints))
        return false;
    quint32 alternatives = 0;
    in >> alternatives;
    if (in.status() != QDataStream::Ok || alternatives > quint32(in.device()->bytesAvailable()))
        return false;
    regexKeys.resize(alternatives);
    for (std::vector<std::string> &keys : regexKeys) {
        if (!readStrings(in, keys))
            return false;
    }
    in >> fixRate >> tier;
    return in.status() == QDataStream::Ok;
}

} // namespace Errata
