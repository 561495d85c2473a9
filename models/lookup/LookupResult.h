#pragma once

#include "models/matching/LogMatchResult.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

class Record;

// What LookupEngine::lookup() answers: the records most like an error
// text, best first, each with why it was chosen.
struct LookupResult
{
    // How sure a hit is (docs/record-format.md, "Lookup"):
    //  Exact:   the record's regex matches the text as written and the text
    //           holds most of its signature, or the whole signature is there
    //           with only its variable parts changed;
    //  Likely:  the regex matches ignoring case, or much of the signature is
    //           there;
    //  Related: shares rare words with the text, nothing more.
    enum Band { Exact, Likely, Related };

    enum RegexHow { NoRegex, AsWritten, IgnoringCase };

    struct Why
    {
        RegexHow regex = NoRegex;
        // The record whose regex it was, when not the hit's own: a regex
        // that matches the text and also this record's signature.
        QString regexRecord;
        int regexLine = 0;       // 1-based line of the text where the regex matched; 0: none
        QString regexMatch;      // what it matched (shortened)
        double regexScore = 0;   // R in the score, 0..1
        double textScore = 0;    // T in the score, 0..1
        double coverage = 0;     // share of the signature's weight found in the text
        QStringList sharedWords; // the words shared with the record, rarest first
        QStringList environment; // environment hints found in both
        double environmentScore = 0;
    };

    struct Hit
    {
        QString id;
        const Record *record = nullptr;
        QString signature;
        QString domain;
        double score = 0;
        Band band = Related;
        // The tie-breakers after the score: fix_success_rate (-1: none),
        // then the verification tier (its place in the schema's order).
        double fixRate = -1;
        int tier = -1;
        Why why;
    };

    QString errorText;     // the lines looked at, as one text
    QList<int> errorLines; // their 1-based numbers in the text given
    QList<Hit> hits;
    // The records whose regex was not searched in full for a time budget
    // (of its own, or of the whole lookup), by id: a regex of theirs that
    // would have matched is missing from `hits`.
    QList<LogMatchResult::CutShort> cutShort;
    double regexBudgetSeconds = 0; // of each regex on this text; 0: none
    double runBudgetSeconds = 0;   // of the whole lookup; 0: none
    double ms = 0;

    bool isIncomplete() const { return !cutShort.isEmpty(); }

    static QString bandName(Band band);        // "exact", "likely", "related"
    static QString regexHowName(RegexHow how); // "", "as written", "ignoring case"
    // Why a hit was found, as `errata lookup --format json` and errata mcp's
    // lookup_error give it: {"regex", "regex_line", "regex_record",
    // "regex_match", "shared_words", "environment", "coverage", "text_score",
    // "regex_score"} (an empty text is null).
    static QJsonObject toJson(const Why &why);
    // The regexes cut short, as `errata lookup --format json` and errata
    // mcp's lookup_error give them: [{"id", "reason", "seconds",
    // "in_pieces", "run_budget", "searched"}].
    static QJsonArray cutShortJson(const QList<LogMatchResult::CutShort> &cutShort);
};

} // namespace Errata
