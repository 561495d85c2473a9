#pragma once

#include <QMetaType>
#include <QString>

class QJsonObject;

namespace Errata {

class StringPool;

// One finding about a record or a file: what is wrong, where, and how bad.
// `pointer` is a JSON pointer into the record ("/dead_ends/1/fail_rate");
// `line` and `column` are 1-based (columns count characters), 0 when unknown.
struct Problem
{
    enum Severity { Error = 0, Warning = 1, Info = 2 };

    Severity severity = Error;
    QString file;
    QString pointer;
    int line = 0;
    int column = 0;
    QString message;
    QString rule; // short stable code, e.g. "regex-compile"

    static QString severityName(Severity severity);
    // GCC style: "path:line:col: error: message [pointer]"
    QString toText() const;
    // As the commands' JSON output gives it: {"file", "line", "column",
    // "severity", "message", "pointer", "rule"}.
    QJsonObject toJson() const;
    // Shares the pointer, message and rule with equal ones that went through
    // `pool` (a KB's findings repeat a few of them many thousand times).
    void shareStrings(StringPool &pool);
};

} // namespace Errata

Q_DECLARE_METATYPE(Errata::Problem)
