#pragma once

#include "models/json/OrderedJson.h"
#include "models/record/Record.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace Errata {

// What the passes over every record of a KB read of one record: the
// summary the record keeps, what the search index and the lookup index
// take from it, and the strings to tokenise by where they stand. Two readers
// make it: RecordScanner from the text (simdjson, no document), and
// fromRecord() from a parsed record (one being edited): its summary and its
// document. They
// agree field for field (RecordScannerTest compares them on every corpus).
//
// A value of the wrong type reads as empty, as Record's typed getters read
// it: a record that fails validation is still indexed.
struct RecordFields
{
    Record::Summary summary;
    QString errorCode;
    QString verificationTier;
    QString resolvable;
    QString rootCause;
    QString rootCauseZh;
    std::optional<double> fixSuccessRate;
    std::optional<double> confidence;
    QStringList workaroundActions; // "action" of each object in "workarounds" ("" when it has none)
    QStringList workaroundsZh;     // the strings of "workarounds_zh"
    QStringList aliases;
    QStringList tags;
    QStringList versions; // "version" of each object in "versions" ("" when it has none)
    QStringList osNames;  // the keys of "os_specific"

    // The strings the search index tokenises, as UTF-8, by where they stand:
    // signature and id; Chinese signature, aliases and tags; the body
    // (regex, root causes, dead ends' action and why_fails, workarounds'
    // action and how, workarounds_zh).
    std::vector<std::string> mainHead;
    std::vector<std::string> otherHead;
    std::vector<std::string> body;

    // A Chinese signature, and Chinese root cause and workarounds where
    // there are English ones.
    bool hasChinese() const;

    // `record` must hold its document (parsed, or Record::ParsedForNow).
    static RecordFields fromRecord(const Record &record);
    // The record's own document when it has one (it may be edited), else
    // its text read by RecordScanner (or, should the scan refuse it, parsed
    // for now).
    static RecordFields of(const Record &record);

    bool operator==(const RecordFields &other) const;
};

} // namespace Errata
