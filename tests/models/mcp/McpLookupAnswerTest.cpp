// McpLookupAnswer: lookup_error's and batch_lookup's results written as JSON
// text: valid JSON whatever a signature holds (quotes, control characters,
// Chinese, a lone surrogate), the keys and values of the structured content,
// the text content with its hint and incomplete lines, structuredContent left
// out when asked; and McpServer::resultLine for such a text the same line as
// for the object.

#include "models/mcp/McpLookupAnswer.h"
#include "models/mcp/McpServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Errata;

namespace {

LookupResult handMade(const QString &signature)
{
    LookupResult result;
    result.errorText = QStringLiteral("Error: ") + signature;
    LookupResult::Hit hit;
    hit.id = QStringLiteral("app/odd");
    hit.signature = signature;
    hit.domain = QStringLiteral("app");
    hit.score = 0.875;
    hit.band = LookupResult::Exact;
    hit.fixRate = 0.5;
    hit.why.regex = LookupResult::IgnoringCase;
    hit.why.regexLine = 2;
    hit.why.regexMatch = signature.left(10);
    hit.why.sharedWords = QStringList{QStringLiteral("odd"), QStringLiteral("quote\"d")};
    hit.why.environment = QStringList{QStringLiteral("linux")};
    hit.why.coverage = 1;
    result.hits << hit;
    LookupResult::Hit other = hit;
    other.id = QStringLiteral("app/plain");
    other.signature = QStringLiteral("plain");
    other.band = LookupResult::Related;
    other.fixRate = -1;
    other.why = LookupResult::Why();
    result.hits << other;
    return result;
}

QJsonObject parsed(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON (%s at %d): %s", qPrintable(error.errorString()), error.offset, text.constData());
    return document.object();
}

QString contentText(const QJsonObject &result)
{
    return result.value(u"content").toArray().at(0).toObject().value(u"text").toString();
}

} // namespace

class McpLookupAnswerTest : public QObject
{
    Q_OBJECT

private slots:
    void oddSignaturesStayJson_data();
    void oddSignaturesStayJson();
    void structuredContent();
    void textContent();
    void withoutStructuredContent();
    void batch();
    void resultLineOfText();
};

void McpLookupAnswerTest::oddSignaturesStayJson_data()
{
    QTest::addColumn<QString>("signature");
    QTest::newRow("quotes and backslashes") << QStringLiteral(R"(can't open "C:\temp\x" \\ done)");
    QTest::newRow("control characters") << QStringLiteral("tab\there\nnew line\x01\x1f end");
    QTest::newRow("Chinese and an emoji") << QStringLiteral("找不到模块 😀");
    QTest::newRow("lone surrogate") << QStringLiteral("broken ") + QChar(0xd800) + QStringLiteral(" pair");
}

void McpLookupAnswerTest::oddSignaturesStayJson()
{
    QFETCH(QString, signature);
    const QJsonObject result = parsed(McpLookupAnswer::lookupError(handMade(signature), true));
    QVERIFY(!result.isEmpty());
    const QJsonObject hit = result.value(u"structuredContent").toObject().value(u"results").toArray().at(0).toObject();
    if (signature.contains(QChar(0xd800)))
        QCOMPARE(hit.value(u"signature").toString(),
                 QStringLiteral("broken ") + QLatin1Char('?')
                     + QStringLiteral(" pair")); // as QString::toUtf8 writes it
    else
        QCOMPARE(hit.value(u"signature").toString(), signature);
}

void McpLookupAnswerTest::structuredContent()
{
    const LookupResult result = handMade(QStringLiteral("Odd thing"));
    const QJsonObject answer = parsed(McpLookupAnswer::lookupError(result, true));
    QCOMPARE(answer.keys(),
             QStringList({QStringLiteral("content"), QStringLiteral("isError"), QStringLiteral("structuredContent")}));
    QCOMPARE(answer.value(u"isError"), QJsonValue(false));
    const QJsonObject structured = answer.value(u"structuredContent").toObject();
    QCOMPARE(structured.value(u"query").toString(), result.errorText);
    QCOMPARE(structured.value(u"incomplete"), QJsonValue(false));
    QCOMPARE(structured.value(u"cut_short").toArray(), QJsonArray());
    const QJsonArray hits = structured.value(u"results").toArray();
    QCOMPARE(hits.size(), 2);
    const QJsonObject first = hits.at(0).toObject();
    QCOMPARE(first.keys(),
             QStringList({QStringLiteral("band"), QStringLiteral("domain"), QStringLiteral("fix_success_rate"),
                          QStringLiteral("id"), QStringLiteral("score"), QStringLiteral("signature"),
                          QStringLiteral("why")}));
    QCOMPARE(first.value(u"band").toString(), QStringLiteral("exact"));
    QCOMPARE(first.value(u"score").toDouble(), 0.875);
    QCOMPARE(first.value(u"fix_success_rate").toDouble(), 0.5);
    QCOMPARE(first.value(u"why").toObject(), LookupResult::toJson(result.hits.at(0).why));
    const QJsonObject second = hits.at(1).toObject();
    QVERIFY(second.value(u"fix_success_rate").isNull());
    QCOMPARE(second.value(u"band").toString(), QStringLiteral("related"));
    QCOMPARE(second.value(u"why").toObject(), LookupResult::toJson(LookupResult::Why()));
}

void McpLookupAnswerTest::textContent()
{
    LookupResult result = handMade(QStringLiteral("Odd thing"));
    LogMatchResult::CutShort cut;
    cut.recordId = QStringLiteral("app/slow");
    cut.reason = QStringLiteral("stopped after 5 s");
    result.cutShort << cut;
    const QJsonObject answer = parsed(McpLookupAnswer::lookupError(result, true));
    QCOMPARE(contentText(answer),
             QStringLiteral("1. app/odd [exact, 0.88] Odd thing\n"
                            "2. app/plain [related, 0.88] plain\n"
                            "Call get_record with an id for its workarounds and dead ends.\n"
                            "Incomplete: the regex of app/slow was stopped after 5 s"));
    const QJsonObject structured = answer.value(u"structuredContent").toObject();
    QCOMPARE(structured.value(u"incomplete"), QJsonValue(true));
    QCOMPARE(structured.value(u"cut_short").toArray(), LookupResult::cutShortJson(result.cutShort));

    const QJsonObject none = parsed(McpLookupAnswer::lookupError(LookupResult(), true));
    QCOMPARE(contentText(none), QStringLiteral("No record is like this error."));
    QCOMPARE(none.value(u"structuredContent").toObject().value(u"results").toArray(), QJsonArray());
}

void McpLookupAnswerTest::withoutStructuredContent()
{
    const QJsonObject answer = parsed(McpLookupAnswer::lookupError(handMade(QStringLiteral("x")), false));
    QCOMPARE(answer.keys(), QStringList({QStringLiteral("content"), QStringLiteral("isError")}));
    const QJsonObject batch = parsed(McpLookupAnswer::batchLookup({handMade(QStringLiteral("x"))}, false));
    QCOMPARE(batch.keys(), QStringList({QStringLiteral("content"), QStringLiteral("isError")}));
}

void McpLookupAnswerTest::batch()
{
    LookupResult slow = handMade(QStringLiteral("second"));
    LogMatchResult::CutShort cut;
    cut.recordId = QStringLiteral("app/slow");
    cut.reason = QStringLiteral("stopped");
    slow.cutShort << cut;
    const QList<LookupResult> results{handMade(QStringLiteral("first")), LookupResult(), slow};
    const QJsonObject answer = parsed(McpLookupAnswer::batchLookup(results, true));
    const QJsonObject structured = answer.value(u"structuredContent").toObject();
    QCOMPARE(structured.keys(), QStringList({QStringLiteral("incomplete"), QStringLiteral("results")}));
    QCOMPARE(structured.value(u"incomplete"), QJsonValue(true));
    const QJsonArray each = structured.value(u"results").toArray();
    QCOMPARE(each.size(), 3);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(each.at(i).toObject(),
                 parsed(McpLookupAnswer::lookupError(results.at(i), true)).value(u"structuredContent").toObject());
    QCOMPARE(contentText(answer),
             QStringLiteral("Text 1:\n1. app/odd [exact, 0.88] first\n"
                            "2. app/plain [related, 0.88] plain\n\n"
                            "Text 2:\nNo record is like this error.\n\n"
                            "Text 3:\n1. app/odd [exact, 0.88] second\n"
                            "2. app/plain [related, 0.88] plain\n"
                            "Incomplete: the regex of app/slow was stopped\n"
                            "Call get_record with an id for its workarounds and dead ends."));
}

void McpLookupAnswerTest::resultLineOfText()
{
    const QByteArray text = McpLookupAnswer::lookupError(handMade(QStringLiteral("x \"y\"")), true);
    const QJsonObject object = parsed(text);
    for (const QJsonValue &id : {QJsonValue(7), QJsonValue(QStringLiteral("req \"1\"")), QJsonValue(-12345678901.0)}) {
        const QByteArray line = McpServer::resultLine(id, text);
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(parsed(line), parsed(McpServer::resultLine(id, object)));
        QCOMPARE(line.left(line.indexOf(",\"jsonrpc\"")),
                 McpServer::resultLine(id, object).left(McpServer::resultLine(id, object).indexOf(",\"jsonrpc\"")));
    }
}

QTEST_GUILESS_MAIN(McpLookupAnswerTest)
#include "McpLookupAnswerTest.moc"
