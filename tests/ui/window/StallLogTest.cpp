// StallLog: a line under errata.stall for each time the thread was held
// longer than the threshold; nothing when the category is off.

#include "ui/window/StallLog.h"

#include <QtTest>

#include <QRegularExpression>
#include <QThread>

using namespace Errata;

namespace {

QStringList g_lines;

void keep(QtMsgType, const QMessageLogContext &context, const QString &message)
{
    if (QLatin1String(context.category) == QLatin1String("errata.stall"))
        g_lines << message;
}

// Runs the event loop, holding the thread `heldMs` after `beforeMs`, and
// as long again after.
void runHolding(int beforeMs, int heldMs)
{
    QTimer::singleShot(beforeMs, [heldMs] { QThread::msleep(heldMs); });
    QTest::qWait(2 * beforeMs + heldMs);
}

} // namespace

class StallLogTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void reportsAHeldThread();
    void quietWhenOff();
};

void StallLogTest::init()
{
    g_lines.clear();
    qInstallMessageHandler(keep);
}

void StallLogTest::cleanup()
{
    qInstallMessageHandler(nullptr);
    QLoggingCategory::setFilterRules(QString());
}

void StallLogTest::reportsAHeldThread()
{
    QLoggingCategory::setFilterRules(QStringLiteral("errata.stall.info=true"));
    QVERIFY(StallLog::isEnabled());
    StallLog log(50);
    runHolding(100, 150);
    const QRegularExpression line(
        QStringLiteral("^the window's thread was held (\\d+) ms, until \\d+ ms after the start$"));
    int longest = 0;
    for (const QString &text : std::as_const(g_lines)) {
        const QRegularExpressionMatch match = line.match(text);
        QVERIFY2(match.hasMatch(), qPrintable(text));
        longest = std::max(longest, match.captured(1).toInt());
    }
    QVERIFY2(longest >= 140 && longest < 1000, qPrintable(g_lines.join(QLatin1Char('\n'))));
}

void StallLogTest::quietWhenOff()
{
    QVERIFY(!StallLog::isEnabled());
    StallLog log(50);
    runHolding(100, 150);
    QVERIFY(g_lines.isEmpty());
}

QTEST_MAIN(StallLogTest)
#include "StallLogTest.moc"
