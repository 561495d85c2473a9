#include "bench/LookupCases.h"
#include "bench/LookupCaseDice.h"
#include "bench/LookupCiLog.h"
#include "bench/LookupEnvironment.h"
#include "bench/LookupNoise.h"
#include "bench/LookupTraceback.h"
#include "bench/LookupVariation.h"

#include "models/record/Record.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace Errata {

namespace {

// "RuntimeError: ", "fatal: ", "docker: ", "Error [ERR_X]: ": what a tool
// showing only the message drops.
const QRegularExpression &leadingPrefix()
{
    static const QRegularExpression pattern(
        QStringLiteral("^(?:[\\w.]*(?:Error|Exception|Warning)|error|fatal|Error|ERROR|FATAL ERROR|panic|warning|"
                       "docker)(?:\\s?\\[[^\\]]*\\])?:\\s+"));
    return pattern;
}

QStringList words(const QString &text)
{
    return text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

bool canDropPrefix(const QString &signature)
{
    const QRegularExpressionMatch match = leadingPrefix().match(signature.simplified());
    return match.hasMatch() && words(signature.simplified().mid(match.capturedLength())).size() >= 2;
}

bool canCut(const QString &signature)
{
    return words(signature).size() >= 4;
}

QString partial(const QString &varied, LookupCaseDice &dice)
{
    const bool drop = canDropPrefix(varied) && (!canCut(varied) || dice.chance(0.4));
    if (drop)
        return varied.simplified().mid(leadingPrefix().match(varied.simplified()).capturedLength());
    const QStringList all = words(varied);
    const double share = 0.5 + dice.below(301) / 1000.0; // 0.5 .. 0.8
    const int keep = std::clamp(int(std::ceil(all.size() * share)), 2, int(all.size()) - 1);
    const QString cut = all.mid(0, keep).join(QLatin1Char(' '));
    return dice.chance(0.5) ? cut + QChar(0x2026) : cut;
}

// The environment line, or empty: always for a shared signature, else for
// about half the cases.
QString environmentFor(const LookupCaseRecord &record, bool shared, LookupCaseDice &dice)
{
    if (!shared && !dice.chance(0.5))
        return QString();
    return LookupEnvironment::line(record.id, record.versions, dice);
}

// Two lines typed or pasted into a search field: the environment, when
// there is one, before or after the error.
QString withEnvironment(const QString &error, const QString &environment, LookupCaseDice &dice)
{
    if (environment.isEmpty())
        return error;
    return dice.chance(0.5) ? environment + QLatin1Char('\n') + error : error + QLatin1Char('\n') + environment;
}

bool showsForbiddenNumber(const QString &text, const LookupCaseDice &dice)
{
    const QStringList tokens = LookupVariation::numberTokens(text);
    return std::any_of(tokens.begin(), tokens.end(), [&](const QString &token) { return dice.isForbidden(token); });
}

} // namespace

LookupCaseRecord LookupCaseRecord::of(const Record &record)
{
    LookupCaseRecord read{record.id(), record.signature(), record.signatureZh(), record.domain(), {}};
    for (const VersionEntry &entry : record.versions())
        read.versions << entry.version;
    return read;
}

const QStringList &LookupCases::kinds()
{
    static const QStringList list{QStringLiteral("varied"), QStringLiteral("traceback"), QStringLiteral("ci-log"),
                                  QStringLiteral("lower"),  QStringLiteral("partial"),   QStringLiteral("chinese")};
    return list;
}

LookupCases::LookupCases(const QList<LookupCaseRecord> &records, std::uint64_t seed)
    : m_records(records)
    , m_seed(seed)
{
    QHash<QString, int> counts;
    for (const LookupCaseRecord &record : m_records)
        ++counts[normalised(record.signature)];
    for (const LookupCaseRecord &record : m_records)
        m_shared << (counts.value(normalised(record.signature)) > 1);
}

QString LookupCases::normalised(const QString &signature)
{
    return signature.simplified().toLower();
}

bool LookupCases::isPasteable(int index) const
{
    const QString &signature = m_records.at(index).signature;
    return !signature.trimmed().isEmpty() && !signature.startsWith(QLatin1String("AI "));
}

bool LookupCases::sharesSignature(int index) const
{
    return m_shared.at(index);
}

bool LookupCases::applies(int index, const QString &kind) const
{
    const LookupCaseRecord &record = m_records.at(index);
    if (!isPasteable(index) || !kinds().contains(kind))
        return false;
    if (kind == QLatin1String("chinese"))
        return !record.signatureZh.trimmed().isEmpty();
    if (kind == QLatin1String("partial"))
        return canCut(record.signature) || canDropPrefix(record.signature);
    return true;
}

QString LookupCases::build(const LookupCaseRecord &record, const QString &kind, bool shared, LookupCaseDice &dice) const
{
    if (kind == QLatin1String("chinese")) {
        const QString error = LookupVariation::vary(record.signatureZh, dice, LookupVariation::idWords(record.id));
        const QString environment = environmentFor(record, shared, dice);
        const int noise = dice.chance(0.5) ? 0 : dice.between(1, 3);
        return noise ? LookupNoise::around(error, environment, noise, dice, true)
                     : withEnvironment(error, environment, dice);
    }
    const QString varied = LookupVariation::vary(record.signature, dice, LookupVariation::idWords(record.id));
    const QString environment = environmentFor(record, shared, dice);
    if (kind == QLatin1String("varied"))
        return LookupNoise::around(varied, environment, dice.between(2, 6), dice);
    if (kind == QLatin1String("traceback"))
        return LookupTraceback::wrap(varied, LookupTraceback::styleFor(record.domain), environment, dice);
    if (kind == QLatin1String("ci-log"))
        return LookupCiLog::wrap(varied, record.domain, environment, dice);
    if (kind == QLatin1String("lower"))
        return withEnvironment(varied, environment, dice).toLower();
    return withEnvironment(partial(varied, dice), environment, dice); // partial
}

LookupCase LookupCases::make(int index, const QString &kind) const
{
    const LookupCaseRecord &record = m_records.at(index);
    const QString &signature = kind == QLatin1String("chinese") ? record.signatureZh : record.signature;
    const QStringList forbidden = LookupVariation::variableNumbers(signature, LookupVariation::idWords(record.id));
    QString text;
    // A number drawn for the noise may, rarely, spell one the signature had:
    // draw the case again (the dice of each attempt are seeded apart).
    for (int attempt = 0; attempt < 32; ++attempt) {
        LookupCaseDice dice(LookupCaseDice::mix(m_seed, record.id, int(kinds().indexOf(kind)) * 64 + attempt));
        dice.forbid(forbidden);
        text = build(record, kind, m_shared.at(index), dice);
        if (!showsForbiddenNumber(text, dice))
            break;
    }
    return {text, record.id, kind};
}

QList<LookupCase> LookupCases::everyKind() const
{
    QList<LookupCase> cases;
    for (int index = 0; index < count(); ++index) {
        for (const QString &kind : kinds()) {
            if (applies(index, kind))
                cases << make(index, kind);
        }
    }
    return cases;
}

QList<LookupCase> LookupCases::sample(int wanted) const
{
    QList<int> pasteable;
    for (int index = 0; index < count(); ++index) {
        if (isPasteable(index))
            pasteable << index;
    }
    QList<LookupCase> cases;
    if (pasteable.isEmpty())
        return cases;
    LookupCaseDice dice(LookupCaseDice::mix(m_seed, QStringLiteral("sample"), 0));
    for (int i = int(pasteable.size()) - 1; i > 0; --i) // Fisher-Yates with the portable dice
        std::swap(pasteable[i], pasteable[dice.below(i + 1)]);
    for (int n = 0; n < wanted; ++n) {
        const int index = pasteable.at(n % pasteable.size());
        QStringList applicable = kinds();
        applicable.removeIf([&](const QString &kind) { return !applies(index, kind); });
        cases << make(index, applicable.at(n % applicable.size()));
    }
    return cases;
}

} // namespace Errata
