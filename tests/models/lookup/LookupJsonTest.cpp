// LookupJson: the answer of `errata lookup --format json` (and of the HTTP
// server) for a lookup result made by hand and for one LookupEngine gave:
// the keys, the values of each hit, null for an empty text, no "input".

#include "models/lookup/LookupJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupIndex.h"
#include "models/record/Record.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <memory>

using namespace Errata;

class LookupJsonTest : public QObject
{
    Q_OBJECT

private slots:
    void resultMadeByHand();
    void resultOfTheEngine();
};

void LookupJsonTest::resultMadeByHand()
{
    LookupResult result;
    result.errorText = QStringLiteral("Error: disk full");
    result.regexBudgetSeconds = 1.5;
    result.runBudgetSeconds = 4.5;
    LookupResult::Hit hit;
    hit.id = QStringLiteral("app/disk-full");
    hit.signature = QStringLiteral("No space left on device");
    hit.domain = QStringLiteral("app");
    hit.score = 0.75;
    hit.band = LookupResult::Likely;
    hit.fixRate = 0.5; // not part of the CLI's answer
    hit.why.sharedWords = QStringList{QStringLiteral("disk")};
    result.hits << hit;
    LogMatchResult::CutShort cut;
    cut.recordId = QStringLiteral("app/slow");
    cut.reason = QStringLiteral("stopped");
    result.cutShort << cut;

    const QJsonObject json = LookupJson::toJson(result);
    QCOMPARE(json.keys(),
             QStringList({QStringLiteral("cut_short"), QStringLiteral("query"), QStringLiteral("regex_budget_seconds"),
                          QStringLiteral("results"), QStringLiteral("run_budget_seconds")}));
    QCOMPARE(json.value(u"query").toString(), result.errorText);
    QCOMPARE(json.value(u"regex_budget_seconds").toDouble(), 1.5);
    QCOMPARE(json.value(u"run_budget_seconds").toDouble(), 4.5);
    const QJsonObject first = json.value(u"results").toArray().at(0).toObject();
    QCOMPARE(first.keys(),
             QStringList({QStringLiteral("band"), QStringLiteral("domain"), QStringLiteral("id"),
                          QStringLiteral("score"), QStringLiteral("signature"), QStringLiteral("why")}));
    QCOMPARE(first.value(u"id").toString(), hit.id);
    QCOMPARE(first.value(u"band").toString(), QStringLiteral("likely"));
    QCOMPARE(first.value(u"score").toDouble(), 0.75);
    QCOMPARE(first.value(u"signature").toString(), hit.signature);
    QCOMPARE(first.value(u"domain").toString(), hit.domain);
    QCOMPARE(first.value(u"why").toObject(), LookupResult::toJson(hit.why));
    QVERIFY(first.value(u"why").toObject().value(u"regex").isNull()); // no regex matched: null, not ""
    QCOMPARE(json.value(u"cut_short").toArray(), LookupResult::cutShortJson(result.cutShort));
    QCOMPARE(json.value(u"cut_short").toArray().at(0).toObject().value(u"id").toString(), QStringLiteral("app/slow"));
}

void LookupJsonTest::resultOfTheEngine()
{
    KnowledgeBase kb;
    for (const char *id : {"app/disk-full", "app/timeout"}) {
        auto record = std::make_unique<Record>();
        const bool disk = QByteArray(id) == "app/disk-full";
        record->setJson(OrderedJson{{"id", id},
                                    {"signature", disk ? "No space left on device" : "Request timed out"},
                                    {"regex", disk ? "No space left on device" : "Request timed out"},
                                    {"domain", "app"},
                                    {"category", "test"}});
        kb.add(std::move(record));
    }
    LookupIndex index;
    index.build(kb);
    const LookupResult result = LookupEngine(index).lookup(QStringLiteral("write failed: No space left on device"), 5);
    QVERIFY(!result.hits.isEmpty());
    const QJsonObject json = LookupJson::toJson(result);
    const QJsonArray results = json.value(u"results").toArray();
    QCOMPARE(results.size(), result.hits.size());
    for (int i = 0; i < results.size(); ++i) {
        QCOMPARE(results.at(i).toObject().value(u"id").toString(), result.hits.at(i).id);
        QCOMPARE(results.at(i).toObject().value(u"score").toDouble(), result.hits.at(i).score);
    }
    QCOMPARE(results.at(0).toObject().value(u"id").toString(), QStringLiteral("app/disk-full"));
    QCOMPARE(results.at(0).toObject().value(u"band").toString(), QStringLiteral("exact"));
    QVERIFY(!json.contains(u"input"));
    QVERIFY(json.value(u"cut_short").toArray().isEmpty());
}

QTEST_GUILESS_MAIN(LookupJsonTest)
#include "LookupJsonTest.moc"
