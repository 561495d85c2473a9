#include "app/commands/ServeCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/ServeSignals.h"

#include "models/matching/LogMatcher.h"
#include "models/publish/SitePublisher.h"
#include "models/serve/HttpServer.h"
#include "models/serve/ServeMetrics.h"
#include "models/serve/ServeOptions.h"
#include "models/serve/ServeReloader.h"
#include "models/serve/ServeRouter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <csignal>

#include <arpa/inet.h>

namespace Errata {

namespace {

const QString Name = QStringLiteral("serve");

bool isIpv6(const QString &address)
{
    in6_addr six{};
    return inet_pton(AF_INET6, address.toLatin1().constData(), &six) == 1;
}

bool isNumericAddress(const QString &address)
{
    in_addr four{};
    return inet_pton(AF_INET, address.toLatin1().constData(), &four) == 1 || isIpv6(address);
}

bool isLoopback(const QString &address)
{
    return address.startsWith(QLatin1String("127.")) || address == QLatin1String("::1");
}
constexpr int MinTokenLength = 16;
constexpr qint64 MaxTokenFileBytes = 4096;

struct Options
{
    QString kb;
    QString address = QStringLiteral("127.0.0.1");
    quint16 port = 8700;
    QString tokenFile;
    QString baseUrl;
    ServeOptions serve;
};

// "ADDR:PORT", "[V6]:PORT" or ":PORT" (the default address) into `options`.
bool parseListen(const QString &text, Options &options, QString *why)
{
    QString host;
    QString port;
    if (text.startsWith(QLatin1Char('['))) {
        const qsizetype close = text.indexOf(QStringLiteral("]:"));
        host = close > 0 ? text.mid(1, close - 1) : QString();
        port = close > 0 ? text.mid(close + 2) : QString();
    } else {
        const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
        host = colon >= 0 ? text.left(colon) : QString();
        port = colon >= 0 ? text.mid(colon + 1) : QString();
        if (host.contains(QLatin1Char(':')))
            host.clear(); // an IPv6 address must be bracketed ("::1:8700" is no ":PORT")
    }
    bool number = false;
    const bool digits = !port.isEmpty() && port.size() <= 5 && std::all_of(port.cbegin(), port.cend(), [](QChar c) {
        return c >= QLatin1Char('0') && c <= QLatin1Char('9');
    });
    const uint value = digits ? port.toUInt(&number) : 0;
    if (!number || value > 65535 || (host.isEmpty() && text.lastIndexOf(QLatin1Char(':')) != 0)) {
        *why =
            QStringLiteral("--listen needs ADDR:PORT (127.0.0.1:8700, [::1]:8700, 0.0.0.0:8700), not \"%1\"").arg(text);
        return false;
    }
    if (!host.isEmpty()) {
        if (!isNumericAddress(host)) {
            *why = QStringLiteral("--listen needs a numeric address (127.0.0.1, ::1, 0.0.0.0), not \"%1\"").arg(host);
            return false;
        }
        options.address = host;
    }
    options.port = quint16(value);
    return true;
}

CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    CommandParser parser(Name,
                         QStringLiteral("Serve a KB over HTTP to a team: its site, the JSON API with live lookup, "
                                        "search and match, and MCP at /mcp. Reads the KB again when it changes "
                                        "(and on SIGHUP) without stopping."));
    parser.addKbOption(QStringLiteral("The KB folder (default: the current folder)."));
    const QCommandLineOption listen(QStringLiteral("listen"),
                                    QStringLiteral("The address and port to listen on (default: 127.0.0.1:8700; "
                                                   "port 0 picks a free one)."),
                                    QStringLiteral("ADDR:PORT"));
    const QCommandLineOption token(QStringLiteral("token-file"),
                                   QStringLiteral("A file holding the bearer token that writing requests must carry "
                                                  "(at least 16 characters)."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption outcomes(QStringLiteral("outcomes-dir"),
                                      QStringLiteral("Where report_outcome keeps reports (needs --token-file; never "
                                                     "in the KB). Without it the server takes no writes."),
                                      QStringLiteral("DIR"));
    const QCommandLineOption origin(QStringLiteral("allow-origin"),
                                    QStringLiteral("A browser origin (https://host) that may call /mcp and the API "
                                                   "(repeatable)."),
                                    QStringLiteral("ORIGIN"));
    const QCommandLineOption baseUrl(QStringLiteral("base-url"),
                                     QStringLiteral("Where the site is reached (https://host/path): for the sitemap "
                                                    "and absolute links, as errata publish takes it."),
                                     QStringLiteral("URL"));
    parser.addOptions({listen, token, outcomes, origin, baseUrl});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    if (!parser.positionalArguments().isEmpty())
        return parser.usageError(
            QStringLiteral("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    options.kb = parser.kb();
    QString why;
    if (parser.isSet(listen) && !parseListen(parser.value(listen), options, &why))
        return parser.usageError(why);
    options.tokenFile = parser.value(token);
    options.serve.outcomesFolder = parser.value(outcomes);
    if (!options.serve.outcomesFolder.isEmpty() && options.tokenFile.isEmpty())
        return parser.usageError(QStringLiteral("--outcomes-dir needs --token-file: writes need a token"));
    for (const QString &allowed : parser.values(origin)) {
        const QUrl url(allowed, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
            || url.host().isEmpty() || !url.path().isEmpty() || url.hasQuery() || url.hasFragment())
            return parser.usageError(
                QStringLiteral("--allow-origin needs an origin such as https://kb.example.com, not \"%1\"")
                    .arg(allowed));
        options.serve.allowedOrigins << allowed;
    }
    if (parser.isSet(baseUrl)) {
        options.baseUrl = SitePublisher::baseUrl(parser.value(baseUrl), &why);
        if (options.baseUrl.isEmpty())
            return parser.usageError(QStringLiteral("--base-url: ") + why);
    }
    return CommandParser::Parsed;
}

// The token of --token-file, or false with why not.
bool readToken(const QString &file, QByteArray *token, QString *why)
{
    QFile input(file);
    if (!QFileInfo(file).isFile() || QFileInfo(file).size() > MaxTokenFileBytes || !input.open(QIODevice::ReadOnly)) {
        *why =
            QStringLiteral("--token-file %1: not a readable file of at most %2 bytes").arg(file).arg(MaxTokenFileBytes);
        return false;
    }
    *token = input.readAll().trimmed();
    if (token->size() < MinTokenLength || token->contains('\n') || token->contains(' ')) {
        *why = QStringLiteral("--token-file %1: the token must be one line of at least %2 characters without spaces")
                   .arg(file)
                   .arg(MinTokenLength);
        return false;
    }
    if (QFileInfo(file).permissions() & (QFileDevice::ReadOther | QFileDevice::ReadGroup))
        CommandErrors::print(Name, QStringLiteral("warning: %1 can be read by other users (chmod 600 it)").arg(file));
    return true;
}

// --outcomes-dir: a writable folder outside the KB.
bool checkOutcomes(const QString &folder, const QString &kb, QString *why)
{
    const QFileInfo info(folder);
    if (!info.isDir() || !info.isWritable()) {
        *why = QStringLiteral("--outcomes-dir %1: not a writable folder").arg(folder);
        return false;
    }
    const QString outcomes = info.canonicalFilePath() + QLatin1Char('/');
    const QString root = QFileInfo(kb).canonicalFilePath() + QLatin1Char('/');
    if (outcomes.startsWith(root) || root.startsWith(outcomes)) {
        *why = QStringLiteral("--outcomes-dir %1: must be outside the KB (and not hold it): reports never go into "
                              "the KB's files")
                   .arg(folder);
        return false;
    }
    return true;
}

QStringList ownOrigins(const Options &options, quint16 port)
{
    const QString suffix = QStringLiteral(":%1").arg(port);
    QStringList origins{
        QStringLiteral("http://")
        + (isIpv6(options.address) ? QLatin1Char('[') + options.address + QLatin1Char(']') : options.address) + suffix};
    if (isLoopback(options.address))
        origins << QStringLiteral("http://localhost") + suffix << QStringLiteral("http://127.0.0.1") + suffix
                << QStringLiteral("http://[::1]") + suffix;
    return origins;
}

QString urlOf(const Options &options, quint16 port)
{
    const bool six = isIpv6(options.address);
    return QStringLiteral("http://%1:%2")
        .arg(six ? QLatin1Char('[') + options.address + QLatin1Char(']') : options.address)
        .arg(port);
}

void printRead(const ServeReloader::Status &first)
{
    const QString problems = first.current.problems.isEmpty()
        ? QString()
        : QStringLiteral(" (%1 files could not be read: see /readyz)").arg(first.current.problems.size());
    CommandErrors::print(Name,
                         QStringLiteral("read %1 records of %2 in %3 s%4")
                             .arg(first.current.records)
                             .arg(first.current.root)
                             .arg(first.current.seconds, 0, 'f', 2)
                             .arg(problems));
}

} // namespace

int ServeCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    if (!CommandErrors::checkReadableFolder(Name, options.kb))
        return ExitCode::UsageError;
    QString why;
    if ((!options.tokenFile.isEmpty() && !readToken(options.tokenFile, &options.serve.token, &why))
        || (!options.serve.outcomesFolder.isEmpty()
            && !checkOutcomes(options.serve.outcomesFolder, options.kb, &why))) {
        CommandErrors::print(Name, why);
        return ExitCode::UsageError;
    }
    if (!options.serve.outcomesFolder.isEmpty())
        options.serve.outcomesFolder = QFileInfo(options.serve.outcomesFolder).absoluteFilePath();
    std::signal(SIGPIPE, SIG_IGN);
    ServeMetrics metrics;
    std::unique_ptr<ServeRouter> router;
    HttpServer server(options.serve.limits, [&router](const HttpRequest &request) { return router->handle(request); });
    server.onRejected([&metrics](const QString &reason, const QString &message) {
        metrics.rejected(reason);
        CommandErrors::print(Name, message);
    });
    server.onAnswered([&metrics](const HttpRequest &request, int status, double seconds) {
        metrics.answered(ServeRouter::routeOf(request.path), status, seconds);
    });
    // Bound before the KB is read, so that a taken address is said at once;
    // connections are refused until the first snapshot is served.
    if (!server.bind(options.address, options.port, &why)) {
        CommandErrors::print(Name, why);
        return ExitCode::CannotRun;
    }
    ServeSnapshot::Options snapshotOptions;
    snapshotOptions.site.baseUrl = options.baseUrl;
    snapshotOptions.regexBudgetMs = CommandParser::budgetMs("ERRATA_REGEX_BUDGET_MS", LogMatcher::DefaultRegexBudgetMs);
    snapshotOptions.runBudgetMs = CommandParser::budgetMs("ERRATA_RUN_BUDGET_MS", LogMatcher::DefaultRunBudgetMs);
    ServeReloader reloader(QDir(options.kb).absolutePath(), snapshotOptions);
    if (!reloader.loadFirst(&why)) {
        CommandErrors::print(Name, why);
        return ExitCode::CannotRun;
    }
    printRead(reloader.status());
    options.serve.ownOrigins = ownOrigins(options, server.port());
    router = std::make_unique<ServeRouter>(options.serve, reloader, metrics);
    if (!server.start(&why)) {
        CommandErrors::print(Name, why);
        return ExitCode::CannotRun;
    }
    // A refusal is said by the reloader itself, with the snapshot kept.
    QObject::connect(&reloader, &ServeReloader::reloaded, qApp, [](bool accepted, const QString &message) {
        if (accepted)
            CommandErrors::print(Name, QStringLiteral("reloaded: ") + message);
    });
    reloader.startWatching();
    ServeSignals signals_;
    QObject::connect(&signals_, &ServeSignals::hangUp, &reloader, &ServeReloader::reload);
    QObject::connect(&signals_, &ServeSignals::terminate, qApp, [] { QCoreApplication::exit(ExitCode::Ok); });
    CommandErrors::print(Name,
                         QStringLiteral("listening on %1 (site /, API /api/v1/, MCP /mcp, /readyz, /metrics)%2")
                             .arg(urlOf(options, server.port()),
                                  options.serve.outcomesFolder.isEmpty()
                                      ? QStringLiteral("; writes off")
                                      : QStringLiteral("; outcome reports to ") + options.serve.outcomesFolder));
    const int code = QCoreApplication::exec();
    server.stop();
    CommandErrors::print(Name, QStringLiteral("stopped"));
    return code;
}

} // namespace Errata
