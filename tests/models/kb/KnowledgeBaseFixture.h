#pragma once

// What KnowledgeBaseTest and KnowledgeBaseIndexTest share: the reference date,
// a clean record, and short views of a KB and of findings.

#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/Problem.h"
#include "support/TestFiles.h"

#include <QDate>
#include <QStringList>

namespace Errata::KnowledgeBaseFixture {

using namespace Errata::TestSupport;

// A reference date for validation, so results do not change with the calendar.
inline const QDate Today(2024, 7, 1);

// A record with no error and no warning on `Today` (infos only).
inline QByteArray cleanRecord(const QString &id, const QByteArray &extraFields = QByteArray(),
                              const QByteArray &regex = "Error: disk full on \\\\S+")
{
    const QByteArray domain = id.section(QLatin1Char('/'), 0, 0).toUtf8();
    return "{\n"
           "  \"id\": \""
        + id.toUtf8()
        + "\",\n"
          "  \"signature\": \"Error: disk full on /dev/sda1\",\n"
          "  \"regex\": \""
        + regex
        + "\",\n"
          "  \"domain\": \""
        + domain
        + "\",\n"
          "  \"category\": \"io_error\",\n"
          "  \"last_confirmed\": \"2024-06-01\""
        + extraFields + "\n}\n";
}

inline QStringList ids(const KnowledgeBase &kb)
{
    QStringList list;
    for (int i = 0; i < kb.count(); ++i)
        list << kb.recordAt(i)->id();
    return list;
}

inline QStringList rules(const QList<Problem> &problems)
{
    QStringList list;
    for (const Problem &problem : problems)
        list << problem.rule;
    return list;
}

} // namespace Errata::KnowledgeBaseFixture
