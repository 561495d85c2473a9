// ErrorLines: which lines of a pasted text lookup compares.

#include "models/lookup/ErrorLines.h"

#include <QTest>

using namespace Errata;

class ErrorLinesTest : public QObject
{
    Q_OBJECT

private:
    static QStringList textsOf(const QList<ErrorLines::Line> &lines)
    {
        QStringList texts;
        for (const ErrorLines::Line &line : lines)
            texts << line.text;
        return texts;
    }

private slots:
    void strength_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("strength");
        QTest::newRow("exception") << QStringLiteral("KeyError: 'user_id'") << 3;
        QTest::newRow("qualified exception") << QStringLiteral("java.lang.NullPointerException: name is null") << 3;
        QTest::newRow("rust error code") << QStringLiteral("error[E0502]: cannot borrow `v` as mutable") << 3;
        QTest::newRow("typescript code") << QStringLiteral("src/a.ts(3,7): error TS2322: Type 'string'") << 3;
        QTest::newRow("oracle code") << QStringLiteral("ORA-00942: table or view does not exist") << 3;
        QTest::newRow("errno name") << QStringLiteral("Error: listen EADDRINUSE: address already in use") << 3;
        QTest::newRow("fatal prefix") << QStringLiteral("fatal: refusing to merge unrelated histories") << 3;
        QTest::newRow("panic") << QStringLiteral("panic: runtime error: index out of range [3]") << 3;
        QTest::newRow("npm") << QStringLiteral("npm ERR! code ERESOLVE") << 3;
        QTest::newRow("github actions") << QStringLiteral("##[error]Docker login failed") << 3;
        QTest::newRow("job summary") << QStringLiteral("##[error]Process completed with exit code 1.") << 1;
        QTest::newRow("make summary") << QStringLiteral("make: *** [Makefile:12: all] Error 2") << 1;
        QTest::newRow("unmarked") << QStringLiteral("Rate limit bypassed via header manipulation") << 1;
        QTest::newRow("zero errors") << QStringLiteral("Build finished: 0 errors, 2 warnings") << 0;
        QTest::newRow("errors counter") << QStringLiteral("[metrics] errors_total=0 requests=12") << 0;
        QTest::newRow("quiet level") << QStringLiteral("2026-03-04 12:00:01 INFO request failed once, retried") << 0;
        QTest::newRow("quiet tag") << QStringLiteral("[12:00:01] [main] DEBUG cannot cache x") << 0;
        QTest::newRow("caused by") << QStringLiteral("Caused by: java.io.IOException: Broken pipe") << 3;
        QTest::newRow("kubernetes state") << QStringLiteral("web-7d4b9c-x2 0/1 CrashLoopBackOff 5 3m") << 3;
        QTest::newRow("failure word") << QStringLiteral("Build failed after 3 attempts") << 2;
        QTest::newRow("denied") << QStringLiteral("Permission denied (publickey).") << 2;
        QTest::newRow("chinese failure") << QStringLiteral("连接数据库失败") << 2;
        QTest::newRow("plain") << QStringLiteral("INFO  [worker-3] GET /api/v1/items 200 12ms") << 0;
        QTest::newRow("python frame") << QStringLiteral("  File \"/srv/app/main.py\", line 3, in <module>") << 0;
        QTest::newRow("java frame") << QStringLiteral("    at com.example.Handler.process(Handler.java:42)") << 0;
        QTest::newRow("empty") << QStringLiteral("   ") << 0;
    }

    void strength()
    {
        QFETCH(QString, line);
        QFETCH(int, strength);
        QCOMPARE(ErrorLines::strengthOf(line), strength);
        QCOMPARE(ErrorLines::looksLikeError(line), strength >= 2);
    }

    void shortTextIsTakenWhole()
    {
        const QList<ErrorLines::Line> lines = ErrorLines::find(QStringLiteral("hello\n\nworld\n"));
        QCOMPARE(textsOf(lines), (QStringList{QStringLiteral("hello"), QStringLiteral("world")}));
        QCOMPARE(lines.at(1).number, 3);
    }

    void tracebackEndsWithItsErrorLine()
    {
        const QString text = QStringLiteral("INFO starting worker\n"
                                            "Traceback (most recent call last):\n"
                                            "  File \"/srv/app/main.py\", line 3, in <module>\n"
                                            "    import torch\n"
                                            "ModuleNotFoundError: No module named 'torch'\n"
                                            "INFO shutting down\n");
        const QList<ErrorLines::Line> lines = ErrorLines::find(text);
        QVERIFY(textsOf(lines).contains(QStringLiteral("ModuleNotFoundError: No module named 'torch'")));
        QVERIFY(!textsOf(lines).contains(QStringLiteral("INFO starting worker")));
        QVERIFY(!textsOf(lines).contains(QStringLiteral("    import torch")));
    }

    // A traceback's last line need not name an error class to be its error.
    void tracebackLastLineIsStrongWithoutAClassName()
    {
        const QString text = QStringLiteral("Traceback (most recent call last):\n"
                                            "  File \"x.py\", line 1, in <module>\n"
                                            "    main()\n"
                                            "SystemExit: 2\n"
                                            "INFO done\n");
        const QList<ErrorLines::Line> lines = ErrorLines::find(text);
        QCOMPARE(textsOf(lines), QStringList{QStringLiteral("SystemExit: 2")});
    }

    // "operation failed:" introduces the message on the next line.
    void continuationLineTakesTheStrength()
    {
        const QString text = QStringLiteral("INFO a\nINFO b\n"
                                            "10:51:40 ERROR [export] operation failed:\n"
                                            "FailedScheduling: didn't match pod topology spread constraints\n"
                                            "INFO c\n");
        const QList<ErrorLines::Line> lines = ErrorLines::find(text);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(1).number, 4);
        QCOMPARE(lines.at(1).strength, 3);
    }

    // With no line marked as an error, the unmarked ones are compared, not
    // the quiet ones nor those that count no errors.
    void unmarkedLinesWhenNothingIsMarked()
    {
        const QString text = QStringLiteral("INFO Loaded configuration\n"
                                            "Rate limit bypassed via header manipulation\n"
                                            "lint: 0 errors, 6 warnings\n"
                                            "DEBUG [db] pool size=107\n");
        QCOMPARE(textsOf(ErrorLines::find(text)),
                 QStringList{QStringLiteral("Rate limit bypassed via header manipulation")});
    }

    void longLogKeepsStrongAndWeakLinesInOrder()
    {
        QStringList log;
        for (int i = 0; i < 50; ++i)
            log << QStringLiteral("INFO step %1 ok").arg(i);
        log.insert(10, QStringLiteral("WARN retry failed, trying again"));
        log.insert(30, QStringLiteral("ERROR: disk full"));
        const QList<ErrorLines::Line> lines = ErrorLines::find(log.join(QLatin1Char('\n')));
        QCOMPARE(textsOf(lines),
                 (QStringList{QStringLiteral("WARN retry failed, trying again"), QStringLiteral("ERROR: disk full")}));
        QCOMPARE(lines.at(0).number, 11);
        QCOMPARE(lines.at(1).number, 31);
    }

    void longLogWithoutErrorsKeepsItsEnd()
    {
        QStringList log;
        for (int i = 0; i < ErrorLines::MaxLines + 10; ++i)
            log << QStringLiteral("line %1").arg(i);
        const QList<ErrorLines::Line> lines = ErrorLines::find(log.join(QLatin1Char('\n')));
        QCOMPARE(lines.size(), ErrorLines::MaxLines);
        QCOMPARE(lines.last().text, log.last());
        QCOMPARE(lines.first().number, 11);
    }

    void atMostMaxLinesStrongestFirst()
    {
        QStringList log;
        for (int i = 0; i < 100; ++i)
            log << QStringLiteral("request %1 failed").arg(i);
        log << QStringLiteral("KeyError: 'x'");
        const QList<ErrorLines::Line> lines = ErrorLines::find(log.join(QLatin1Char('\n')));
        QCOMPARE(lines.size(), ErrorLines::MaxLines);
        QCOMPARE(lines.last().text, QStringLiteral("KeyError: 'x'"));
        QCOMPARE(lines.last().strength, 3);
    }
};

QTEST_GUILESS_MAIN(ErrorLinesTest)
#include "ErrorLinesTest.moc"
