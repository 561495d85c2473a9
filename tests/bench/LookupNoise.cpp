#include "bench/LookupNoise.h"
#include "bench/LookupCaseDice.h"

#include <QRegularExpression>

namespace Errata {

namespace {

const char *const LogLines[] = {
    "INFO  [main] Starting service on port {port}",
    "DEBUG [db] pool size={n} idle={n1} waiting={zero}",
    "INFO  Loaded configuration from config/{word}.yaml",
    "WARN  [http] slow response from upstream host-{n1} ({ms} ms), retrying",
    "INFO  [worker-{n1}] processed {n} jobs in {ms}ms",
    "DEBUG retry policy: max_attempts={n1} backoff={ms}ms",
    "INFO  GET /api/v1/{word}/{n} {status} {ms}ms",
    "INFO  Connected to {ip}:{port}",
    "WARN  deprecated option --{word}-mode, use --{word}-profile instead",
    "DEBUG [cache] hit ratio 0.{n} size={n} evictions={n1}",
    "INFO  error_reporting.enabled=true, sentry dsn not set",
    "DEBUG [metrics] errors_total={zero} requests_total={n}",
    "Build finished: {zero} errors, {n1} warnings",
    "[INFO] Tests run: {n}, Failures: {zero}, Errors: {zero}, Skipped: {n1}",
    "lint: {zero} errors, {n1} warnings ({ms} ms)",
    "Compiling {word} v{n1}.{n1}.{n1}",
    "Step {n1}/9 : RUN make {word}",
    "Downloading {word}-{n1}.{n1}.{n1}-py3-none-any.whl ({n} kB)",
    "npm warn deprecated {word}@{n1}.{n1}.{n1}: this version is no longer supported",
    "{time} [{Word}] heartbeat ok (latency {ms}ms)",
    "INFO  [scheduler] job nightly-{word} finished in {n1}.{n1}s",
    "DEBUG request id={hex} user=u{n} took {ms}ms",
    "WARN  [gc] pause {ms}ms, heap {n}MB/{n}MB",
    "INFO  Migrations: {zero} pending, {n} applied",
    "+ ./scripts/{word}.sh --verbose",
    "INFO  Listening on http://localhost:{port}",
};

const char *const ChineseLines[] = {
    "INFO [训练] 第 {n} 轮完成，损失 0.{n}，耗时 {n} 秒",
    "日志：服务已启动，监听端口 {port}",
    "警告：配置项 {word} 已弃用，请改用 {word}_v{n1}",
    "正在安装依赖……共 {n} 个包",
    "构建完成：{zero} 个错误，{n1} 个警告",
    "[{time}] 开始处理任务 {hex}",
    "调试：连接数据库 {ip}:{port} 成功",
    "信息：已加载配置文件 config/{word}.yaml",
};

const char *const Words[] = {"auth",   "billing", "cache",  "gateway", "ingest", "worker", "search",
                             "report", "notify",  "export", "session", "orders", "users",  "metrics"};

QString field(const QString &name, LookupCaseDice &dice)
{
    if (name == QLatin1String("n"))
        return dice.number(2, 999);
    if (name == QLatin1String("n1"))
        return dice.number(1, 9);
    if (name == QLatin1String("ms"))
        return dice.number(3, 2500);
    if (name == QLatin1String("port"))
        return dice.number(1025, 9999);
    if (name == QLatin1String("status"))
        return dice.number(200, 204);
    if (name == QLatin1String("ip"))
        return QStringLiteral("10.%1.%2.%3").arg(dice.number(0, 255), dice.number(0, 255), dice.number(2, 254));
    if (name == QLatin1String("hex"))
        return dice.hex(12);
    if (name == QLatin1String("time"))
        return dice.number(0, 23, 2) + QLatin1Char(':') + dice.number(0, 59, 2) + QLatin1Char(':')
            + dice.number(0, 59, 2);
    if (name == QLatin1String("zero"))
        return dice.isForbidden(QStringLiteral("0")) ? QStringLiteral("no") : QStringLiteral("0");
    const QString word = QString::fromLatin1(dice.pick(Words));
    return name == QLatin1String("Word") ? word.left(1).toUpper() + word.mid(1) : word;
}

} // namespace

QString LookupNoise::fill(const QString &pattern, LookupCaseDice &dice)
{
    static const QRegularExpression fieldPattern(QStringLiteral("\\{(\\w+)\\}"));
    QString result;
    qsizetype at = 0;
    for (auto it = fieldPattern.globalMatch(pattern); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        result += pattern.mid(at, match.capturedStart() - at) + field(match.captured(1), dice);
        at = match.capturedEnd();
    }
    return result + pattern.mid(at);
}

QString LookupNoise::line(LookupCaseDice &dice)
{
    return fill(QString::fromUtf8(dice.pick(LogLines)), dice);
}

QString LookupNoise::chineseLine(LookupCaseDice &dice)
{
    return fill(QString::fromUtf8(dice.pick(ChineseLines)), dice);
}

QString LookupNoise::around(const QString &error, const QString &environment, int count, LookupCaseDice &dice,
                            bool chinese)
{
    QStringList lines;
    for (int i = 0; i < count; ++i)
        lines << (chinese && dice.chance(0.7) ? chineseLine(dice) : line(dice));
    lines.insert(dice.below(int(lines.size()) + 1), error);
    if (!environment.isEmpty())
        lines.insert(dice.below(qMin(2, int(lines.size())) + 1), environment);
    return lines.join(QLatin1Char('\n'));
}

} // namespace Errata
