#pragma once

// What RuleValidatorTest and RuleValidatorRulesTest share: the record texts
// the rules are checked on, and helpers to describe what they find.
// Included after the test class: moc does not lex raw string literals and
// would read the "//" of their URLs as a comment.

#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QDate>
#include <QDir>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <initializer_list>
#include <string>
#include <utility>

namespace Errata::RuleValidatorFixture {

inline const QDate Today(2026, 12, 2);

// A record that breaks no rule at all, with or without the KB built below:
// every optional field filled, Chinese fields translated, sources cited,
// links reciprocated, dates recent, rates consistent.
inline const char *const BaseRecordText = R"({
  "id": "demo/base-error",
  "signature": "DemoError: widget failed at step 42",
  "signature_zh": "DemoError：小部件在第 42 步失败",
  "regex": "DemoError: widget failed at step \\d+",
  "domain": "demo",
  "category": "runtime_error",
  "subcategory": null,
  "root_cause": "The widget cache overflows.",
  "root_cause_type": "generic",
  "root_cause_zh": "小部件缓存溢出。",
  "versions": [
    {
      "version": "demo>=1.0",
      "introduced": "1.0",
      "deprecated": null,
      "removed": null,
      "behavior_change": null,
      "status": "active"
    }
  ],
  "os_specific": {
    "linux": "Seen on ext4 only."
  },
  "dead_ends": [
    {
      "action": "Restart the widget",
      "why_fails": "The cache survives restarts.",
      "fail_rate": 0.9,
      "condition": "",
      "sources": ["https://example.com/dead-end"]
    }
  ],
  "workarounds": [
    {
      "action": "Clear the widget cache",
      "success_rate": 0.9,
      "how": "rm -rf ~/.cache/widget",
      "condition": "",
      "tradeoff": "A slower first start.",
      "sources": ["https://example.com/fix-1"]
    },
    {
      "action": "Upgrade demo to 2.0",
      "success_rate": 0.8,
      "sources": ["http://example.org/fix-2"]
    }
  ],
  "workarounds_zh": [
    "清除小部件缓存",
    "将 demo 升级到 2.0"
  ],
  "transition_graph": {
    "leads_to": [
      {
        "error_id": "demo/next-error",
        "probability": 0.4,
        "condition": "under load",
        "typical_delay": "minutes"
      }
    ],
    "preceded_by": ["demo/prev-error"],
    "frequently_confused_with": [
      {
        "error_id": "demo/other-error",
        "distinction": "The other error names no step."
      }
    ]
  },
  "official_doc_url": "https://example.com/docs/widget",
  "official_doc_section": "Caching",
  "error_code": "E42",
  "verification_tier": "human_reviewed",
  "confidence": 0.8,
  "fix_success_rate": 0.8,
  "resolvable": "true",
  "first_seen": "2020-03-15",
  "last_confirmed": "2026-11-01",
  "last_updated": "2026-11-20",
  "evidence_count": 5,
  "tags": ["demo", "cache"],
  "locale": "en",
  "aliases": ["DemoError: widget failed at step 7"]
}
)";

// The rest of the KB: the targets of the base record's links, linking back.
inline const char *const NextRecordText = R"({
  "id": "demo/next-error",
  "signature": "DemoError: next",
  "signature_zh": "DemoError：下一个错误",
  "regex": "DemoError: next",
  "domain": "demo",
  "category": "runtime_error",
  "transition_graph": {"preceded_by": [{"error_id": "demo/base-error"}]}
}
)";

inline const char *const PrevRecordText = R"({
  "id": "demo/prev-error",
  "signature": "DemoError: previous",
  "signature_zh": "DemoError：上一个错误",
  "regex": "DemoError: previous",
  "domain": "demo",
  "category": "runtime_error",
  "transition_graph": {"leads_to": ["demo/base-error"]}
}
)";

inline const char *const OtherRecordText = R"({
  "id": "demo/other-error",
  "signature": "DemoError: widget failed",
  "signature_zh": "DemoError：小部件失败",
  "regex": "DemoError: widget failed",
  "domain": "demo",
  "category": "runtime_error"
}
)";

inline QString summary(const Problem &problem)
{
    return QStringLiteral("%1 %2 [%3]").arg(Problem::severityName(problem.severity), problem.rule, problem.pointer);
}

inline QStringList summaries(const QList<Problem> &problems)
{
    QStringList list;
    for (const Problem &problem : problems)
        list << summary(problem);
    list.sort();
    return list;
}

inline QString describe(const QList<Problem> &problems)
{
    if (problems.isEmpty())
        return QStringLiteral("  (no problems)");
    QStringList lines;
    for (const Problem &problem : problems)
        lines << QStringLiteral("  ") + summary(problem) + QStringLiteral(": ") + problem.message;
    return lines.join(QLatin1Char('\n'));
}

inline QStringList list(std::initializer_list<const char *> items)
{
    QStringList result;
    for (const char *item : items)
        result << QString::fromUtf8(item);
    return result;
}

// A JSON object mapping JSON pointers to the values to set there.
inline QByteArray patch(std::initializer_list<std::pair<const char *, OrderedJson>> entries)
{
    OrderedJson object = OrderedJson::object();
    for (const auto &[pointer, value] : entries)
        object[pointer] = value;
    return QByteArray::fromStdString(object.dump());
}

inline std::string iso(const QDate &date)
{
    return date.toString(Qt::ISODate).toStdString();
}

// The four demo records written to `dir` and loaded into `kb`.
inline void loadDemoKb(const QTemporaryDir &dir, KnowledgeBase &kb)
{
    QVERIFY2(dir.isValid(), qPrintable(dir.errorString()));
    const QList<std::pair<const char *, const char *>> files = {{"demo/base-error.json", BaseRecordText},
                                                                {"demo/next-error.json", NextRecordText},
                                                                {"demo/prev-error.json", PrevRecordText},
                                                                {"demo/other-error.json", OtherRecordText}};
    for (const auto &[name, text] : files)
        QVERIFY2(writeFile(dir.filePath(QString::fromUtf8(name)), QByteArray(text)), name);
    KnowledgeBaseLoader::Result result = KnowledgeBaseLoader::load(dir.path());
    QVERIFY2(result.problems.isEmpty(), qPrintable(describe(result.problems)));
    kb.adopt(std::move(result));
    QCOMPARE(kb.count(), 4);
    QVERIFY(kb.find(QStringLiteral("demo/base-error")));
}

// The base record, read alone, as if from `fileName` below the KB's root.
inline Record baseRecordIn(const KnowledgeBase &kb, const QString &fileName)
{
    Record record;
    Record::LoadError error;
    if (!record.parse(QByteArray(BaseRecordText), &error))
        qFatal("the base record does not parse: %s", qPrintable(error.message));
    record.setFilePath(QDir(kb.root()).filePath(fileName));
    return record;
}

} // namespace Errata::RuleValidatorFixture
