#include "models/serve/HttpServer.h"

#include "support/HttpTestClient.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QStringList>
#include <QTest>
#include <QThread>

#include <atomic>
#include <stdexcept>

using namespace Errata;
using Errata::Test::HttpTestClient;

namespace {

// The error code of a JSON error answer.
QString errorCode(const HttpTestClient::Answer &answer)
{
    return QJsonDocument::fromJson(answer.body).object().value(u"error").toObject().value(u"code").toString();
}

} // namespace

class HttpServerTest : public QObject
{
    Q_OBJECT

private:
    // A server whose handler echoes the request as JSON; `limits` lowered by each test.
    std::unique_ptr<HttpServer> start(const HttpLimits &limits)
    {
        auto server = std::make_unique<HttpServer>(limits, [this](const HttpRequest &request) {
            ++m_handled;
            if (request.path == QLatin1String("/throw"))
                throw std::runtime_error("secret internal detail");
            if (request.path == QLatin1String("/slow"))
                QThread::msleep(300);
            bool found = false;
            const QString q = request.queryValue(QStringLiteral("q"), &found);
            return HttpResponse::json(
                200,
                QJsonObject{{QStringLiteral("method"), QString::fromLatin1(request.method)},
                            {QStringLiteral("path"), request.path},
                            {QStringLiteral("q"), q},
                            {QStringLiteral("found"), found},
                            {QStringLiteral("origin"), QString::fromLatin1(request.header("origin"))},
                            {QStringLiteral("body"), QString::fromUtf8(request.body)}});
        });
        server->onRejected([this](const QString &reason, const QString &message) {
            const QMutexLocker lock(&m_logLock);
            m_log.append(reason + QStringLiteral(": ") + message);
        });
        QString error;
        if (!server->listen(QStringLiteral("127.0.0.1"), 0, &error))
            qFatal("cannot listen: %s", qPrintable(error));
        return server;
    }

    bool logged(const QString &reason)
    {
        const QMutexLocker lock(&m_logLock);
        for (const QString &line : m_log) {
            if (line.startsWith(reason + QLatin1Char(':')))
                return true;
        }
        return false;
    }

    std::atomic_int m_handled{0};
    QMutex m_logLock;
    QStringList m_log;

private slots:
    void init()
    {
        m_handled = 0;
        const QMutexLocker lock(&m_logLock);
        m_log.clear();
    }

    void answersPathQueryAndBody()
    {
        const auto server = start(HttpLimits());
        QVERIFY(server->port() != 0);
        HttpTestClient::Answer answer = HttpTestClient::request(server->port(), "GET",
                                                                "/a%20b/c?x=1&q=no+such%2Bthing%20here");
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.headers.value("content-type"), QByteArray("application/json"));
        const QJsonObject echo = QJsonDocument::fromJson(answer.body).object();
        QCOMPARE(echo.value(u"path").toString(), QStringLiteral("/a b/c"));
        QCOMPARE(echo.value(u"q").toString(), QStringLiteral("no such+thing here"));
        QVERIFY(echo.value(u"found").toBool());
        answer = HttpTestClient::request(server->port(), "POST", "/p", {}, QByteArray("é\nline two"));
        QCOMPARE(answer.status, 200);
        QCOMPARE(QJsonDocument::fromJson(answer.body).object().value(u"body").toString(),
                 QStringLiteral("é\nline two"));
    }

    void keepsAConnectionForSeveralRequests()
    {
        const auto server = start(HttpLimits());
        HttpTestClient client(server->port());
        for (int i = 0; i < 3; ++i) {
            QVERIFY(client.send("GET /k HTTP/1.1\r\nHost: x\r\n\r\n"));
            QCOMPARE(client.read().status, 200);
        }
    }

    void refusesADeclaredBodyOverItsLimitUnread()
    {
        HttpLimits limits;
        limits.bodyBytes = 100;
        limits.matchBodyBytes = 1000;
        const auto server = start(limits);
        HttpTestClient client(server->port());
        client.send("POST /api/v1/lookup HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n0123456789");
        const HttpTestClient::Answer answer = client.read();
        QCOMPARE(answer.status, 413);
        QCOMPARE(errorCode(answer), QStringLiteral("body_too_large"));
        QCOMPARE(m_handled.load(), 0);
        QVERIFY(logged(QStringLiteral("body")));
        // The match endpoint reads more.
        const QByteArray log(500, 'x');
        QCOMPARE(HttpTestClient::request(server->port(), "POST", "/api/v1/match", {}, log).status, 200);
        QCOMPARE(HttpTestClient::request(server->port(), "POST", "/api/v1/lookup", {}, log).status, 413);
    }

    void refusesAChunkedBodyOverItsLimit()
    {
        HttpLimits limits;
        limits.bodyBytes = 100;
        const auto server = start(limits);
        HttpTestClient client(server->port());
        QByteArray chunks;
        for (int i = 0; i < 10; ++i)
            chunks += "32\r\n" + QByteArray(50, 'y') + "\r\n";
        client.send("POST /p HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n");
        const HttpTestClient::Answer answer = client.read();
        QCOMPARE(answer.status, 413);
        QCOMPARE(m_handled.load(), 0);
    }

    void refusesALongUrlAndLongHeaders()
    {
        HttpLimits limits;
        limits.urlBytes = 200;
        limits.headerBytes = 300;
        const auto server = start(limits);
        HttpTestClient::Answer answer = HttpTestClient::request(server->port(), "GET",
                                                                "/lookup?q=" + QByteArray(300, 'a'));
        QCOMPARE(answer.status, 414);
        QCOMPARE(errorCode(answer), QStringLiteral("url_too_long"));
        answer = HttpTestClient::request(server->port(), "GET", "/", {{"X-Long", QByteArray(400, 'b')}});
        QCOMPARE(answer.status, 431);
        QCOMPARE(errorCode(answer), QStringLiteral("headers_too_large"));
        // Far past what a connection may hold: the library's own answer.
        answer = HttpTestClient::request(server->port(), "GET", "/", {{"X-Huge", QByteArray(200000, 'c')}});
        QVERIFY2((answer.status >= 400 && answer.status < 500) || answer.closed,
                 qPrintable(QString::number(answer.status)));
        QCOMPARE(m_handled.load(), 0);
        QVERIFY(logged(QStringLiteral("url")));
        QVERIFY(logged(QStringLiteral("headers")));
    }

    void cutsOffAClientSendingItsHeadersSlowly()
    {
        HttpLimits limits;
        limits.requestTimeoutMs = 600;
        limits.idleTimeoutMs = 2000;
        const auto server = start(limits);
        HttpTestClient slow(server->port());
        QVERIFY(slow.send("GET / HTTP/1.1\r\n"));
        QElapsedTimer clock;
        clock.start();
        bool open = true;
        while (open && clock.elapsed() < 5000) {
            open = slow.send("X-A: b\r\n");
            // Others are answered meanwhile.
            QCOMPARE(HttpTestClient::request(server->port(), "GET", "/other").status, 200);
            QThread::msleep(100);
            open = open && !slow.waitClosed(1);
        }
        QVERIFY2(!open || slow.waitClosed(2000), "the slow client was not cut off");
        QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(logged(QStringLiteral("timeout")));
    }

    void limitsConnectionsFromOneAddress()
    {
        HttpLimits limits;
        limits.connectionsPerClient = 2;
        const auto server = start(limits);
        HttpTestClient first(server->port());
        HttpTestClient second(server->port());
        QVERIFY(first.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n"));
        QCOMPARE(first.read().status, 200);
        QVERIFY(second.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n"));
        QCOMPARE(second.read().status, 200);
        HttpTestClient::Answer third = HttpTestClient::request(server->port(), "GET", "/3");
        QCOMPARE(third.status, 429);
        QCOMPARE(errorCode(third), QStringLiteral("too_many_connections"));
        QVERIFY(logged(QStringLiteral("connections")));
    }

    void limitsConnectionsInAll()
    {
        HttpLimits limits;
        limits.connections = 2;
        const auto server = start(limits);
        HttpTestClient first(server->port());
        HttpTestClient second(server->port());
        QVERIFY(first.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n"));
        QCOMPARE(first.read().status, 200);
        QVERIFY(second.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n"));
        QCOMPARE(second.read().status, 200);
        const HttpTestClient::Answer third = HttpTestClient::request(server->port(), "GET", "/3");
        QCOMPARE(third.status, 503);
        QCOMPARE(third.headers.value("retry-after"), QByteArray("1"));
    }

    void closesAnIdleConnection()
    {
        HttpLimits limits;
        limits.idleTimeoutMs = 1000;
        limits.requestTimeoutMs = 1000;
        const auto server = start(limits);
        HttpTestClient idle(server->port());
        QVERIFY(idle.send("GET /once HTTP/1.1\r\nHost: x\r\n\r\n"));
        QCOMPARE(idle.read().status, 200);
        QElapsedTimer clock;
        clock.start();
        QVERIFY2(idle.waitClosed(6000), "an idle connection was kept open");
        QVERIFY2(clock.elapsed() >= 900, qPrintable(QString::number(clock.elapsed())));
        // A connection that never sends a whole request line is closed too.
        HttpTestClient silent(server->port());
        QVERIFY(silent.send("GE"));
        QVERIFY(silent.waitClosed(6000));
    }

    void answersAFailedHandlerWithoutItsDetail()
    {
        const auto server = start(HttpLimits());
        const HttpTestClient::Answer answer = HttpTestClient::request(server->port(), "GET", "/throw");
        QCOMPARE(answer.status, 500);
        QCOMPARE(errorCode(answer), QStringLiteral("internal"));
        QVERIFY(!answer.body.contains("secret"));
        QVERIFY(logged(QStringLiteral("internal")));
    }

    void answersTwoSlowRequestsAtOnce()
    {
        HttpLimits limits;
        limits.threads = 2;
        const auto server = start(limits);
        HttpTestClient a(server->port());
        HttpTestClient b(server->port());
        QElapsedTimer clock;
        clock.start();
        a.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
        b.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
        QCOMPARE(a.read().status, 200);
        QCOMPARE(b.read().status, 200);
        QVERIFY2(clock.elapsed() < 550, qPrintable(QString::number(clock.elapsed())));
    }

    void refusesBadAddresses()
    {
        HttpServer server(HttpLimits(), [](const HttpRequest &) { return HttpResponse(); });
        QString error;
        QVERIFY(!server.listen(QStringLiteral("localhost"), 0, &error));
        QVERIFY(error.contains(QStringLiteral("numeric")));
        const auto first = start(HttpLimits());
        HttpServer second(HttpLimits(), [](const HttpRequest &) { return HttpResponse(); });
        QVERIFY(!second.listen(QStringLiteral("127.0.0.1"), first->port(), &error));
        QVERIFY2(error.contains(QString::number(first->port())), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(HttpServerTest)
#include "HttpServerTest.moc"
