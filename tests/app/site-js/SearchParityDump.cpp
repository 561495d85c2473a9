// SearchParityDump: for SiteSearchParityTest (run-search.sh, search-parity.mjs). Opens a KB as `errata publish` does,
// writes the site's search data (SearchExport: data/records.js, data/search.js), resources/site/ as assets/ (the
// page's engine search.js among them) and search.html and zh/search.html (to try the page in a browser) into
// OUT/<name>/, and queries.json: queries made from the KB's records (prefixes of signature words of 1 to n letters,
// whole words, phrases in quotes, camelCase parts, Chinese, every filter, combinations, queries without results), each
// with the ids SearchIndex::search answers, best first.
//
//   SearchParityDump OUT [--corpus DIR]
//   SearchParityDump OUT --synthetic N      (a synthetic KB of N records alone, for the sizes in docs/site.md)
//
// The KBs: the sample KB, and the shared deadends.dev corpus converted in memory (skipped, saying so, when absent).
#include "bench/LookupCorpus.h"
#include "bench/SyntheticKnowledgeBase.h"
#include "models/publish/SearchExport.h"
#include "models/publish/SearchPage.h"
#include "models/publish/SiteFixture.h"
#include "models/publish/SiteSink.h"
#include "models/scan/RecordFields.h"
#include "models/search/SearchIndex.h"
#include "models/search/SearchQuery.h"
#include "support/TestFiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTextStream>

#include <cstdio>

using namespace Errata;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

// Queries in the order made, each once.
class Queries
{
public:
    void add(const QString &query)
    {
        if (!m_seen.contains(query)) {
            m_seen.insert(query);
            m_list << query;
        }
    }
    const QStringList &list() const { return m_list; }

private:
    QSet<QString> m_seen;
    QStringList m_list;
};

QStringList wordsOf(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[^\\p{L}\\p{N}_]+"));
    return text.split(separators, Qt::SkipEmptyParts);
}

// camelCase parts of an ASCII word ("RuntimeError" -> "Runtime", "Error").
QStringList camelParts(const QString &word)
{
    static const QRegularExpression hump(QStringLiteral("(?<=[a-z])(?=[A-Z])"));
    const QStringList parts = word.split(hump, Qt::SkipEmptyParts);
    return parts.size() > 1 ? parts : QStringList();
}

void addSignatureQueries(Queries &queries, const Record &record, int place)
{
    const QStringList words = wordsOf(record.signature());
    for (int w = 0; w < words.size() && w < 4; ++w) {
        const QString &word = words.at(w);
        const int step = place % 3 + 1; // not every length of every word: the corpus would give thousands
        for (int length = 1; length <= word.size(); length += step)
            queries.add(word.left(length));
        queries.add(word);
        for (const QString &part : camelParts(word))
            queries.add(part.toLower());
    }
    if (words.size() >= 2)
        queries.add(words.at(0) + QLatin1Char(' ') + words.at(1).left(3));
    if (words.size() >= 3)
        queries.add(QLatin1Char('"') + words.mid(1, 2).join(QLatin1Char(' ')) + QLatin1Char('"'));
    queries.add(record.id().left(place % 7 + 2));
    if (place % 10 == 0) // the whole line, pasted
        queries.add(record.signature());
    const QString zh = record.signatureZh();
    if (!zh.isEmpty()) {
        queries.add(zh.left(1));
        queries.add(zh.left(2));
        queries.add(zh.mid(1, 3));
        queries.add(zh.left(4) + QLatin1Char(' ') + words.value(0));
    }
}

void addFilterQueries(Queries &queries, const std::vector<const Record *> &published)
{
    QSet<QString> seen;
    for (const Record *record : published) {
        const RecordFields fields = RecordFields::of(*record);
        const QString values[] = {
            QStringLiteral("domain:") + record->domain(), QStringLiteral("category:") + record->category(),
            QStringLiteral("tier:") + fields.verificationTier, QStringLiteral("resolvable:") + fields.resolvable};
        for (const QString &value : values) {
            if (!seen.contains(value) && seen.size() < 120) {
                seen.insert(value);
                queries.add(value);
                queries.add(value.toUpper());
                queries.add(wordsOf(record->signature()).value(0).left(4) + QLatin1Char(' ') + value);
            }
        }
    }
    for (const char *query : {"severity:error",
                              "severity:warning",
                              "severity:info",
                              "severity:fatal",
                              "has:zh",
                              "-has:zh",
                              "has:zh error",
                              "-has:zh error",
                              "fix<0.5",
                              "fix<=0.5",
                              "fix>0.8",
                              "fix>=0.8",
                              "fix=1",
                              "fix=0.9",
                              "fix<.3",
                              "confidence>0.7",
                              "confidence<=0.3",
                              "confidence=0.9",
                              "confidence>=0",
                              "is:stale",
                              "stale",
                              "stale file handle",
                              "Stale",
                              "\"stale\"",
                              "changed",
                              "is:changed",
                              "is:changed error",
                              "git:modified",
                              "git:new error",
                              "git:bogus",
                              "changed domain:python",
                              "stale -has:zh",
                              "domain:",
                              "has:",
                              "has:en",
                              "RuntimeError: CUDA",
                              "error fix>0.5 -has:zh",
                              "error severity:warning",
                              "-",
                              "->",
                              "\"\"",
                              "   ",
                              "zzzzqqqxx",
                              "domain:no-such-domain",
                              "error zzzzqqqxx",
                              "zzzzqqqxx error",
                              "\"out of memory\"",
                              "out of memory",
                              "ＣＵＤＡ",
                              "Ｅrror",
                              "café",
                              "ÉRROR",
                              "straße",
                              "ﬁle",
                              "npm ERR!",
                              "E",
                              "e",
                              "er",
                              "err",
                              "erro",
                              "error",
                              "errors",
                              "Error",
                              "ERROR",
                              "exception",
                              "Exception:",
                              "x",
                              "0",
                              "1",
                              "404",
                              "内存",
                              "内",
                              "错误",
                              "无法",
                              "梯度裁剪",
                              "tier:verified",
                              "fix>1",
                              "confidence<0",
                              "is:stale error",
                              "stale changed"})
        queries.add(QString::fromUtf8(query));
    // Folding, markup and ids of the varied KB (writeVaried).
    for (const char *query : {"ünï",
                              "unicode",
                              "ΣΑΣ",
                              "σας",
                              "σασ",
                              "ςας",
                              "ſ",
                              "strasse",
                              "straß",
                              "ǆ",
                              "ǅemo",
                              "ﬁ",
                              "fi",
                              "𐐨",
                              "𐐀",
                              "𠀀",
                              "𠀀𠀁",
                              "全角",
                              "wide",
                              "cuda",
                              "ｃｕｄａ",
                              "domain:ωmega",
                              "domain:Ωmega",
                              "domain:omega",
                              "category:kätegorie",
                              "category:kategorie",
                              "domain:ελληνικά",
                              "tier:Verified",
                              "resolvable:partial",
                              "xxxxxxxx",
                              "abababab",
                              "</script>",
                              "\"quoted\"",
                              "<b>",
                              "&",
                              "next",
                              "misc/dup",
                              "duplicate",
                              "parse",
                              "camel",
                              "incamelcase",
                              "misc/é",
                              "misc/e",
                              "Été",
                              "ete",
                              "../",
                              "final sigma",
                              "όσος",
                              "οσος"})
        queries.add(QString::fromUtf8(query));
}

// The process's peak resident memory (VmHWM) in KiB, 0 where /proc is absent.
qint64 peakKib()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return 0;
}

QByteArray json(const OrderedJson &value)
{
    return QByteArray::fromStdString(value.dump(1));
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.flush();
}

// The dump of one KB into `folder`; false on a write error.
bool dump(const QString &name, const QString &kbFolder, const QString &folder, bool withQueries = true)
{
    Test::SiteFixture fixture(kbFolder);
    const SiteContext &ctx = fixture.context();
    MemorySiteSink sink;
    const qint64 peakBefore = peakKib();
    QElapsedTimer timer;
    timer.start();
    SearchExport::write(ctx, sink);
    out() << name << ": SearchExport::write " << timer.elapsed() << " ms, peak memory " << peakBefore / 1024
          << " MiB before it, " << peakKib() / 1024 << " MiB after\n";
    Queries queries;
    if (!withQueries) { // the data alone
        out() << name << ": " << ctx.published.size() << " records; data/records.js "
              << sink.file(QStringLiteral("data/records.js")).size() << " bytes, data/search.js "
              << sink.file(QStringLiteral("data/search.js")).size() << " bytes\n";
        out().flush();
        return writeFile(folder + QStringLiteral("/data/records.js"), sink.file(QStringLiteral("data/records.js")))
            && writeFile(folder + QStringLiteral("/data/search.js"), sink.file(QStringLiteral("data/search.js")));
    }
    // At most 3,000 records give queries, evenly spread (a 50,000-record KB would give a million).
    const size_t stride = ctx.published.size() / 3000 + 1;
    for (size_t i = 0; i < ctx.published.size(); i += stride)
        addSignatureQueries(queries, *ctx.published[i], int(i / stride));
    addFilterQueries(queries, ctx.published);
    QSet<const Record *> published(ctx.published.cbegin(), ctx.published.cend());
    OrderedJson list = OrderedJson::array();
    for (const QString &text : queries.list()) {
        OrderedJson ids = OrderedJson::array();
        for (const SearchIndex::Hit &hit : ctx.index.search(SearchQuery::parse(text))) {
            const Record *record = ctx.index.entry(hit.entry).record;
            if (published.contains(record))
                ids.push_back(record->id().toStdString());
        }
        list.push_back({{"query", text.toStdString()}, {"ids", std::move(ids)}});
    }
    // resources/site/ as assets/ (search.js, search-ui.js and what the page shows itself with).
    const QDir site(QStringLiteral(ERRATA_SOURCE_DIR "/resources/site"));
    for (const QString &asset : site.entryList(QDir::Files)) {
        if (!writeFile(folder + QStringLiteral("/assets/") + asset, TestSupport::readFile(site.filePath(asset))))
            return false;
    }
    // The search pages too, to try the page in a browser.
    for (SiteLanguage language : siteLanguages) {
        if (!writeFile(folder + QLatin1Char('/') + languagePrefix(language) + QStringLiteral("search.html"),
                       SearchPage::render(ctx, language)))
            return false;
    }
    const QByteArray records = sink.file(QStringLiteral("data/records.js"));
    const QByteArray search = sink.file(QStringLiteral("data/search.js"));
    out() << name << ": " << ctx.published.size() << " records, " << queries.list().size()
          << " queries; data/records.js " << records.size() << " bytes, data/search.js " << search.size() << " bytes\n";
    out().flush();
    return writeFile(folder + QStringLiteral("/data/records.js"), records)
        && writeFile(folder + QStringLiteral("/data/search.js"), search)
        && writeFile(folder + QStringLiteral("/queries.json"), json(list));
}

// A small KB of the text that folds in unusual ways (accents, Greek final sigma, long s, ligatures, full-width
// letters, Deseret, Chinese beyond the Basic Multilingual Plane), non-ASCII ids and domains, markup and line
// separators, duplicate ids, findings, stale records and long words.
bool writeVaried(const QString &into)
{
    const QString common = QStringLiteral("\"domain\": \"misc\", \"category\": \"odd_error\"");
    const QString lineSeparator(QChar(0x2028));
    const QString longWords = QString(300, QLatin1Char('x')) + QLatin1Char(' ') + QStringLiteral("ab").repeated(100);
    const struct
    {
        const char *file;
        QString id;
        QString signature;
        QString more;
    } records[] = {
        {"a.json", QStringLiteral("misc/Été-Ünï"), QStringLiteral("Ünïcode ΣΑΣ ſtraße ǅemo ﬁle café"),
         QStringLiteral("\"domain\": \"Ωmega\", \"category\": \"Kätegorie\", \"verification_tier\": \"Verified\", "
                        "\"resolvable\": \"Partial\", \"fix_success_rate\": 0.5, \"confidence\": 1")},
        {"b.json", QStringLiteral("misc/full-width"), QStringLiteral("ＦＵＬＬ ｗｉｄｔｈ Error: ＣＵＤＡ"),
         common + QStringLiteral(", \"signature_zh\": \"梯度裁剪 错误 𠀀𠀁\", \"tags\": [\"全角\", \"Wide\"]")},
        {"c.json", QStringLiteral("misc/markup"),
         QStringLiteral("</script><!-- \"quoted\" & <b>bold</b>") + lineSeparator + QStringLiteral("next line"),
         common + QStringLiteral(", \"last_confirmed\": \"2020-01-01\", \"fix_success_rate\": 0")},
        {"d.json", QStringLiteral("misc/deseret"), QStringLiteral("𐐀𐐨 Deseret ParseIntError inCamelCaseWord"),
         common + QStringLiteral(", \"root_cause\": \"%1\", \"fix_success_rate\": 1").arg(longWords)},
        {"e.json", QStringLiteral("misc/dup"), QStringLiteral("duplicate one"), common},
        {"f.json", QStringLiteral("misc/dup"), QStringLiteral("duplicate two"), common},
        {"g.json", QStringLiteral("misc/no-domain"), QStringLiteral("missing fields error"),
         QStringLiteral("\"category\": \"x\"")},
        {"h.json", QStringLiteral("../x"), QStringLiteral("dot dot path"),
         common + QStringLiteral(", \"confidence\": 0.25")},
        {"i.json", QStringLiteral("misc/ΣΑΣ"), QStringLiteral("ΌΣΟΣ σας ς final sigma"),
         QStringLiteral("\"domain\": \"ελληνικά\", \"category\": \"γ\", \"last_confirmed\": \"2019-05-05\"")},
    };
    for (const auto &r : records) {
        OrderedJson json = OrderedJson::parse(QStringLiteral("{%1}").arg(r.more).toStdString());
        json["id"] = r.id.toStdString();
        json["signature"] = r.signature.toStdString();
        if (!writeFile(into + QLatin1Char('/') + QLatin1String(r.file), QByteArray::fromStdString(json.dump(2)) + '\n'))
            return false;
    }
    return true;
}

// The corpus converted in memory (as the benchmarks do), written as files for the KB to be opened as publish
// opens it: numbered, not named by id, so that no id ("../x") leads a file out of `into`.
bool writeCorpus(const QString &canons, const QString &into)
{
    const QDir root(into);
    int number = 0;
    for (const auto &record : LookupCorpus::convert(canons)) {
        const QString path = root.filePath(QStringLiteral("%1.json").arg(++number, 5, 10, QLatin1Char('0')));
        if (!writeFile(path, QByteArray::fromStdString(record->json().dump(2)) + '\n'))
            return false;
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() < 2) {
        std::fprintf(stderr, "usage: SearchParityDump OUT [--corpus DIR | --synthetic N]\n");
        return 2;
    }
    const QString outFolder = arguments.at(1);
    const int corpusAt = int(arguments.indexOf(QStringLiteral("--corpus")));
    const QString canons = corpusAt > 0 && corpusAt + 1 < arguments.size() ? arguments.at(corpusAt + 1)
                                                                           : LookupCorpus::defaultFolder();
    QDir(outFolder).removeRecursively();
    const int syntheticAt = int(arguments.indexOf(QStringLiteral("--synthetic")));
    if (syntheticAt > 0 && syntheticAt + 1 < arguments.size()) { // for the sizes in docs/site.md, not run by CTest
        QTemporaryDir synthetic;
        const SyntheticKnowledgeBase kb(arguments.at(syntheticAt + 1).toInt(), 1);
        return synthetic.isValid() && kb.write(synthetic.path())
                && dump(QStringLiteral("synthetic"), synthetic.path(), outFolder + QStringLiteral("/synthetic"), false)
            ? 0
            : 1;
    }
    if (!dump(QStringLiteral("sample"), Test::SiteFixture::sampleKb(), outFolder + QStringLiteral("/sample")))
        return 1;
    QTemporaryDir varied;
    if (!varied.isValid() || !writeVaried(varied.path())
        || !dump(QStringLiteral("varied"), varied.path(), outFolder + QStringLiteral("/varied")))
        return 1;
    if (!QFileInfo(canons).isDir()) {
        out() << "corpus: " << canons << " is absent: the sample KB only\n";
        return 0;
    }
    QTemporaryDir corpus;
    if (!corpus.isValid() || !writeCorpus(canons, corpus.path()))
        return 1;
    return dump(QStringLiteral("corpus"), corpus.path(), outFolder + QStringLiteral("/corpus")) ? 0 : 1;
}
