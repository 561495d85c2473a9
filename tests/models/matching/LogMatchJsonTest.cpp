// LogMatchJson: the answer of `errata match --format json` (and of the HTTP
// server) on a KB read from a folder: the keys, each match with its file
// and lines, an id held by two files, long lines cut at LineTextLimit
// characters without splitting a surrogate pair.

#include "models/matching/LogMatchJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/matching/LogMatcher.h"
#include "support/TestFiles.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray recordText(const QByteArray &id, const QByteArray &regex)
{
    return "{\"id\": \"" + id + "\", \"signature\": \"" + regex + "\", \"regex\": \"" + regex
        + "\", \"domain\": \"app\", \"category\": \"test\"}\n";
}

} // namespace

class LogMatchJsonTest : public QObject
{
    Q_OBJECT

private slots:
    void matchesOfAKb();
    void cutKeepsSurrogatePairs();
};

void LogMatchJsonTest::matchesOfAKb()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(
        writeFile(dir.filePath(QStringLiteral("app/disk-full.json")), recordText("app/disk-full", "No space left")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("app/timeout.json")), recordText("app/timeout", "timed out")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("app/copy.json")), recordText("app/timeout", "timed out")));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    QCOMPARE(kb.count(), 3);
    LogMatcher matcher;
    matcher.build(kb, LogMatcher::Options());
    const QString longLine = QString(400, QLatin1Char('x')) + QStringLiteral(" No space left");
    const LogMatchResult result = matcher.match((QStringLiteral("start\n") + longLine + QLatin1Char('\n')).toUtf8());
    QCOMPARE(result.matches.size(), 1);

    const QJsonObject json = LogMatchJson::toJson(kb, result);
    QCOMPARE(json.keys(),
             QStringList({QStringLiteral("cut_short"), QStringLiteral("duplicate_ids"), QStringLiteral("matches"),
                          QStringLiteral("note"), QStringLiteral("regex_budget_seconds"),
                          QStringLiteral("run_budget_seconds"), QStringLiteral("skipped"), QStringLiteral("summary"),
                          QStringLiteral("used_fallback")}));
    const QJsonObject match = json.value(u"matches").toArray().at(0).toObject();
    QCOMPARE(match.value(u"id").toString(), QStringLiteral("app/disk-full"));
    QCOMPARE(match.value(u"file").toString(), QStringLiteral("app/disk-full.json"));
    QCOMPARE(match.value(u"regex").toString(), QStringLiteral("No space left"));
    QCOMPARE(match.value(u"line_count").toInt(), 1);
    const QJsonObject line = match.value(u"lines").toArray().at(0).toObject();
    QCOMPARE(line.value(u"line").toInt(), 2);
    QCOMPARE(line.value(u"start_column").toInt(), 402); // 1-based, after 400 x and a space
    QCOMPARE(line.value(u"text").toString().size(), LogMatchJson::LineTextLimit);
    QVERIFY(line.value(u"text_cut").toBool());
    QCOMPARE(line.value(u"match").toString(), QStringLiteral("No space left"));
    QVERIFY(!line.value(u"match_cut").toBool());

    const QJsonArray duplicates = json.value(u"duplicate_ids").toArray();
    QCOMPARE(duplicates.size(), 1);
    QCOMPARE(duplicates.at(0).toObject().value(u"id").toString(), QStringLiteral("app/timeout"));
    QCOMPARE(duplicates.at(0).toObject().value(u"files").toArray(),
             QJsonArray({QStringLiteral("app/copy.json"), QStringLiteral("app/timeout.json")}));
    QCOMPARE(LogMatchJson::duplicateIds(kb), QStringList{QStringLiteral("app/timeout")});

    const QJsonObject summary = json.value(u"summary").toObject();
    QCOMPARE(summary.value(u"records").toInt(), result.regexCount);
    QCOMPARE(summary.value(u"matched").toInt(), 1);
    QCOMPARE(summary.value(u"lines").toInt(), 2);
    QCOMPARE(summary.value(u"bytes").toInteger(), qint64(result.logBytes));
    QVERIFY(!json.value(u"used_fallback").toBool());
}

void LogMatchJsonTest::cutKeepsSurrogatePairs()
{
    bool wasCut = true;
    QCOMPARE(LogMatchJson::cut(QStringLiteral("short"), &wasCut), QStringLiteral("short"));
    QVERIFY(!wasCut);
    const QString exact(LogMatchJson::LineTextLimit, QLatin1Char('a'));
    QCOMPARE(LogMatchJson::cut(exact, &wasCut), exact);
    QVERIFY(!wasCut);
    // A pair across the limit is left out whole, never cut in half.
    const QString emoji = QString::fromUcs4(U"\U0001F600");
    const QString pair = QString(LogMatchJson::LineTextLimit - 1, QLatin1Char('a')) + emoji + QStringLiteral("b");
    const QString cut = LogMatchJson::cut(pair, &wasCut);
    QVERIFY(wasCut);
    QCOMPARE(cut.size(), LogMatchJson::LineTextLimit - 1);
    QVERIFY(!cut.back().isHighSurrogate());
    const QString before = QString(LogMatchJson::LineTextLimit - 2, QLatin1Char('a')) + emoji + QStringLiteral("b");
    QCOMPARE(LogMatchJson::cut(before), QString(LogMatchJson::LineTextLimit - 2, QLatin1Char('a')) + emoji);
}

QTEST_GUILESS_MAIN(LogMatchJsonTest)
#include "LogMatchJsonTest.moc"
