// LookupEngine: the ranking rules of docs/record-format.md ("Lookup") on
// small KBs made for each rule, and what each hit says of why it was chosen.

#include "models/lookup/LookupEngine.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/LookupIndex.h"
#include "models/record/Record.h"

#include <QElapsedTimer>
#include <QTest>

#include <memory>

using namespace Errata;

namespace {

struct Fields
{
    const char *id;
    const char *signature;
    const char *regex;
    const char *signatureZh = "";
    double fixRate = 0.5;
};

OrderedJson recordJson(const Fields &fields)
{
    const QString id = QString::fromUtf8(fields.id);
    return OrderedJson{{"id", fields.id},
                       {"signature", fields.signature},
                       {"signature_zh", fields.signatureZh},
                       {"regex", fields.regex},
                       {"domain", id.section(QLatin1Char('/'), 0, 0).toStdString()},
                       {"category", "test"},
                       {"root_cause", "Something went wrong."},
                       {"fix_success_rate", fields.fixRate}};
}

// A KB in memory and its lookup index.
class Kb
{
public:
    explicit Kb(const QList<Fields> &records)
    {
        for (const Fields &fields : records) {
            auto record = std::make_unique<Record>();
            record->setJson(recordJson(fields));
            kb.add(std::move(record));
        }
        index.build(kb);
    }

    LookupResult lookup(const QString &text) const { return LookupEngine(index).lookup(text); }
    QStringList ids(const QString &text) const
    {
        QStringList ids;
        for (const LookupResult::Hit &hit : lookup(text).hits)
            ids << hit.id;
        return ids;
    }

    KnowledgeBase kb;
    LookupIndex index;
};

const QList<Fields> Noise{
    {"net/timeout/http-linux", "Request timed out after N seconds", "Request timed out"},
    {"db/deadlock/pg16-linux", "ERROR: deadlock detected", "deadlock detected"},
    {"git/rejected/git2-linux", "! [rejected] main -> main (non-fast-forward)", "\\[rejected\\].*non-fast-forward"},
    {"java/npe/jdk17-linux", "java.lang.NullPointerException", "NullPointerException"},
};

} // namespace

class LookupEngineTest : public QObject
{
    Q_OBJECT

private slots:
    void exactRegexBeatsWordOverlap()
    {
        Kb kb(Noise
              + QList<Fields>{
                  {"disk/quota/linux", "Disk quota exceeded", "Disk quota exceeded"},
                  {"disk/user-quota/linux", "quota for user exceeded on disk while writing file", "^never matches$"}});
        const LookupResult result = kb.lookup(QStringLiteral("write failed: Disk quota exceeded for user on disk"));
        QVERIFY(result.hits.size() >= 2);
        QCOMPARE(result.hits.at(0).id, QStringLiteral("disk/quota/linux"));
        QCOMPARE(result.hits.at(0).why.regex, LookupResult::AsWritten);
        QCOMPARE(result.hits.at(0).band, LookupResult::Exact);
        QCOMPARE(result.hits.at(1).why.regex, LookupResult::NoRegex);
    }

    void regexIgnoringCaseStillCounts()
    {
        Kb kb(Noise + QList<Fields>{{"k8s/crashloop/k8s1-linux", "CrashLoopBackOff", "CrashLoopBackOff"}});
        const LookupResult result = kb.lookup(QStringLiteral("pod web-1 status crashloopbackoff"));
        QVERIFY(!result.hits.isEmpty());
        QCOMPARE(result.hits.at(0).id, QStringLiteral("k8s/crashloop/k8s1-linux"));
        QCOMPARE(result.hits.at(0).why.regex, LookupResult::IgnoringCase);
        QVERIFY(result.hits.at(0).band <= LookupResult::Likely);
    }

    // Two records of one error in other environments: the text's says which.
    void environmentBreaksTies()
    {
        const QList<Fields> twins{
            {"python/unhashable/py311-linux", "TypeError: unhashable type: 'list'", "unhashable type: 'list'"},
            {"python/unhashable/py310-macos", "TypeError: unhashable type: 'list'", "unhashable type: 'list'"}};
        Kb kb(Noise + twins);
        const QString error = QStringLiteral("TypeError: unhashable type: 'list'");
        QCOMPARE(kb.ids(QStringLiteral("Python 3.10.12 on macOS\n") + error).value(0),
                 QStringLiteral("python/unhashable/py310-macos"));
        QCOMPARE(kb.ids(QStringLiteral("Python 3.11.4 (linux)\n") + error).value(0),
                 QStringLiteral("python/unhashable/py311-linux"));
        const LookupResult result = kb.lookup(QStringLiteral("Python 3.10.12 on macOS\n") + error);
        QVERIFY(result.hits.at(0).why.environment.contains(QStringLiteral("python3.10")));
        QVERIFY(result.hits.at(0).why.environment.contains(QStringLiteral("os:macos")));
    }

    // With nothing else to go by, the record whose fixes work more often.
    void fixRateBreaksExactTies()
    {
        Kb kb(QList<Fields>{{"one/same/x", "Widget overflow detected", "Widget overflow", "", 0.3},
                            {"two/same/x", "Widget overflow detected", "Widget overflow", "", 0.9}});
        const LookupResult result = kb.lookup(QStringLiteral("Widget overflow detected"));
        QCOMPARE(result.hits.size(), 2);
        QCOMPARE(result.hits.at(0).score, result.hits.at(1).score);
        QCOMPARE(result.hits.at(0).id, QStringLiteral("two/same/x"));
    }

    // A broad regex that matches a stray line does not outrank the record
    // the error is about, even when that one's regex does not match.
    void broadRegexDoesNotWinOnAStrayLine()
    {
        Kb kb(Noise
              + QList<Fields>{{"comm/retry/any", "Retry storm: cascading retries overwhelming service", "retry"},
                              {"node/heap/node20-linux",
                               "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
                               "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory$"}});
        const QString text = QStringLiteral("INFO will retry in 5s\n"
                                            "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out");
        const LookupResult result = kb.lookup(text);
        QVERIFY(!result.hits.isEmpty());
        QCOMPARE(result.hits.at(0).id, QStringLiteral("node/heap/node20-linux"));
        QCOMPARE(result.hits.at(0).why.regex, LookupResult::NoRegex);
    }

    // A text cut short: the right record's own regex no longer matches, a
    // broader one of a sibling does, and it describes both; the words decide.
    void regexCountsForEveryRecordItDescribes()
    {
        Kb kb(Noise
              + QList<Fields>{{"python/too-many/py311", "ValueError: too many values to unpack (expected 2)",
                               "ValueError: .*values to unpack"},
                              {"python/not-enough/py311", "ValueError: not enough values to unpack (expected 3, got 2)",
                               "not enough values to unpack \\(expected \\d+, got \\d+\\)"}});
        const LookupResult result = kb.lookup(QStringLiteral("ValueError: not enough values to unpack (expected…"));
        QCOMPARE(result.hits.value(0).id, QStringLiteral("python/not-enough/py311"));
        QCOMPARE(result.hits.at(0).why.regex, LookupResult::AsWritten);
        QCOMPARE(result.hits.at(0).why.regexRecord, QStringLiteral("python/too-many/py311"));
        QCOMPARE(result.hits.value(1).id, QStringLiteral("python/too-many/py311"));
        QVERIFY(result.hits.at(1).why.regexRecord.isEmpty());
    }

    // An error line with no word of failure, in a longer log, is still found
    // by its regex.
    void regexFindsAnUnmarkedLine()
    {
        Kb kb(Noise
              + QList<Fields>{
                  {"sec/bypass/any", "Rate limit bypassed via header manipulation", "Rate limit bypassed via \\w+"}});
        const QString text = QStringLiteral("##[error]Process completed with exit code 1.\n"
                                            "INFO a\nWARN request failed, retrying\n"
                                            "Rate limit bypassed via X-Forwarded-For\nINFO b\n");
        const LookupResult result = kb.lookup(text);
        QCOMPARE(result.hits.value(0).id, QStringLiteral("sec/bypass/any"));
        QCOMPARE(result.hits.at(0).why.regexLine, 4);
    }

    void variablePartsChangedStillExact()
    {
        Kb kb(Noise
              + QList<Fields>{{"python/oom/torch2-linux",
                               "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 10.00 GiB total)",
                               "CUDA out of memory\\. Tried to allocate \\d+\\.\\d+ GiB"}});
        const LookupResult result = kb.lookup(
            QStringLiteral("RuntimeError: CUDA out of memory. Tried to allocate 13.75 GiB (GPU 3; 79.15 GiB total)"));
        QCOMPARE(result.hits.value(0).id, QStringLiteral("python/oom/torch2-linux"));
        QCOMPARE(result.hits.at(0).band, LookupResult::Exact);
        QVERIFY(result.hits.at(0).why.coverage > 0.95);
    }

    void chineseTextFindsTheChineseSignature()
    {
        Kb kb(Noise
              + QList<Fields>{{"pytorch/nan/pt2", "RuntimeError: Loss is NaN at step 500", "Loss is NaN",
                               "RuntimeError: 在第 500 步损失为 NaN，训练中断"},
                              {"pytorch/grad/pt2", "Gradient overflow", "Gradient overflow", "梯度溢出，跳过本步"}});
        const LookupResult result = kb.lookup(QStringLiteral("第 1200 步损失为 NaN，训练中断"));
        QCOMPARE(result.hits.value(0).id, QStringLiteral("pytorch/nan/pt2"));
    }

    void whySaysWhichRegexLineAndWords()
    {
        Kb kb(Noise
              + QList<Fields>{{"git/ownership/git2-linux", "fatal: detected dubious ownership in repository at 'X'",
                               "detected dubious ownership in repository"}});
        const QString text = QStringLiteral("$ git status\n"
                                            "warning: something else\n"
                                            "INFO hello\n"
                                            "INFO hello again\n"
                                            "fatal: detected dubious ownership in repository at '/srv/repo'\n");
        const LookupResult result = kb.lookup(text);
        QCOMPARE(result.hits.value(0).id, QStringLiteral("git/ownership/git2-linux"));
        const LookupResult::Why &why = result.hits.at(0).why;
        QCOMPARE(why.regexLine, 5);
        QCOMPARE(why.regexMatch, QStringLiteral("detected dubious ownership in repository"));
        QVERIFY(why.sharedWords.contains(QStringLiteral("dubious")));
        QVERIFY(result.errorLines.contains(5));
        QVERIFY(!result.errorLines.contains(3));
    }

    void unrelatedTextFindsNothing()
    {
        Kb kb(Noise);
        QVERIFY(kb.lookup(QStringLiteral("the weather is lovely today")).hits.isEmpty());
        QVERIFY(kb.lookup(QString()).hits.isEmpty());
    }

    // More records than text candidates: 200 of one score (a longer
    // signature) come first in the index, then 50 of a better one. The 150 of the lower score kept
    // are the first ones in the index's entry order, whatever the sort does.
    void equalTextScoresKeepEntryOrderAtTheCut()
    {
        QList<QByteArray> ids;
        for (int i = 0; i < 200; ++i)
            ids << QStringLiteral("tie/low/r%1").arg(i, 3, 10, QLatin1Char('0')).toUtf8();
        for (int i = 0; i < 50; ++i)
            ids << QStringLiteral("tie/high/r%1").arg(i, 3, 10, QLatin1Char('0')).toUtf8();
        QList<Fields> records;
        for (int i = 0; i < ids.size(); ++i)
            records.append(
                {ids.at(i).constData(),
                 i < 200 ? "Widget frobnication failed quietly on the spindle" : "Widget frobnication failed quietly",
                 ""});
        Kb kb(records);
        QStringList expected;
        for (int i = 200; i < 250; ++i)
            expected << QString::fromUtf8(ids.at(i));
        for (int i = 0; i < 150; ++i)
            expected << QString::fromUtf8(ids.at(i));
        const LookupResult result = LookupEngine(kb.index).lookup(QStringLiteral("Widget frobnication failed quietly"),
                                                                  1000);
        QStringList got;
        for (const LookupResult::Hit &hit : result.hits)
            got << hit.id;
        QCOMPARE(got, expected);
    }

    void limitCutsTheList()
    {
        Kb kb(Noise);
        const LookupResult result = LookupEngine(kb.index).lookup(QStringLiteral("error timed out deadlock rejected"),
                                                                  2);
        QCOMPARE(result.hits.size(), 2);
    }

    // A regex that RE2 rejects is skipped, not fatal, and the record can
    // still be found by its words.
    void invalidRegexIsOnlyNotRun()
    {
        Kb kb(Noise + QList<Fields>{{"x/bad/any", "Frobnicator jammed", "(?<=Frob)nicator"}});
        const LookupResult result = kb.lookup(QStringLiteral("Frobnicator jammed"));
        QCOMPARE(result.hits.value(0).id, QStringLiteral("x/bad/any"));
        QCOMPARE(result.hits.at(0).why.regex, LookupResult::NoRegex);
    }

    // The keys that decide which regexes run must never leave out one that
    // matches: escapes with an argument are no literal text.
    void regexWithEscapesIsRun()
    {
        Kb kb(Noise + QList<Fields>{{"x/escape/any", "Job failed", "\\x41BC job \\pL+ed"}});
        const LookupResult result = kb.lookup(QStringLiteral("ABC job failed"));
        QCOMPARE(result.hits.value(0).id, QStringLiteral("x/escape/any"));
        QCOMPARE(result.hits.at(0).why.regex, LookupResult::AsWritten);
    }

    void indexFollowsEdits()
    {
        Kb kb(Noise);
        Record *record = kb.kb.recordAt(0);
        OrderedJson json = record->json();
        json["signature"] = "Quantum flux capacitor misaligned";
        json["regex"] = "flux capacitor";
        kb.kb.replaceJson(record, json);
        kb.index.update(record, LookupDocument::of(*record));
        QCOMPARE(kb.ids(QStringLiteral("flux capacitor misaligned")).value(0), record->id());
        kb.index.remove(record);
        QVERIFY(!kb.ids(QStringLiteral("flux capacitor misaligned")).contains(record->id()));
        QCOMPARE(kb.index.liveCount(), int(Noise.size()) - 1);
    }

    void cacheRoundTrip()
    {
        Kb kb(Noise);
        std::vector<const Record *> records;
        for (int i = 0; i < kb.kb.count(); ++i)
            records.push_back(kb.kb.recordAt(i));
        QByteArray bytes;
        {
            QDataStream out(&bytes, QIODevice::WriteOnly);
            kb.index.write(out, records);
        }
        LookupIndex copy;
        QDataStream in(bytes);
        QVERIFY(copy.read(in, records));
        const QString text = QStringLiteral("ERROR: deadlock detected while waiting for ShareLock");
        const LookupResult a = LookupEngine(kb.index).lookup(text);
        const LookupResult b = LookupEngine(copy).lookup(text);
        QCOMPARE(a.hits.size(), b.hits.size());
        for (int i = 0; i < a.hits.size(); ++i) {
            QCOMPARE(a.hits.at(i).id, b.hits.at(i).id);
            QCOMPARE(a.hits.at(i).score, b.hits.at(i).score);
        }
        // A damaged length is refused, not allocated.
        for (int at : {0, 4, 8, int(bytes.size()) / 2}) {
            QByteArray damaged = bytes;
            damaged.replace(at, 4, QByteArray("\x7f\xff\xff\xf0", 4));
            LookupIndex index;
            QDataStream in(damaged);
            index.read(in, records); // may be refused or read as other words; never a crash
        }
        // Every cut of the stream is refused, never half read.
        for (int cut = 0; cut < bytes.size(); cut += 7) {
            LookupIndex damaged;
            QDataStream truncated(bytes.left(cut));
            QVERIFY(!damaged.read(truncated, records));
            QCOMPARE(damaged.size(), 0);
        }
    }

    // Four regexes that defeat RE2's DFA on a 256 KiB paste (seconds each,
    // as written and ignoring case), with budgets of 50 ms per regex and
    // 150 ms in all: the lookup ends soon after, names each record whose
    // regex was stopped or not searched, and still finds the record the
    // paste's last line is about.
    void slowRegexesAreStoppedAndNamed()
    {
        QList<Fields> records = Noise;
        records << Fields{"slow/dfa-0", "Zorblax frobnicated", "[a-q][^u-z]{60}x"}
                << Fields{"slow/dfa-1", "Zorblax frobnicated", "[a-q][^u-z]{61}x"}
                << Fields{"slow/dfa-2", "Zorblax frobnicated", "[a-q][^u-z]{62}x"}
                << Fields{"slow/dfa-3", "Zorblax frobnicated", "[a-q][^u-z]{63}x"};
        const Kb kb(records);
        const char letters[] = "abcdefghijklmnopq0123456789 :/._-";
        QString text;
        for (quint32 seed = 1; text.size() < 250000; seed = seed * 1103515245 + 12345)
            text += (seed >> 16) % 101 == 0 ? QLatin1Char('\n')
                                            : QLatin1Char(letters[(seed >> 16) % (sizeof(letters) - 1)]);
        text += QStringLiteral("\nERROR: deadlock detected\n");
        QElapsedTimer timer;
        timer.start();
        const LookupResult result = LookupEngine(kb.index, LookupEngine::Budgets{50, 150}).lookup(text);
        const qint64 ms = timer.elapsed();
        qInfo("a 250 KB paste, 4 regexes that defeat the DFA, 50 ms each and 150 ms in all: %lld ms", ms);
        QVERIFY2(ms < 3000, qPrintable(QString::number(ms)));
        QCOMPARE(result.regexBudgetSeconds, 0.05);
        QCOMPARE(result.runBudgetSeconds, 0.15);
        QVERIFY(result.isIncomplete());
        QStringList cut;
        for (const LogMatchResult::CutShort &regex : result.cutShort) {
            cut << regex.recordId;
            QVERIFY2(regex.reason.startsWith(QLatin1String("too slow"))
                         || regex.reason.contains(QLatin1String("whole search")),
                     qPrintable(regex.reason));
        }
        // Each slow regex is named; a quick one may be too, as not searched, when
        // its turn came after the whole lookup's budget was spent.
        for (const QString &id : {QStringLiteral("slow/dfa-0"), QStringLiteral("slow/dfa-1"),
                                  QStringLiteral("slow/dfa-2"), QStringLiteral("slow/dfa-3")})
            QVERIFY2(cut.contains(id), qPrintable(cut.join(QLatin1Char(' '))));
        for (const LogMatchResult::CutShort &regex : result.cutShort) {
            if (!regex.recordId.startsWith(QLatin1String("slow/")))
                QVERIFY2(regex.runBudget && !regex.searched,
                         qPrintable(regex.recordId + QLatin1Char(' ') + regex.reason));
        }
        QVERIFY(!result.hits.isEmpty());
        QCOMPARE(result.hits.first().id, QStringLiteral("db/deadlock/pg16-linux"));

        // Without budgets nothing is cut (a short text: fast whatever the regex).
        const LookupResult small =
            LookupEngine(kb.index, LookupEngine::Budgets{}).lookup(QStringLiteral("ERROR: deadlock detected"));
        QVERIFY(!small.isIncomplete());
        QCOMPARE(small.regexBudgetSeconds, 0.0);
    }
};

QTEST_GUILESS_MAIN(LookupEngineTest)
#include "LookupEngineTest.moc"
