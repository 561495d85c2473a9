#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace Errata {

class LookupCaseDice;
class Record;

// One question for the lookup engine: a pasted text and the record that
// answers it.
struct LookupCase
{
    QString text;
    QString expectedId;
    QString kind; // one of LookupCases::kinds(), or "hand-written"
};

// What the generator reads of a record.
struct LookupCaseRecord
{
    QString id;
    QString signature;
    QString signatureZh;
    QString domain;
    QStringList versions; // "torch>=2.0", as in the record's "versions"

    static LookupCaseRecord of(const Record &record);
};

// Generates lookup cases from a KB's records, the way users paste errors, without knowing anything of the engine that
// will answer them. Kinds: varied (the signature with its variable parts changed, LookupVariation, among 2-6 unrelated
// log lines), traceback (in a stack trace of its language), ci-log (late in a CI log of several dozen lines), lower
// (lower case, as typed), partial (50-80% of its words, or without its leading "SomeError: "), chinese (the Chinese
// signature, when the record has one); docs/performance.md, "Lookup quality and speed". In about half of the cases, and
// always when another record has the same signature, the text holds a line naming the record's environment
// (LookupEnvironment), the only thing that can tell such records apart. Each case has its own dice, seeded from the
// seed, the record's id and the kind: the same seed gives the same cases. No case text shows a number of the signature
// that the variation changes.
class LookupCases
{
public:
    static constexpr int DefaultCorpusCases = 300;
    static constexpr std::uint64_t DefaultSeed = 1;

    static const QStringList &kinds();

    LookupCases(const QList<LookupCaseRecord> &records, std::uint64_t seed = DefaultSeed);

    int count() const { return int(m_records.size()); }
    const LookupCaseRecord &record(int index) const { return m_records.at(index); }

    // Whether a user would paste this record's signature: not the
    // deadends.dev records whose "signature" describes what an AI
    // assistant says ("AI advises standing in a doorframe…"), which stay in
    // the KB as distractors but are not asked about.
    bool isPasteable(int index) const;
    bool sharesSignature(int index) const;
    bool applies(int index, const QString &kind) const;

    LookupCase make(int index, const QString &kind) const;

    // Every kind that applies, for every pasteable record (a small KB).
    QList<LookupCase> everyKind() const;
    // `count` cases, each of another pasteable record drawn with the seed
    // (records again only once all were used), the kinds that apply taken
    // in turn (a large KB).
    QList<LookupCase> sample(int count) const;

    static QString normalised(const QString &signature);

private:
    QString build(const LookupCaseRecord &record, const QString &kind, bool shared, LookupCaseDice &dice) const;

    QList<LookupCaseRecord> m_records;
    QList<bool> m_shared;
    std::uint64_t m_seed;
};

} // namespace Errata
