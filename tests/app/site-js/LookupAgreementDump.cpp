// LookupAgreementDump OUT [CORPUS]: for the agreement test of the page's lookup (lookup-agreement.mjs).
// Opens the sample KB as `errata lookup` opens it (and, with CORPUS, the deadends.dev canons converted in memory),
// writes what a published site gives the page (data/lookup.js by LookupExport, data/records.js with the six keys
// lookup.js reads) into OUT/<kb>/, and OUT/<kb>/cases.json: every case's text with the C++ top 10 ({id, score,
// band}) of LookupEngine without budgets, and the parts of the ranking (error lines, words, hints, regex spans) the
// script compares one by one.
// LookupAgreementDump --synthetic-size N DIR: the sizes of data/lookup.js and match.json for the synthetic KB of N
// records (written into DIR when not there yet), for docs/site.md.

#include "bench/LookupCaseFile.h"
#include "bench/LookupCases.h"
#include "bench/LookupCorpus.h"
#include "bench/SyntheticKnowledgeBase.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/EnvironmentHints.h"
#include "models/lookup/ErrorLines.h"
#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupText.h"
#include "models/lookup/RegexKeys.h"
#include "models/publish/Html.h"
#include "models/publish/LookupExport.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/publish/SiteSink.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"
#include "models/session/KnowledgeBaseSession.h"

#include <QCoreApplication>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

#include <re2/re2.h>

#include <algorithm>
#include <cstdio>
#include <memory>

using namespace Errata;

namespace {

struct Case
{
    QString text;
    QString expected;
    QString kind;
};

std::string utf8(const QString &text)
{
    return text.toStdString();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

// data/records.js as the search part writes it, with the keys lookup.js reads.
QByteArray recordsJs(const SiteContext &ctx)
{
    OrderedJson records = OrderedJson::array();
    for (const Record *record : ctx.published) {
        OrderedJson one = OrderedJson::object();
        one["id"] = utf8(record->id());
        one["s"] = utf8(record->signature());
        one["z"] = utf8(record->signatureZh());
        one["p"] = utf8(ctx.paths.recordPage(*record));
        one["d"] = utf8(record->domain());
        one["c"] = utf8(record->category());
        records.push_back(one);
    }
    OrderedJson data = OrderedJson::object();
    data["format"] = 1;
    data["records"] = records;
    return Html::scriptData("ErrataRecords", data);
}

// ---- the cases of our own -------------------------------------------------------

QString changedDigits(const QString &text)
{
    QString out = text;
    for (QChar &c : out) {
        if (c.isDigit() && c.unicode() < 0x80)
            c = QChar(u'0' + (c.unicode() - u'0' + 3) % 10);
    }
    return out;
}

QString changedPathsAndNames(const QString &text)
{
    QString out = text;
    static const QRegularExpression path(QStringLiteral(R"((?<![\w.])/[\w.-]+(?:/[\w.-]+)*/)"));
    static const QRegularExpression quoted(QStringLiteral(R"('[^'\n]{1,40}')"));
    out.replace(path, QStringLiteral("/opt/build/agent-7/"));
    out.replace(quoted, QStringLiteral("'acme_widget'"));
    return out;
}

QString fullWidth(const QString &text)
{
    QString out = text;
    for (QChar &c : out) {
        if (c.unicode() > 0x20 && c.unicode() < 0x7F)
            c = QChar(char16_t(c.unicode() + 0xFEE0));
    }
    return out;
}

const QStringList &noiseBefore()
{
    static const QStringList lines = {
        QStringLiteral("2026-05-01T12:00:01Z INFO starting worker 3 of 8"),
        QStringLiteral("[DEBUG] loaded configuration from /etc/app/config.yaml"),
        QStringLiteral("Collecting dependencies... done"),
        QStringLiteral("12:00:03 NOTICE cache hit ratio 0.93"),
        QStringLiteral("Running step build (attempt 1)"),
    };
    return lines;
}

const QStringList &noiseAfter()
{
    static const QStringList lines = {
        QStringLiteral("Cleaning up temporary files"),
        QStringLiteral("[INFO] uploading artifacts: 0 files"),
        QStringLiteral("Finished in 41.2s"),
    };
    return lines;
}

QString inLog(const QString &line, const QString &newline = QStringLiteral("\n"))
{
    return (noiseBefore() + QStringList{line} + noiseAfter()).join(newline);
}

QList<Case> ownCases(const std::vector<const Record *> &records, int every)
{
    QList<Case> cases;
    int n = 0;
    for (const Record *record : records) {
        if (n++ % every != 0)
            continue;
        const QString s = record->signature();
        const QString id = record->id();
        if (s.trimmed().isEmpty())
            continue;
        cases.append({changedDigits(s), id, QStringLiteral("numbers")});
        cases.append({inLog(changedPathsAndNames(changedDigits(s))), id, QStringLiteral("paths-in-log")});
        cases.append({s.toUpper(), id, QStringLiteral("upper")});
        cases.append({s.toLower(), id, QStringLiteral("lower")});
        cases.append({inLog(s, QStringLiteral("\r\n")), id, QStringLiteral("crlf")});
        cases.append({QString(s).replace(QLatin1Char(' '), QChar(0xA0)), id, QStringLiteral("nbsp")});
        cases.append({fullWidth(s), id, QStringLiteral("full-width")});
        cases.append({QStringLiteral("İ ß ς ſ K: ") + s, id, QStringLiteral("folding")});
        if (!record->signatureZh().isEmpty())
            cases.append({inLog(QStringLiteral("错误：") + record->signatureZh()), id, QStringLiteral("chinese")});
    }
    return cases;
}

QList<Case> edgeCases(const std::vector<const Record *> &records)
{
    QList<Case> cases;
    cases.append({QString(), QString(), QStringLiteral("empty")});
    QStringList quiet;
    for (int i = 0; i < 30; ++i)
        quiet << QStringLiteral("2026-05-01 10:00:%1 INFO request %2 served in 12ms")
                     .arg(i, 2, 10, QLatin1Char('0'))
                     .arg(i);
    cases.append({quiet.join(QLatin1Char('\n')), QString(), QStringLiteral("quiet")});
    if (records.empty())
        return cases;
    const Record *first = records[records.size() / 2];
    QStringList big;
    big << first->signature();
    while (big.size() < 6000)
        big << QStringLiteral("[INFO] step %1 of the build is still running, nothing to report").arg(big.size());
    cases.append({big.join(QLatin1Char('\n')), first->id(), QStringLiteral("over-256-ki")});
    cases.append({QString(2500, QLatin1Char('x')) + QLatin1Char(' ') + first->signature(), first->id(),
                  QStringLiteral("long-line")});
    cases.append({QString(3000, QChar(0x4E2D)) + first->signature(), first->id(), QStringLiteral("long-line-han")});
    // A record whose regex matches another's signature: that other record
    // can only hold the regex through sharing.
    int shared = 0;
    for (const Record *lender : records) {
        if (lender->regex().isEmpty() || shared >= 8)
            continue;
        const RE2 regex(utf8(lender->regex()), RE2::Quiet);
        if (!regex.ok())
            continue;
        for (const Record *other : records) {
            if (other == lender || !RE2::PartialMatch(utf8(other->signature()), regex))
                continue;
            cases.append({other->signature(), other->id(), QStringLiteral("shared-regex")});
            cases.append({inLog(lender->signature()), lender->id(), QStringLiteral("shared-regex")});
            ++shared;
            break;
        }
    }
    return cases;
}

// ---- the dump ----------------------------------------------------------------

OrderedJson wordsJson(const LookupText::Words &words)
{
    OrderedJson out = OrderedJson::array();
    for (const auto &[word, weight] : words)
        out.push_back(OrderedJson::array({word, double(weight)}));
    return out;
}

OrderedJson partsOf(const QString &text)
{
    OrderedJson parts = OrderedJson::object();
    OrderedJson lines = OrderedJson::array();
    QStringList focus;
    for (const ErrorLines::Line &line : ErrorLines::find(text)) {
        lines.push_back(line.number);
        focus << line.text.left(2000);
    }
    const QString joined = focus.join(QLatin1Char('\n'));
    parts["lines"] = lines;
    parts["words"] = wordsJson(LookupText::words(joined));
    parts["whole"] = wordsJson(LookupText::words(joined, LookupText::WholeWords));
    parts["hints"] = EnvironmentHints::ofText(text);
    parts["folded"] = RegexKeys::folded(text);
    return parts;
}

// Each record's regex on its own signature and on the case texts made of it:
// the span RE2 finds as written (null: none).
OrderedJson regexSpans(const std::vector<const Record *> &records)
{
    OrderedJson out = OrderedJson::array();
    for (const Record *record : records) {
        if (record->regex().isEmpty())
            continue;
        const RE2 regex(utf8(record->regex()), RE2::Quiet);
        if (!regex.ok())
            continue;
        for (const QString &text : {record->signature(), changedDigits(record->signature()),
                                    record->signature().toLower(), inLog(record->signature())}) {
            const std::string subject = utf8(text);
            re2::StringPiece match;
            OrderedJson one = OrderedJson::object();
            one["id"] = utf8(record->id());
            one["text"] = subject;
            if (regex.Match(subject, 0, subject.size(), RE2::UNANCHORED, &match, 1))
                one["match"] = std::string(match.data(), match.size());
            else
                one["match"] = nullptr;
            out.push_back(one);
        }
    }
    return out;
}

bool dump(const QString &name, const SiteContext &ctx, const QList<Case> &cases, const QString &out)
{
    const QString folder = out + QLatin1Char('/') + name;
    MemorySiteSink sink;
    LookupExport::write(ctx, sink);
    bool ok = writeFile(folder + QStringLiteral("/data/lookup.js"), sink.file(QStringLiteral("data/lookup.js")))
        && writeFile(folder + QStringLiteral("/api/v1/match.json"), sink.file(QStringLiteral("api/v1/match.json")))
        && writeFile(folder + QStringLiteral("/data/records.js"), recordsJs(ctx));
    const LookupEngine engine(ctx.index.lookup(), LookupEngine::Budgets{0, 0});
    OrderedJson list = OrderedJson::array();
    for (const Case &c : cases) {
        const LookupResult result = engine.lookup(c.text, 10);
        OrderedJson top = OrderedJson::array();
        for (const LookupResult::Hit &hit : result.hits) {
            OrderedJson one = OrderedJson::object();
            one["id"] = utf8(hit.id);
            one["score"] = hit.score;
            one["band"] = utf8(LookupResult::bandName(hit.band));
            one["regex"] = utf8(LookupResult::regexHowName(hit.why.regex));
            one["coverage"] = hit.why.coverage;
            top.push_back(one);
        }
        OrderedJson one = OrderedJson::object();
        one["kind"] = utf8(c.kind);
        one["expected"] = utf8(c.expected);
        one["text"] = utf8(c.text);
        one["top"] = top;
        if (c.text.size() < 20000)
            one["parts"] = partsOf(c.text);
        list.push_back(one);
    }
    OrderedJson data = OrderedJson::object();
    data["kb"] = utf8(name);
    data["untranslated"] = OrderedJson::array();
    for (const QString &id : LookupExport::untranslated(ctx))
        data["untranslated"].push_back(utf8(id));
    data["cases"] = list;
    data["regexSpans"] = regexSpans(ctx.published);
    ok = ok
        && writeFile(folder + QStringLiteral("/cases.json"),
                     QByteArray::fromStdString(data.dump(-1, ' ', false, OrderedJson::error_handler_t::replace)));
    std::printf("%s: %d records, %lld cases, data/lookup.js %lld bytes\n", qPrintable(name), int(ctx.published.size()),
                qlonglong(cases.size()), qlonglong(sink.file(QStringLiteral("data/lookup.js")).size()));
    return ok;
}

std::vector<const Record *> sortedRecords(const KnowledgeBase &kb)
{
    std::vector<const Record *> records = kb.records();
    std::stable_sort(records.begin(), records.end(),
                     [](const Record *a, const Record *b) { return a->id() < b->id(); });
    return records;
}

SiteOptions options()
{
    SiteOptions options;
    options.today = QDate(2026, 6, 1);
    return options;
}

bool sampleKb(const QString &folder, const QString &out)
{
    KnowledgeBaseSession session;
    KnowledgeBaseSession::Options opening;
    opening.useCache = false; // nothing written into the KB
    opening.indexAsRead = true;
    session.read(folder, opening);
    session.check();
    session.buildIndex();
    const std::vector<const Record *> published = sortedRecords(session.knowledgeBase());
    const SitePaths paths(session.knowledgeBase(), published);
    const SiteContext ctx{
        session.knowledgeBase(),       session.index(), paths,  options(), QStringLiteral("sample-kb"),
        QStringLiteral("Errata test"), published,       nullptr};
    QList<Case> cases;
    QString error;
    for (const LookupCase &c :
         LookupCaseFile::read(QStringLiteral(ERRATA_SOURCE_DIR "/tests/bench/lookup-cases.json"), &error))
        cases.append({c.text, c.expectedId, c.kind});
    QList<LookupCaseRecord> caseRecords;
    for (const Record *record : published)
        caseRecords << LookupCaseRecord::of(*record);
    for (const LookupCase &c : LookupCases(caseRecords).everyKind())
        cases.append({c.text, c.expectedId, c.kind});
    cases += ownCases(published, 1);
    cases += edgeCases(published);
    return dump(QStringLiteral("sample"), ctx, cases, out);
}

bool corpus(const QString &folder, const QString &out)
{
    KnowledgeBase kb;
    for (auto &record : LookupCorpus::convert(folder))
        kb.add(std::move(record));
    SearchIndex index;
    index.build(kb, QDate(2026, 6, 1));
    const std::vector<const Record *> published = sortedRecords(kb);
    const SitePaths paths(kb, published);
    const SiteContext ctx{kb,        index,  paths, options(), QStringLiteral("corpus"), QStringLiteral("Errata test"),
                          published, nullptr};
    QList<Case> cases;
    QList<LookupCaseRecord> caseRecords;
    for (const Record *record : published)
        caseRecords << LookupCaseRecord::of(*record);
    for (const LookupCase &c : LookupCases(caseRecords).sample(LookupCases::DefaultCorpusCases))
        cases.append({c.text, c.expectedId, c.kind});
    cases += ownCases(published, std::max<int>(1, int(published.size()) / 40));
    cases += edgeCases(published);
    return dump(QStringLiteral("corpus"), ctx, cases, out);
}

int syntheticSize(int count, const QString &folder)
{
    const SyntheticKnowledgeBase synthetic(count);
    QString error;
    if (!synthetic.isWrittenIn(folder) && !synthetic.write(folder, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    KnowledgeBaseSession session;
    KnowledgeBaseSession::Options opening;
    opening.useCache = false;
    opening.indexAsRead = true;
    session.read(folder, opening);
    session.buildIndex();
    const std::vector<const Record *> published = sortedRecords(session.knowledgeBase());
    const SitePaths paths(session.knowledgeBase(), published);
    const SiteContext ctx{
        session.knowledgeBase(),       session.index(), paths,  options(), QStringLiteral("synthetic"),
        QStringLiteral("Errata test"), published,       nullptr};
    MemorySiteSink sink;
    LookupExport::write(ctx, sink);
    for (const QString &path : sink.files().keys())
        std::printf("%d records: %s %lld bytes (%lld compressed)\n", int(published.size()), qPrintable(path),
                    qlonglong(sink.file(path).size()), qlonglong(qCompress(sink.file(path), 6).size()));
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: LookupAgreementDump OUT [CORPUS]\n");
        return 2;
    }
    if (args.size() == 4 && args.at(1) == QLatin1String("--synthetic-size"))
        return syntheticSize(args.at(2).toInt(), args.at(3));
    const QString out = args.at(1);
    if (!sampleKb(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), out))
        return 1;
    if (args.size() > 2) {
        if (!QFileInfo(args.at(2)).isDir())
            std::printf("corpus: %s is absent: the sample KB only\n", qPrintable(args.at(2)));
        else if (!corpus(args.at(2), out))
            return 1;
    }
    return 0;
}
