#include "models/quality/QualityModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/record/Record.h"
#include "models/session/KnowledgeBaseSession.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Errata;

namespace {

const QDate today(2026, 12, 1);

QJsonObject templateRecord()
{
    QFile file(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb/node/err-require-esm.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QJsonObject record(const QString &id, const QStringList &leadsTo = {})
{
    QJsonObject object = templateRecord();
    object.insert(QStringLiteral("id"), id);
    object.insert(QStringLiteral("domain"), id.section(QLatin1Char('/'), 0, 0));
    object.insert(QStringLiteral("last_confirmed"), QStringLiteral("2026-11-01"));
    QJsonObject graph = object.value(QStringLiteral("transition_graph")).toObject();
    QJsonArray links;
    for (const QString &target : leadsTo)
        links.append(QJsonObject{{QStringLiteral("error_id"), target}, {QStringLiteral("probability"), 0.5}});
    graph.insert(QStringLiteral("leads_to"), links);
    object.insert(QStringLiteral("transition_graph"), graph);
    return object;
}

bool write(const QString &root, const QJsonObject &object)
{
    const QString path = root + QLatin1Char('/') + object.value(QStringLiteral("id")).toString()
        + QStringLiteral(".json");
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(object).toJson()) > 0;
}

} // namespace

class QualityModelTest : public QObject
{
    Q_OBJECT

private slots:
    void countsEachKind();
};

void QualityModelTest::countsEachKind()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString root = dir.path();
    QVERIFY(write(root, record(QStringLiteral("alpha/a1"), {QStringLiteral("alpha/a2")})));
    QJsonObject a2 = record(QStringLiteral("alpha/a2"));
    a2.insert(QStringLiteral("last_confirmed"), QStringLiteral("2024-01-01"));
    QVERIFY(write(root, a2));
    QJsonObject a3 = record(QStringLiteral("alpha/a3"), {QStringLiteral("alpha/a1"), QStringLiteral("alpha/missing")});
    a3.insert(QStringLiteral("last_confirmed"), QStringLiteral("2024-02-01"));
    QVERIFY(write(root, a3));
    QJsonObject b1 = record(QStringLiteral("beta/b1"), {QStringLiteral("alpha/a1")});
    b1.insert(QStringLiteral("regex"), QStringLiteral("^nothing like it$"));
    QVERIFY(write(root, b1));
    QJsonObject b2 = record(QStringLiteral("beta/b2"));
    b2.insert(QStringLiteral("signature_zh"), b2.value(QStringLiteral("signature")));
    b2.remove(QStringLiteral("root_cause_zh"));
    QVERIFY(write(root, b2));
    QJsonObject b3 = record(QStringLiteral("beta/b3"));
    b3.insert(QStringLiteral("confidence"), 2);
    b3.remove(QStringLiteral("workarounds_zh"));
    QVERIFY(write(root, b3));

    KnowledgeBaseSession session;
    KnowledgeBaseSession::Options opening;
    opening.useCache = false;
    opening.today = today;
    session.read(root, opening);
    session.check();
    const KnowledgeBase &kb = session.knowledgeBase();
    QCOMPARE(kb.count(), 6);

    const QualityReport report = QualityModel::compute(kb, today);
    const QualityReport::Row &total = report.total;
    using Q = QualityReport;
    QCOMPARE(total.ids.at(Q::Records).size(), 6);
    QCOMPARE(total.ids.at(Q::Stale), (QStringList{QStringLiteral("alpha/a2"), QStringLiteral("alpha/a3")}));
    QCOMPARE(total.ids.at(Q::Untranslated),
             (QStringList{QStringLiteral("beta/b2"), QStringLiteral("beta/b2"), QStringLiteral("beta/b3")}));
    QCOMPARE(total.ids.at(Q::Dangling), QStringList{QStringLiteral("alpha/a3")});
    QCOMPARE(total.ids.at(Q::Orphans), (QStringList{QStringLiteral("beta/b2"), QStringLiteral("beta/b3")}));
    QCOMPARE(total.ids.at(Q::RegexSignature), QStringList{QStringLiteral("beta/b1")});
    QCOMPARE(total.ids.at(Q::Invalid), QStringList{QStringLiteral("beta/b3")});
    QCOMPARE(total.ids.at(Q::RegexErrors), QStringList{});
    QCOMPARE(report.byDomain.size(), 2);
    QCOMPARE(report.byDomain.at(0).domain, QStringLiteral("alpha"));
    QCOMPARE(report.byDomain.at(0).count(Q::Records), 3);
    QCOMPARE(report.byDomain.at(1).count(Q::Untranslated), 3);

    // The totals are the findings `errata validate` reports, rule by rule.
    QHash<QString, int> byRule;
    for (const Record *r : kb.records())
        for (const Problem &problem : kb.problems(r))
            ++byRule[problem.rule];
    QCOMPARE(total.count(Q::Stale), byRule.value(QStringLiteral("stale")));
    QCOMPARE(total.count(Q::Dangling), byRule.value(QStringLiteral("link-dangling")));
    QCOMPARE(total.count(Q::RegexSignature), byRule.value(QStringLiteral("regex-signature")));
    QCOMPARE(total.count(Q::Untranslated),
             byRule.value(QStringLiteral("zh-missing")) + byRule.value(QStringLiteral("untranslated")));

    QCOMPARE(total.findingsByRule.size(), byRule.size());
    for (auto it = byRule.cbegin(); it != byRule.cend(); ++it)
        QCOMPARE(total.findingsByRule.value(it.key()).size(), it.value());

    // Deterministic JSON with snake_case keys.
    const QJsonObject json = report.toJson();
    QCOMPARE(json.value(QStringLiteral("total")).toObject().value(QStringLiteral("stale")).toInt(), 2);
    QCOMPARE(QJsonDocument(json).toJson(), QJsonDocument(QualityModel::compute(kb, today).toJson()).toJson());
}

QTEST_GUILESS_MAIN(QualityModelTest)
#include "QualityModelTest.moc"
