// batch_lookup of `errata mcp`: one lookup_error answer per text, in the
// order given and the same as lookup_error's for that text; the limit per
// text; and the arguments refused (no text, too many, an item that is not
// a string, empty or longer than lookup_error takes), each said by name.

#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpTools.h"
#include "support/TestFiles.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray recordText(const QByteArray &id, const QByteArray &signature)
{
    return "{\"id\": \"" + id + "\", \"signature\": \"" + signature + "\", \"regex\": \"" + signature
        + "\", \"domain\": \"app\", \"category\": \"test\"}\n";
}

QString text(const QJsonObject &result)
{
    return result.value(u"content").toArray().at(0).toObject().value(u"text").toString();
}

} // namespace

class McpBatchLookupTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void oneAnswerPerTextInOrder();
    void limitPerText();
    void refuses_data();
    void refuses();

private:
    QJsonObject call(const QString &tool, const QJsonObject &arguments);

    QTemporaryDir m_dir;
    QTemporaryDir m_cache;
    McpKnowledgeBase m_kb;
};

void McpBatchLookupTest::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_cache.isValid());
    qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8());
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("app/disk-full.json")),
                      recordText("app/disk-full", "No space left on device")));
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("app/timeout.json")),
                      recordText("app/timeout", "Request timed out after")));
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("app/refused.json")),
                      recordText("app/refused", "Connection refused by peer")));
    QString error;
    QVERIFY2(m_kb.open(m_dir.path(), &error), qPrintable(error));
}

QJsonObject McpBatchLookupTest::call(const QString &tool, const QJsonObject &arguments)
{
    McpTools tools(m_kb);
    return tools.call(tool, arguments);
}

void McpBatchLookupTest::oneAnswerPerTextInOrder()
{
    const QStringList texts{QStringLiteral("write failed: No space left on device"), QStringLiteral("zzqx"),
                            QStringLiteral("curl: Request timed out after 30 seconds"),
                            QStringLiteral("write failed: No space left on device")};
    const QJsonObject result = call(QStringLiteral("batch_lookup"),
                                    QJsonObject{{QStringLiteral("texts"), QJsonArray::fromStringList(texts)}});
    QCOMPARE(result.value(u"isError"), QJsonValue(false));
    const QJsonObject structured = result.value(u"structuredContent").toObject();
    QCOMPARE(structured.value(u"incomplete"), QJsonValue(false));
    const QJsonArray answers = structured.value(u"results").toArray();
    QCOMPARE(answers.size(), texts.size());
    for (int i = 0; i < texts.size(); ++i) {
        const QJsonObject single = call(QStringLiteral("lookup_error"),
                                        QJsonObject{{QStringLiteral("error_message"), texts.at(i)}})
                                       .value(u"structuredContent")
                                       .toObject();
        QCOMPARE(answers.at(i).toObject(), single);
    }
    const auto first = [&](int i) {
        return answers.at(i).toObject().value(u"results").toArray().at(0).toObject().value(u"id").toString();
    };
    QCOMPARE(first(0), QStringLiteral("app/disk-full"));
    QVERIFY(answers.at(1).toObject().value(u"results").toArray().isEmpty());
    QCOMPARE(first(2), QStringLiteral("app/timeout"));
    QCOMPARE(first(3), QStringLiteral("app/disk-full"));
    const QString said = text(result);
    QVERIFY2(said.startsWith(u"Text 1:\n1. app/disk-full"), qPrintable(said));
    QVERIFY2(said.contains(u"Text 2:\nNo record is like this error."), qPrintable(said));
    QVERIFY2(said.contains(u"Text 4:\n1. app/disk-full"), qPrintable(said));
}

void McpBatchLookupTest::limitPerText()
{
    // The first text holds the three signatures: every record is like it.
    const QJsonArray texts{
        QStringLiteral("No space left on device; Request timed out after; Connection refused by peer"),
        QStringLiteral("Connection refused by peer")};
    const QJsonObject one = call(QStringLiteral("batch_lookup"),
                                 QJsonObject{{QStringLiteral("texts"), texts}, {QStringLiteral("limit"), 1}})
                                .value(u"structuredContent")
                                .toObject();
    for (const QJsonValue &answer : one.value(u"results").toArray())
        QCOMPARE(answer.toObject().value(u"results").toArray().size(), 1);
    const QJsonObject many = call(QStringLiteral("batch_lookup"), QJsonObject{{QStringLiteral("texts"), texts}})
                                 .value(u"structuredContent")
                                 .toObject();
    QCOMPARE(many.value(u"results").toArray().at(0).toObject().value(u"results").toArray().size(), 3);
}

void McpBatchLookupTest::refuses_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("message");
    QJsonArray many;
    for (int i = 0; i < 21; ++i)
        many.append(QStringLiteral("error %1").arg(i));
    QTest::newRow("no texts") << QJsonObject() << "\"texts\" is required";
    QTest::newRow("none") << QJsonObject{{QStringLiteral("texts"), QJsonArray()}} << "\"texts\" needs at least 1 item";
    QTest::newRow("21") << QJsonObject{{QStringLiteral("texts"), many}} << "\"texts\" takes at most 20 items, not 21";
    QTest::newRow("a string") << QJsonObject{{QStringLiteral("texts"), QStringLiteral("error")}}
                              << "\"texts\" must be of type array";
    QTest::newRow("a number in it") << QJsonObject{{QStringLiteral("texts"), QJsonArray{QStringLiteral("error"), 3}}}
                                    << "\"texts[1]\" must be of type string";
    QTest::newRow("an empty one") << QJsonObject{{QStringLiteral("texts"), QJsonArray{QString()}}}
                                  << "\"texts[0]\" must not be empty";
    QTest::newRow("too long") << QJsonObject{{QStringLiteral("texts"),
                                              QJsonArray{QStringLiteral("a"), QString(1048577, QLatin1Char('x'))}}}
                              << "\"texts[1]\" is longer than 1048576 characters";
    QTest::newRow("limit 51") << QJsonObject{{QStringLiteral("texts"), QJsonArray{QStringLiteral("a")}},
                                             {QStringLiteral("limit"), 51}}
                              << "\"limit\" must be at most 50";
}

void McpBatchLookupTest::refuses()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, message);
    const QJsonObject result = call(QStringLiteral("batch_lookup"), arguments);
    QCOMPARE(result.value(u"isError"), QJsonValue(true));
    QVERIFY2(text(result).contains(message), qPrintable(text(result)));
}

QTEST_GUILESS_MAIN(McpBatchLookupTest)
#include "McpBatchLookupTest.moc"
