// RuleValidator rule by rule: each row edits the base record and names the
// findings expected (rule, severity, pointer). The other RuleValidator tests
// are in RuleValidatorTest.

#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "models/validation/RuleValidator.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QTemporaryDir>
#include <QTest>

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {
const QString BaseFile = QStringLiteral("demo/base-error.json");
} // namespace

// Declared before RuleValidatorFixture.h, with its record texts, is included:
// moc does not lex raw string literals and would read the "//" of their URLs
// as a comment.
class RuleValidatorRulesTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void rule_data();
    void rule();

private:
    Record baseRecord(const QString &fileName = BaseFile) const;
    QList<Problem> check(const Record &record, bool withKb) const;

    QTemporaryDir m_dir;
    KnowledgeBase m_kb;
};

#include "RuleValidatorFixture.h"

using namespace Errata::RuleValidatorFixture;

void RuleValidatorRulesTest::initTestCase()
{
    loadDemoKb(m_dir, m_kb);
}

Record RuleValidatorRulesTest::baseRecord(const QString &fileName) const
{
    return baseRecordIn(m_kb, fileName);
}

QList<Problem> RuleValidatorRulesTest::check(const Record &record, bool withKb) const
{
    return RuleValidator(Today).check(record, withKb ? &m_kb : nullptr);
}

void RuleValidatorRulesTest::rule_data()
{
    QTest::addColumn<QStringList>("removals"); // JSON pointers removed first
    QTest::addColumn<QByteArray>("changes");   // {"pointer": value, ...}, set in order
    QTest::addColumn<QString>("fileName");     // the record's path below the KB root
    QTest::addColumn<bool>("withKb");
    QTest::addColumn<QStringList>("expected"); // "severity rule [pointer]"

    const auto row = [](const char *name, const QByteArray &changes, const QStringList &expected, bool withKb = true,
                        const QStringList &removals = {}, const QString &fileName = BaseFile) {
        QTest::newRow(name) << removals << changes << fileName << withKb << expected;
    };
    const auto removal = [](const char *name, std::initializer_list<const char *> pointers, const QStringList &expected,
                            bool withKb = true) {
        QTest::newRow(name) << list(pointers) << QByteArray("{}") << BaseFile << withKb << expected;
    };
    const bool noKb = false;

    // id syntax and domain (id changes would break the KB's links: no KB).
    row("id-syntax: upper case", patch({{"/id", "demo/Base-Error"}}), list({"error id-syntax [/id]"}), noKb);
    row("id-syntax: one segment", patch({{"/id", "demo"}}), list({"error id-syntax [/id]"}), noKb);
    row("id-syntax: empty segment", patch({{"/id", "demo//error"}}), list({"error id-syntax [/id]"}), noKb);
    row("id-syntax: trailing slash", patch({{"/id", "demo/error/"}}), list({"error id-syntax [/id]"}), noKb);
    row("id-syntax: segment starts with a dot", patch({{"/id", "demo/.error"}}), list({"error id-syntax [/id]"}), noKb);
    row("id-syntax: dot-dot segment", patch({{"/id", "demo/../error"}}), list({"error id-syntax [/id]"}), noKb);
    row("id-syntax: space", patch({{"/id", "demo/base error"}}), list({"error id-syntax [/id]"}), noKb);
    row("id-syntax: backslash", patch({{"/id", "demo/base\\error"}}), list({"error id-syntax [/id]"}), noKb);
    row("id-syntax: 201 characters", patch({{"/id", "demo/" + std::string(196, 'a')}}), list({"error id-syntax [/id]"}),
        noKb);
    row("id-syntax passes: 200 characters", patch({{"/id", "demo/" + std::string(195, 'a')}}), {}, noKb);
    row("id-syntax passes: three segments with . _ -", patch({{"/id", "demo/sub.dir/a_b-c9"}}), {}, noKb);
    row("id-domain: other first segment", patch({{"/id", "other/base-error"}}), list({"error id-domain [/id]"}), noKb);
    row("id-domain: domain is a prefix only", patch({{"/id", "demos/base-error"}}), list({"error id-domain [/id]"}),
        noKb);
    row("domain-syntax: space (id no longer agrees)", patch({{"/domain", "de mo"}}),
        list({"error domain-syntax [/domain]", "error id-domain [/id]"}), noKb);
    row("domain-syntax: underscore (id agrees)", patch({{"/domain", "de_mo"}, {"/id", "de_mo/base-error"}}),
        list({"error domain-syntax [/domain]"}), noKb);
    row("domain-syntax: upper case (id agrees)", patch({{"/domain", "Demo"}, {"/id", "Demo/base-error"}}),
        list({"error domain-syntax [/domain]", "error id-syntax [/id]"}), noKb);
    row("domain-syntax passes: digits and dash", patch({{"/domain", "demo-2"}, {"/id", "demo-2/base-error"}}), {},
        noKb);
    row("category-syntax: space", patch({{"/category", "runtime error"}}), list({"error category-syntax [/category]"}));
    row("category-syntax: leading underscore", patch({{"/category", "_runtime"}}),
        list({"error category-syntax [/category]"}));
    row("category-syntax: dot", patch({{"/category", "runtime.error"}}), list({"error category-syntax [/category]"}));
    row("category-syntax passes: a_b-c9", patch({{"/category", "a_b-c9"}}), {});

    // id vs path and the KB.
    row("id-path: file renamed", QByteArray("{}"), list({"error id-path [/id]"}), true, {},
        QStringLiteral("demo/old-name.json"));
    row("id-path: file in another folder", QByteArray("{}"), list({"error id-path [/id]"}), true, {},
        QStringLiteral("other/base-error.json"));
    row("id-path skipped without a KB", QByteArray("{}"), {}, noKb, {}, QStringLiteral("demo/old-name.json"));

    // root_cause_type.
    row("root-cause-type: unknown", patch({{"/root_cause_type", "cosmic_rays"}}),
        list({"warning root-cause-type [/root_cause_type]"}));
    row("root-cause-type: wrong case", patch({{"/root_cause_type", "Generic"}}),
        list({"warning root-cause-type [/root_cause_type]"}));
    row("root-cause-type: empty", patch({{"/root_cause_type", ""}}),
        list({"warning root-cause-type [/root_cause_type]"}));
    for (const char *type : {"generic", "version_specific", "os_specific", "hardware_specific", "config_specific"})
        row(qPrintable(QStringLiteral("root-cause-type passes: %1").arg(QLatin1String(type))),
            patch({{"/root_cause_type", type}}), {});

    // regex.
    row("regex-compile: look-behind", patch({{"/regex", "(?<=foo)bar"}}), list({"error regex-compile [/regex]"}));
    row("regex-compile: unclosed group", patch({{"/regex", "DemoError: (widget"}}),
        list({"error regex-compile [/regex]"}));
    row("regex-compile: back-reference", patch({{"/regex", "(a)\\1"}}), list({"error regex-compile [/regex]"}));
    row("regex-empty: .*", patch({{"/regex", ".*"}}), list({"warning regex-empty [/regex]"}));
    row("regex-empty: empty alternative", patch({{"/regex", "DemoError|"}}), list({"warning regex-empty [/regex]"}));
    row("regex-signature: other text", patch({{"/regex", "OtherError: \\d+"}}),
        list({"warning regex-signature [/regex]"}));
    row("regex-signature: case differs", patch({{"/regex", "demoerror: widget"}}),
        list({"warning regex-signature [/regex]"}));
    row("regex-signature: unescaped parentheses",
        patch({{"/signature", "Permission denied (publickey)."}, {"/regex", "Permission denied (publickey)\\."}}),
        list({"warning regex-signature [/regex]"}));
    row("regex passes: anchored prefix", patch({{"/regex", "^DemoError: widget"}}), {});
    row("regex passes: empty signature is not matched", patch({{"/signature", ""}}), {});

    // URLs.
    row("url-scheme: ftp doc url", patch({{"/official_doc_url", "ftp://example.com/doc"}}),
        list({"error url-scheme [/official_doc_url]"}));
    row("url-scheme: javascript doc url", patch({{"/official_doc_url", "javascript:alert(1)"}}),
        list({"error url-scheme [/official_doc_url]"}));
    row("url-scheme: no scheme", patch({{"/official_doc_url", "example.com/docs"}}),
        list({"error url-scheme [/official_doc_url]"}));
    row("url-scheme: no host", patch({{"/official_doc_url", "https://"}}),
        list({"error url-scheme [/official_doc_url]"}));
    row("url-scheme: empty", patch({{"/official_doc_url", ""}}), list({"error url-scheme [/official_doc_url]"}));
    row("url-scheme passes: upper-case scheme", patch({{"/official_doc_url", "HTTPS://EXAMPLE.COM/Docs"}}), {});
    row("url-scheme passes: http with port and query",
        patch({{"/official_doc_url", "http://example.com:8080/a?b=c#d"}}), {});
    row("url-scheme passes: null", patch({{"/official_doc_url", nullptr}}), {});
    row("url-scheme: dead end source", patch({{"/dead_ends/0/sources", OrderedJson::array({"file:///etc/passwd"})}}),
        list({"error url-scheme [/dead_ends/0/sources/0]"}));
    row("url-scheme: second workaround source",
        patch({{"/workarounds/1/sources", OrderedJson::array({"https://example.com/ok", "mailto:a@example.com"})}}),
        list({"error url-scheme [/workarounds/1/sources/1]"}));

    // Dates (today is 2026-12-02).
    row("date-format: 30 February", patch({{"/first_seen", "2023-02-30"}}), list({"error date-format [/first_seen]"}));
    row("date-format: 29 February in a common year", patch({{"/first_seen", "2023-02-29"}}),
        list({"error date-format [/first_seen]"}));
    row("date-format passes: 29 February in a leap year", patch({{"/first_seen", "2024-02-29"}}), {});
    row("date-format: month 13", patch({{"/last_confirmed", "2026-13-01"}}),
        list({"error date-format [/last_confirmed]"}));
    row("date-format: day 0", patch({{"/last_updated", "2026-11-00"}}), list({"error date-format [/last_updated]"}));
    row("date-format: slashes", patch({{"/last_updated", "2026/11/20"}}), list({"error date-format [/last_updated]"}));
    row("date-format: two-digit year", patch({{"/last_confirmed", "26-11-01"}}),
        list({"error date-format [/last_confirmed]"}));
    row("date-format: one-digit day", patch({{"/last_confirmed", "2026-11-1"}}),
        list({"error date-format [/last_confirmed]"}));
    row("date-format: with a time", patch({{"/first_seen", "2020-03-15T10:00:00Z"}}),
        list({"error date-format [/first_seen]"}));
    row("date-format: words", patch({{"/last_updated", "yesterday"}}), list({"error date-format [/last_updated]"}));
    row("date-format: empty", patch({{"/last_updated", ""}}), list({"error date-format [/last_updated]"}));
    // A date that is not YYYY-MM-DD is not used by the other date rules.
    row("date-format: slashed old last_confirmed is not also stale", patch({{"/last_confirmed", "2020/01/01"}}),
        list({"error date-format [/last_confirmed]"}));
    row("date-format: slashed late first_seen is not also out of order", patch({{"/first_seen", "2026/11/05"}}),
        list({"error date-format [/first_seen]"}));
    row("future-date: last_updated tomorrow", patch({{"/last_updated", iso(Today.addDays(1))}}),
        list({"warning future-date [/last_updated]"}));
    row("future-date passes: last_updated today", patch({{"/last_updated", iso(Today)}}), {});
    row("future-date: last_confirmed next year", patch({{"/last_confirmed", "2027-01-01"}}),
        list({"warning future-date [/last_confirmed]"}));
    row("future-date: first_seen (also after last_confirmed)", patch({{"/first_seen", iso(Today.addDays(3))}}),
        list({"error date-order [/first_seen]", "warning future-date [/first_seen]"}));
    row("date-order: first_seen a day after last_confirmed", patch({{"/first_seen", "2026-11-02"}}),
        list({"error date-order [/first_seen]"}));
    row("date-order passes: same day", patch({{"/first_seen", "2026-11-01"}}), {});
    row("stale: 366 days", patch({{"/last_confirmed", iso(Today.addDays(-366))}}),
        list({"warning stale [/last_confirmed]"}));
    row("stale: the seed's 2024-06-01", patch({{"/last_confirmed", "2024-06-01"}}),
        list({"warning stale [/last_confirmed]"}));
    row("aging: exactly 365 days", patch({{"/last_confirmed", iso(Today.addDays(-365))}}),
        list({"info aging [/last_confirmed]"}));
    row("aging: 200 days", patch({{"/last_confirmed", iso(Today.addDays(-200))}}),
        list({"info aging [/last_confirmed]"}));
    row("aging: exactly 180 days", patch({{"/last_confirmed", iso(Today.addDays(-180))}}),
        list({"info aging [/last_confirmed]"}));
    row("aging passes: 179 days", patch({{"/last_confirmed", iso(Today.addDays(-179))}}), {});
    row("aging passes: confirmed today", patch({{"/last_confirmed", iso(Today)}}), {});

    // Rates.
    row("resolvable-rates: true with fix 0.69", patch({{"/fix_success_rate", 0.69}}),
        list({"warning resolvable-rates [/resolvable]"}));
    row("resolvable-rates passes: true with fix exactly 0.7", patch({{"/fix_success_rate", 0.7}}), {});
    row("resolvable-rates: true with confidence 0.59", patch({{"/confidence", 0.59}}),
        list({"warning resolvable-rates [/resolvable]"}));
    row("resolvable-rates passes: true with confidence exactly 0.6", patch({{"/confidence", 0.6}}), {});
    row("resolvable-rates passes: true with integer rates", patch({{"/fix_success_rate", 1}, {"/confidence", 1}}), {});
    row("resolvable-rates: false with fix 0.8", patch({{"/resolvable", "false"}}),
        list({"warning resolvable-rates [/resolvable]"}));
    row("resolvable-rates: false with fix exactly 0.2", patch({{"/resolvable", "false"}, {"/fix_success_rate", 0.2}}),
        list({"warning resolvable-rates [/resolvable]"}));
    row("resolvable-rates passes: false with fix 0.19", patch({{"/resolvable", "false"}, {"/fix_success_rate", 0.19}}),
        {});
    row("resolvable-rates passes: partial with any rates",
        patch({{"/resolvable", "partial"}, {"/fix_success_rate", 0.05}, {"/confidence", 0.4}}), {});
    row("evidence-low: 2", patch({{"/evidence_count", 2}}), list({"warning evidence-low [/evidence_count]"}));
    row("evidence-low: 0", patch({{"/evidence_count", 0}}), list({"warning evidence-low [/evidence_count]"}));
    row("evidence-low passes: exactly 3", patch({{"/evidence_count", 3}}), {});
    row("evidence-low passes: confidence exactly 0.3",
        patch({{"/evidence_count", 1}, {"/confidence", 0.3}, {"/resolvable", "partial"}}), {});
    row("evidence-low: confidence 0.31",
        patch({{"/evidence_count", 1}, {"/confidence", 0.31}, {"/resolvable", "partial"}}),
        list({"warning evidence-low [/evidence_count]"}));

    // Chinese fields.
    removal("zh-missing: signature_zh", {"/signature_zh"}, list({"info zh-missing [/signature_zh]"}));
    row("zh-missing: blank signature_zh", patch({{"/signature_zh", "  "}}), list({"info zh-missing [/signature_zh]"}));
    removal("zh-missing: root_cause_zh", {"/root_cause_zh"}, list({"info zh-missing [/root_cause_zh]"}));
    removal("zh-missing: workarounds_zh", {"/workarounds_zh"}, list({"info zh-missing [/workarounds_zh]"}));
    row("zh-missing: empty workarounds_zh", patch({{"/workarounds_zh", OrderedJson::array()}}),
        list({"info zh-missing [/workarounds_zh]"}));
    removal("zh-missing passes: no root_cause at all", {"/root_cause", "/root_cause_zh"}, {});
    removal("zh-missing passes: no workarounds at all", {"/workarounds", "/workarounds_zh"}, {});
    removal("zh-missing passes: root_cause_zh without root_cause", {"/root_cause"}, {});
    row("untranslated: signature_zh in English", patch({{"/signature_zh", "DemoError: the widget failed"}}),
        list({"warning untranslated [/signature_zh]"}));
    row("untranslated: signature_zh repeats signature",
        patch({{"/signature_zh", "DemoError: widget failed at step 42"}}),
        list({"warning untranslated [/signature_zh]"}));
    row("untranslated: root_cause_zh in English", patch({{"/root_cause_zh", "Cache overflow."}}),
        list({"warning untranslated [/root_cause_zh]"}));
    row("untranslated: root_cause_zh repeats a Chinese root_cause", patch({{"/root_cause", " 小部件缓存溢出。"}}),
        list({"warning untranslated [/root_cause_zh]"}));
    row("untranslated: second workarounds_zh item repeats the action",
        patch({{"/workarounds_zh/1", "Upgrade demo to 2.0"}}), list({"warning untranslated [/workarounds_zh]"}));
    row("untranslated: first workarounds_zh item in English", patch({{"/workarounds_zh/0", "clear the cache"}}),
        list({"warning untranslated [/workarounds_zh]"}));
    row("untranslated: Chinese action repeated", patch({{"/workarounds/0/action", "清除小部件缓存"}}),
        list({"warning untranslated [/workarounds_zh]"}));
    row("untranslated passes: Chinese beyond the Basic Multilingual Plane",
        patch({{"/signature_zh", "𠮷"}, {"/workarounds_zh/0", "𠀀"}}), {});
    removal("zh-count: one item fewer", {"/workarounds_zh/1"}, list({"warning zh-count [/workarounds_zh]"}));
    row("zh-count: one item more", patch({{"/workarounds_zh/2", "第三个办法"}}),
        list({"warning zh-count [/workarounds_zh]"}));
    row("zh-count and untranslated", patch({{"/workarounds_zh/2", "third"}}),
        list({"warning untranslated [/workarounds_zh]", "warning zh-count [/workarounds_zh]"}));
    removal("zh-count: workarounds removed", {"/workarounds"}, list({"warning zh-count [/workarounds_zh]"}));

    // Links.
    row("link-self: bare", patch({{"/transition_graph/leads_to/1", "demo/base-error"}}),
        list({"warning link-self [/transition_graph/leads_to/1]"}));
    row("link-self: object in preceded_by",
        patch({{"/transition_graph/preceded_by/0", {{"error_id", "demo/base-error"}}}}),
        list({"warning link-self [/transition_graph/preceded_by/0]"}));
    row("link-self: without a KB",
        patch({{"/transition_graph/frequently_confused_with/0/error_id", "demo/base-error"}}),
        list({"warning link-self [/transition_graph/frequently_confused_with/0]"}), noKb);
    row("link-duplicate: object then bare", patch({{"/transition_graph/leads_to/1", "demo/next-error"}}),
        list({"warning link-duplicate [/transition_graph/leads_to/1]"}));
    row("link-duplicate: confused-with", patch({{"/transition_graph/frequently_confused_with/1", "demo/other-error"}}),
        list({"warning link-duplicate [/transition_graph/frequently_confused_with/1]"}));
    row("link-duplicate: without a KB", patch({{"/transition_graph/preceded_by/1", "demo/prev-error"}}),
        list({"warning link-duplicate [/transition_graph/preceded_by/1]"}), noKb);
    row("link-duplicate passes: same target in two lists",
        patch({{"/transition_graph/frequently_confused_with/1", "demo/next-error"}}), {});
    row("link-dangling: leads_to", patch({{"/transition_graph/leads_to/1", "demo/missing"}}),
        list({"warning link-dangling [/transition_graph/leads_to/1]"}));
    row("link-dangling: preceded_by object",
        patch({{"/transition_graph/preceded_by/1", {{"error_id", "demo/missing"}}}}),
        list({"warning link-dangling [/transition_graph/preceded_by/1]"}));
    row("link-dangling: confused-with",
        patch({{"/transition_graph/frequently_confused_with/0/error_id", "git/missing"}}),
        list({"warning link-dangling [/transition_graph/frequently_confused_with/0]"}));
    // An item that is no link (the schema reports it) still counts in the pointers.
    row("link-dangling: after an item that is no link",
        patch({{"/transition_graph/leads_to/1", 5}, {"/transition_graph/leads_to/2", "demo/missing"}}),
        list({"warning link-dangling [/transition_graph/leads_to/2]"}));
    row("link-self: after an item that is no link",
        patch({{"/transition_graph/preceded_by/0", OrderedJson::array()},
               {"/transition_graph/preceded_by/1", "demo/base-error"}}),
        list({"warning link-self [/transition_graph/preceded_by/1]"}));
    row("links: an item that is no link is no link", patch({{"/transition_graph/leads_to/0", nullptr}}), {});
    row("link-dangling skipped without a KB", patch({{"/transition_graph/leads_to/1", "demo/missing"}}), {}, noKb);
    row("link-reciprocal: leads_to without preceded_by back",
        patch({{"/transition_graph/leads_to/1", "demo/other-error"}}),
        list({"info link-reciprocal [/transition_graph/leads_to/1]"}));
    row("link-reciprocal: preceded_by without leads_to back",
        patch({{"/transition_graph/preceded_by/1", {{"error_id", "demo/other-error"}}}}),
        list({"info link-reciprocal [/transition_graph/preceded_by/1]"}));
    row("link-reciprocal: back link of the wrong kind",
        patch({{"/transition_graph/leads_to/0/error_id", "demo/prev-error"}}),
        list({"info link-reciprocal [/transition_graph/leads_to/0]"}));
    row("link-reciprocal passes: confused-with needs none",
        patch({{"/transition_graph/frequently_confused_with/1", "demo/prev-error"}}), {});
    row("link-reciprocal skipped without a KB", patch({{"/transition_graph/leads_to/1", "demo/other-error"}}), {},
        noKb);
    row("links pass: empty error_id left to the schema",
        patch({{"/transition_graph/leads_to/1", {{"probability", 0.5}}}}), {});

    // Lists.
    row("duplicate-item: tags", patch({{"/tags", OrderedJson::array({"demo", "cache", "demo"})}}),
        list({"warning duplicate-item [/tags/2]"}));
    row("duplicate-item: aliases",
        patch({{"/aliases", OrderedJson::array({"DemoError: a", "DemoError: a", "DemoError: b", "DemoError: a"})}}),
        list({"warning duplicate-item [/aliases/1]", "warning duplicate-item [/aliases/3]"}));
    row("duplicate-item passes: case differs", patch({{"/tags", OrderedJson::array({"demo", "Demo"})}}), {});
    row("no-sources: dead end with empty sources", patch({{"/dead_ends/0/sources", OrderedJson::array()}}),
        list({"info no-sources [/dead_ends/0]"}));
    removal("no-sources: workaround without sources", {"/workarounds/1/sources"},
            list({"info no-sources [/workarounds/1]"}));

    // Unknown keys, at the top level and nested.
    row("unknown-key: top level", patch({{"/x_custom", 1}}), list({"info unknown-key [/x_custom]"}));
    row("unknown-key: misspelt field", patch({{"/confidance", 0.5}}), list({"info unknown-key [/confidance]"}));
    row("unknown-key: in a version", patch({{"/versions/0/released", "2020"}}),
        list({"info unknown-key [/versions/0/released]"}));
    row("unknown-key: in a dead end", patch({{"/dead_ends/0/common_misconception", true}}),
        list({"info unknown-key [/dead_ends/0/common_misconception]"}));
    row("unknown-key: in a workaround", patch({{"/workarounds/1/notes", "n"}}),
        list({"info unknown-key [/workarounds/1/notes]"}));
    row("unknown-key: in transition_graph", patch({{"/transition_graph/causes", OrderedJson::array()}}),
        list({"info unknown-key [/transition_graph/causes]"}));
    row("unknown-key: in a leads_to link", patch({{"/transition_graph/leads_to/0/weight", 1}}),
        list({"info unknown-key [/transition_graph/leads_to/0/weight]"}));
    row("unknown-key: probability in a confused-with link",
        patch({{"/transition_graph/frequently_confused_with/0/probability", 0.2}}),
        list({"info unknown-key [/transition_graph/frequently_confused_with/0/probability]"}));
    row("unknown-key: distinction in a preceded_by link",
        patch({{"/transition_graph/preceded_by/0", {{"error_id", "demo/prev-error"}, {"distinction", "x"}}}}),
        list({"info unknown-key [/transition_graph/preceded_by/0/distinction]"}));
    row("unknown-key: name with / and ~ is escaped", patch({{"/a~1b~0c", 1}}), list({"info unknown-key [/a~1b~0c]"}));
    row("unknown-key: nested name with / is escaped", patch({{"/dead_ends/0/x~1y", 1}}),
        list({"info unknown-key [/dead_ends/0/x~1y]"}));
    row("unknown-key passes: any OS name", patch({{"/os_specific/plan9", "rare"}}), {});
}

void RuleValidatorRulesTest::rule()
{
    QFETCH(QStringList, removals);
    QFETCH(QByteArray, changes);
    QFETCH(QString, fileName);
    QFETCH(bool, withKb);
    QFETCH(QStringList, expected);

    Record record = baseRecord(fileName);
    for (const QString &pointer : removals) {
        QVERIFY2(record.json().contains(OrderedJson::json_pointer(pointer.toStdString())), qPrintable(pointer));
        record.removeValue(pointer);
    }
    const OrderedJson object = OrderedJson::parse(changes.toStdString());
    for (const auto &[pointer, value] : object.items())
        record.setValue(QString::fromStdString(pointer), value);

    const QList<Problem> problems = check(record, withKb);
    expected.sort();
    QVERIFY2(summaries(problems) == expected,
             qPrintable(
                 QStringLiteral("expected:\n  %1\nfound:\n%2")
                     .arg(expected.isEmpty() ? QStringLiteral("(no problems)") : expected.join(QStringLiteral("\n  ")),
                          describe(problems))));
    for (const Problem &problem : problems) {
        QVERIFY2(!problem.message.isEmpty(), qPrintable(summary(problem) + QStringLiteral(" has no message")));
        QVERIFY2(problem.file.isEmpty() && problem.line == 0 && problem.column == 0,
                 "the rule validator leaves file, line and column to its caller");
    }
}

QTEST_GUILESS_MAIN(RuleValidatorRulesTest)
#include "RuleValidatorRulesTest.moc"
