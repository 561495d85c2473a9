// Tool calls of `errata mcp` off the thread that answers requests: McpServer::receive() and McpCallPool over a
// McpKnowledgeBase on a copy of the sample KB, with a tool runner that waits on a semaphore the test releases, so that
// "a call is running" is a fact, not a race. Ping, initialize and tools/list are answered while a call runs; parallel
// calls run together, the others one at a time; answers carry their ids in the order the calls end; a cancelled call
// is not answered; a change on disk waits for the running call and is then served; the end of the input waits for
// the calls, bounded.

#include "models/mcp/McpCallPool.h"
#include "models/kb/KnowledgeBase.h"
#include "models/mcp/McpKnowledgeBase.h"
#include "models/mcp/McpServer.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Errata;
using namespace Errata::TestSupport;

class McpCallPoolTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void pingIsAnsweredWhileACallRuns();
    void parallelCallsRunTogether();
    void otherCallsRunOneAtATime();
    void answersCarryTheirIdsInTheOrderCallsEnd();
    void cancelledCallsAreNotAnswered();
    void changesOnDiskWaitForTheRunningCall();
    void theEndWaitsForCallsBounded();
    void fullWhenMaxWaitingWait();

private:
    static QByteArray message(const QString &method, const QJsonValue &id, const QJsonObject &params = {});
    static QByteArray toolCall(int id, const QString &tool, const QJsonObject &arguments);
    // Sends `bytes` through the server: what it answers at once, the call to the pool.
    QByteArray send(const QByteArray &bytes);
    // Lets every call through the runner wait until released.
    void gateTools();
    QList<QJsonObject> answers() const;
    QString kbPath() const { return m_dir->filePath(QStringLiteral("kb")); }

    QTemporaryDir m_cache;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<McpKnowledgeBase> m_kb;
    std::unique_ptr<McpServer> m_server;
    std::unique_ptr<McpCallPool> m_pool;
    QList<QByteArray> m_answers;
    QSemaphore m_started;
    QSemaphore m_gate;
};

void McpCallPoolTest::initTestCase()
{
    QVERIFY(m_cache.isValid());
    qputenv("XDG_CACHE_HOME", m_cache.path().toUtf8());
}

void McpCallPoolTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), kbPath()));
    m_kb = std::make_unique<McpKnowledgeBase>();
    QString error;
    QVERIFY2(m_kb->open(kbPath(), &error), qPrintable(error));
    m_server = std::make_unique<McpServer>(*m_kb);
    m_pool = std::make_unique<McpCallPool>(m_kb.get());
    m_answers.clear();
    connect(m_pool.get(), &McpCallPool::answered, this, [this](const QByteArray &line) { m_answers << line; });
    const QJsonObject initialize{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                                 {QStringLiteral("capabilities"), QJsonObject()}};
    QVERIFY(!send(message(QStringLiteral("initialize"), 0, initialize)).isEmpty());
}

void McpCallPoolTest::cleanup()
{
    m_gate.release(1000); // whatever still waits ends
    m_pool.reset();
    m_gate.acquire(m_gate.available());
    m_started.acquire(m_started.available());
    m_server.reset();
    m_kb.reset();
    m_dir.reset();
}

QByteArray McpCallPoolTest::message(const QString &method, const QJsonValue &id, const QJsonObject &params)
{
    QJsonObject object{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                       {QStringLiteral("method"), method},
                       {QStringLiteral("params"), params}};
    if (!id.isUndefined())
        object.insert(QStringLiteral("id"), id);
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray McpCallPoolTest::toolCall(int id, const QString &tool, const QJsonObject &arguments)
{
    return message(QStringLiteral("tools/call"), id,
                   QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}});
}

QByteArray McpCallPoolTest::send(const QByteArray &bytes)
{
    McpServer::Reply reply = m_server->receive(bytes);
    if (reply.call.run)
        m_pool->submit(std::move(reply.call));
    if (!reply.cancel.isUndefined())
        m_pool->cancel(reply.cancel);
    return reply.line;
}

void McpCallPoolTest::gateTools()
{
    m_server->setToolRunner([this](McpTools &tools, const QString &name, const QJsonObject &arguments) {
        m_started.release();
        m_gate.acquire();
        return tools.call(name, arguments);
    });
}

QList<QJsonObject> McpCallPoolTest::answers() const
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : m_answers) {
        if (!line.endsWith('\n') || line.count('\n') != 1)
            qWarning("not one line: %s", line.constData());
        objects << QJsonDocument::fromJson(line).object();
    }
    return objects;
}

void McpCallPoolTest::pingIsAnsweredWhileACallRuns()
{
    gateTools();
    QVERIFY(send(toolCall(1, QStringLiteral("lookup_error"),
                          QJsonObject{{QStringLiteral("error_message"), QStringLiteral("fatal: dubious ownership")}}))
                .isEmpty());
    QVERIFY(m_started.tryAcquire(1, 5000));
    const QJsonObject ping = QJsonDocument::fromJson(send(message(QStringLiteral("ping"), 2))).object();
    QCOMPARE(ping.value(u"id").toInt(), 2);
    QVERIFY(ping.contains(u"result"));
    const QJsonObject list = QJsonDocument::fromJson(send(message(QStringLiteral("tools/list"), 3))).object();
    QCOMPARE(list.value(u"id").toInt(), 3);
    QVERIFY(list.value(u"result").toObject().contains(u"tools"));
    QCOMPARE(m_pool->runningCount(), 1);
    QVERIFY(m_answers.isEmpty());
    m_gate.release();
    QTRY_COMPARE_WITH_TIMEOUT(m_answers.size(), 1, 10000);
    const QJsonObject lookup = answers().first();
    QCOMPARE(lookup.value(u"id").toInt(), 1);
    QVERIFY(lookup.value(u"result").toObject().contains(u"structuredContent"));
    QVERIFY(m_pool->isIdle());
}

void McpCallPoolTest::parallelCallsRunTogether()
{
    gateTools();
    send(toolCall(1, QStringLiteral("lookup_error"),
                  QJsonObject{{QStringLiteral("error_message"), QStringLiteral("No module named 'x'")}}));
    send(toolCall(2, QStringLiteral("match_log"), QJsonObject{{QStringLiteral("log"), QStringLiteral("a\nb")}}));
    send(toolCall(3, QStringLiteral("search_records"), QJsonObject{{QStringLiteral("query"), QStringLiteral("git")}}));
    send(toolCall(4, QStringLiteral("list_domains"), QJsonObject()));
    send(toolCall(5, QStringLiteral("list_domains"), QJsonObject()));
    // Four at once, each waiting for the others' start: the fifth waits for a thread.
    QVERIFY(m_started.tryAcquire(McpCallPool::MaxRunning, 5000));
    QCOMPARE(m_pool->runningCount(), McpCallPool::MaxRunning);
    QCOMPARE(m_pool->waitingCount(), 1);
    m_gate.release(5);
    QTRY_COMPARE_WITH_TIMEOUT(m_answers.size(), 5, 10000);
    QList<int> ids;
    for (const QJsonObject &answer : answers()) {
        QVERIFY(answer.value(u"result").toObject().contains(u"structuredContent"));
        ids << answer.value(u"id").toInt();
    }
    std::sort(ids.begin(), ids.end());
    QCOMPARE(ids, (QList<int>{1, 2, 3, 4, 5}));
}

// get_record reads a record's document, parsed on demand: never two at once.
void McpCallPoolTest::otherCallsRunOneAtATime()
{
    gateTools();
    const QJsonObject record{{QStringLiteral("id"), QStringLiteral("git/dubious-ownership")}};
    send(toolCall(1, QStringLiteral("get_record"), record));
    send(toolCall(2, QStringLiteral("get_record"), record));
    QVERIFY(m_started.tryAcquire(1, 5000));
    QVERIFY(!m_started.tryAcquire(1, 200)); // the second waits for the first
    QCOMPARE(m_pool->runningCount(), 1);
    QCOMPARE(m_pool->waitingCount(), 1);
    send(toolCall(3, QStringLiteral("list_domains"), QJsonObject()));
    QVERIFY(m_started.tryAcquire(1, 5000)); // a parallel one runs alongside
    QCOMPARE(m_pool->runningCount(), 2);
    m_gate.release(3);
    QTRY_COMPARE_WITH_TIMEOUT(m_answers.size(), 3, 10000);
    for (const QJsonObject &answer : answers())
        QVERIFY(!answer.value(u"result").toObject().value(u"isError").toBool());
}

void McpCallPoolTest::answersCarryTheirIdsInTheOrderCallsEnd()
{
    QSemaphore slow;
    m_server->setToolRunner([&slow](McpTools &tools, const QString &name, const QJsonObject &arguments) {
        if (name == QLatin1String("lookup_error"))
            slow.acquire();
        return tools.call(name, arguments);
    });
    send(toolCall(7, QStringLiteral("lookup_error"),
                  QJsonObject{{QStringLiteral("error_message"), QStringLiteral("No module named 'x'")}}));
    send(toolCall(8, QStringLiteral("list_domains"), QJsonObject()));
    QTRY_COMPARE_WITH_TIMEOUT(m_answers.size(), 1, 10000);
    QCOMPARE(answers().first().value(u"id").toInt(), 8);
    slow.release();
    QTRY_COMPARE_WITH_TIMEOUT(m_answers.size(), 2, 10000);
    QCOMPARE(answers().last().value(u"id").toInt(), 7);
}

void McpCallPoolTest::cancelledCallsAreNotAnswered()
{
    gateTools();
    const QJsonObject record{{QStringLiteral("id"), QStringLiteral("git/dubious-ownership")}};
    send(toolCall(1, QStringLiteral("get_record"), record));
    send(toolCall(2, QStringLiteral("get_record"), record)); // waits behind the first
    QVERIFY(m_started.tryAcquire(1, 5000));
    const auto cancel = [](int id) {
        return message(QStringLiteral("notifications/cancelled"), QJsonValue(QJsonValue::Undefined),
                       QJsonObject{{QStringLiteral("requestId"), id}, {QStringLiteral("reason"), QStringLiteral("x")}});
    };
    QVERIFY(send(cancel(2)).isEmpty());
    QCOMPARE(m_pool->waitingCount(), 0);
    QVERIFY(send(cancel(1)).isEmpty());
    send(toolCall(3, QStringLiteral("list_domains"), QJsonObject()));
    m_gate.release(2);
    QTRY_COMPARE_WITH_TIMEOUT(m_answers.size(), 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(m_pool->isIdle(), 10000);
    QCOMPARE(m_answers.size(), 1);
    QCOMPARE(answers().first().value(u"id").toInt(), 3);
}

// No call ever reads a KB being changed: the change waits for the running
// call, and a call sent meanwhile waits for the change.
void McpCallPoolTest::changesOnDiskWaitForTheRunningCall()
{
    gateTools();
    QSignalSpy waiting(m_kb.get(), &McpKnowledgeBase::changesWaiting);
    QSignalSpy changed(m_kb.get(), &McpKnowledgeBase::changed);
    send(toolCall(1, QStringLiteral("list_domains"), QJsonObject()));
    QVERIFY(m_started.tryAcquire(1, 5000));
    const QString file = kbPath() + QStringLiteral("/git/dubious-ownership.json");
    QByteArray text = readFile(file);
    text.replace("dubious ownership", "quixotic custody");
    QVERIFY(writeFile(file, text));
    QTRY_VERIFY_WITH_TIMEOUT((m_kb->checkDisk(), waiting.count() == 1), 10000);
    QCOMPARE(changed.count(), 0);
    const Record *record = m_kb->kb().find(QStringLiteral("git/dubious-ownership"));
    QVERIFY(record && !record->signature().contains(u"quixotic"));
    send(toolCall(2, QStringLiteral("search_records"),
                  QJsonObject{{QStringLiteral("query"), QStringLiteral("quixotic")}}));
    QTest::qWait(50);
    QCOMPARE(m_pool->runningCount(), 1); // the second waits for the change
    QCOMPARE(m_pool->waitingCount(), 1);
    m_gate.release(2);
    QTRY_COMPARE_WITH_TIMEOUT(m_answers.size(), 2, 10000);
    QVERIFY(changed.count() >= 1);
    const QJsonObject search = answers().last();
    QCOMPARE(search.value(u"id").toInt(), 2);
    QCOMPARE(search.value(u"result").toObject().value(u"structuredContent").toObject().value(u"total").toInt(), 1);
}

void McpCallPoolTest::theEndWaitsForCallsBounded()
{
    QSemaphore gate; // outlives the pool, which waits for the call
    McpCallPool pool(nullptr);
    QSignalSpy finished(&pool, &McpCallPool::finished);
    pool.submit(McpCallPool::Call{1, false, [&gate] {
                                      gate.acquire();
                                      return QByteArray("{}\n");
                                  }});
    pool.submit(McpCallPool::Call{2, false, [] { return QByteArray("{}\n"); }}); // waits: not parallel
    pool.finish(200);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
    QCOMPARE(finished.first().first().toInt(), 2);
    gate.release();

    McpCallPool quick(nullptr);
    QSignalSpy done(&quick, &McpCallPool::finished);
    QSignalSpy answered(&quick, &McpCallPool::answered);
    for (int id = 0; id < 10; ++id)
        quick.submit(McpCallPool::Call{id, id % 2 == 0, [] { return QByteArray("{}\n"); }});
    quick.finish(60000);
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 5000);
    QCOMPARE(done.first().first().toInt(), 0);
    QCOMPARE(answered.count(), 10);
}

void McpCallPoolTest::fullWhenMaxWaitingWait()
{
    QSemaphore gate;
    McpCallPool pool(nullptr);
    QSignalSpy room(&pool, &McpCallPool::roomForMore);
    const auto waitForGate = [&gate] {
        gate.acquire();
        return QByteArray("{}\n");
    };
    for (int id = 0; id < 1 + McpCallPool::MaxWaiting; ++id)
        pool.submit(McpCallPool::Call{id, false, waitForGate});
    QCOMPARE(pool.runningCount(), 1);
    QVERIFY(pool.isFull());
    gate.release();
    QTRY_COMPARE_WITH_TIMEOUT(room.count(), 1, 5000);
    QVERIFY(!pool.isFull());
    gate.release(McpCallPool::MaxWaiting);
    QTRY_VERIFY_WITH_TIMEOUT(pool.isIdle(), 10000);
}

QTEST_GUILESS_MAIN(McpCallPoolTest)
#include "McpCallPoolTest.moc"
