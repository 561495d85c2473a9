#include "app/commands/PublishCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "models/publish/SitePublisher.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTextStream>

#include <atomic>
#include <csignal>

namespace Errata {

namespace {

const QString Name = QStringLiteral("publish");

struct Options
{
    SitePublisher::Request request;
    bool json = false;
};

std::atomic_bool interrupted{false};

extern "C" void onInterrupt(int)
{
    interrupted.store(true);
}

CommandParser::Result parseDate(CommandParser &parser, const QCommandLineOption &today, Options &options)
{
    if (!parser.isSet(today))
        return CommandParser::Parsed;
    options.request.options.today = QDate::fromString(parser.value(today), Qt::ISODate);
    if (!options.request.options.today.isValid())
        return parser.usageError(QStringLiteral("--today needs a YYYY-MM-DD date"));
    return CommandParser::Parsed;
}

CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    CommandParser parser(Name,
                         QStringLiteral("Write a static site of a KB into OUT: a page per record and per "
                                        "domain in English and Chinese, search and lookup in the page, "
                                        "a quality dashboard and a JSON API. OUT is written as a new "
                                        "folder and swapped in at the end."));
    parser.addArgument(QStringLiteral("OUT"), QStringLiteral("The site's folder (made or replaced)."));
    parser.addKbOption(QStringLiteral("The KB folder (default: the current folder)."));
    parser.addFormatOption({QStringLiteral("text"), QStringLiteral("json")}, QStringLiteral("Format of the summary"));
    const QCommandLineOption baseUrl(QStringLiteral("base-url"),
                                     QStringLiteral("Where the site will be served (https://host/path): makes "
                                                    "sitemap.xml and absolute links in the feed and the API."),
                                     QStringLiteral("URL"));
    const QCommandLineOption validOnly(QStringLiteral("valid-only"),
                                       QStringLiteral("Leave out records with errors (default: publish them "
                                                      "with a warning)."));
    const QCommandLineOption today(QStringLiteral("today"),
                                   QStringLiteral("Reference date for stale and aging records (default: the "
                                                  "newest date of the KB's records)."),
                                   QStringLiteral("YYYY-MM-DD"));
    parser.addOptions({baseUrl, validOnly, today});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1)
        return parser.usageError(positional.isEmpty() ? QStringLiteral("expected the site's folder OUT")
                                                      : QStringLiteral("expected one folder OUT"));
    options.request.kb = parser.kb();
    options.request.out = positional.first();
    if (!parser.checkFormat())
        return CommandParser::BadUsage;
    options.json = parser.format() == QLatin1String("json");
    if (parser.isSet(baseUrl)) {
        QString why;
        options.request.options.baseUrl = SitePublisher::baseUrl(parser.value(baseUrl), &why);
        if (options.request.options.baseUrl.isEmpty())
            return parser.usageError(why);
    }
    options.request.options.validOnly = parser.isSet(validOnly);
    return parseDate(parser, today, options);
}

QJsonArray invalidJson(const SitePublisher::Result &result)
{
    QJsonArray invalid;
    for (const SitePublisher::Invalid &record : result.invalid)
        invalid.append(QJsonObject{{QStringLiteral("id"), record.id},
                                   {QStringLiteral("file"), record.file},
                                   {QStringLiteral("errors"), QJsonArray::fromStringList(record.errors)}});
    return invalid;
}

QByteArray summaryJson(const Options &options, const SitePublisher::Result &result)
{
    const QJsonObject files{{QStringLiteral("total"), result.files},
                            {QStringLiteral("written"), result.written},
                            {QStringLiteral("unchanged"), result.unchanged},
                            {QStringLiteral("removed"), result.removed},
                            {QStringLiteral("carried_over"), result.carriedOver}};
    const QJsonObject root{{QStringLiteral("out"), QDir::cleanPath(options.request.out)},
                           {QStringLiteral("records"), result.records},
                           {QStringLiteral("published"), result.published},
                           {QStringLiteral("valid_only"), options.request.options.validOnly},
                           {QStringLiteral("invalid"), invalidJson(result)},
                           {QStringLiteral("files"), files},
                           {QStringLiteral("bytes"), double(result.bytes)},
                           {QStringLiteral("seconds"), result.seconds},
                           {QStringLiteral("reference_date"), result.referenceDate.toString(Qt::ISODate)},
                           {QStringLiteral("base_url"), options.request.options.baseUrl},
                           {QStringLiteral("sitemap"), result.sitemap},
                           {QStringLiteral("notes"), QJsonArray::fromStringList(result.notes)}};
    return TerminalText::jsonSafe(QJsonDocument(root).toJson(QJsonDocument::Indented));
}

QString number(qint64 value)
{
    static const QLocale english(QLocale::English, QLocale::UnitedStates); // 6,512 whatever LANG says
    return english.toString(value);
}

QString summaryText(const Options &options, const SitePublisher::Result &result)
{
    QString invalid;
    if (!result.invalid.isEmpty())
        invalid = options.request.options.validOnly
            ? QStringLiteral(" (%1 with errors left out)").arg(number(result.invalid.size()))
            : QStringLiteral(" (%1 with errors, shown with a warning)").arg(number(result.invalid.size()));
    return QStringLiteral("Published %1 of %2 records%3 to %4: %5 files, %6 written, %7 unchanged, %8 removed, "
                          "%9 carried over, in %10 s\n")
        .arg(number(result.published), number(result.records), invalid, QDir::cleanPath(options.request.out),
             number(result.files), number(result.written), number(result.unchanged), number(result.removed),
             number(result.carriedOver), QString::number(result.seconds, 'f', 2));
}

void reportInvalid(const Options &options, const SitePublisher::Result &result)
{
    const QString how = options.request.options.validOnly ? QStringLiteral("left out")
                                                          : QStringLiteral("published with a warning");
    for (const SitePublisher::Invalid &record : result.invalid)
        CommandErrors::print(Name,
                             QStringLiteral("%1: %2 (%3): %4")
                                 .arg(record.file, how, record.id, record.errors.join(QStringLiteral("; "))));
}

} // namespace

int PublishCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    if (!CommandErrors::checkReadableFolder(Name, options.request.kb))
        return ExitCode::UsageError;
    // Ctrl+C stops between files and leaves OUT as it was.
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    const SitePublisher::Result result = SitePublisher::publish(options.request, &interrupted);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (!result.ok) {
        CommandErrors::print(Name, result.error);
        return result.refused ? ExitCode::UsageError : ExitCode::CannotRun;
    }
    reportInvalid(options, result);
    for (const QString &note : result.notes)
        CommandErrors::print(Name, QStringLiteral("note: ") + note);
    if (!result.sitemap)
        CommandErrors::print(Name, QStringLiteral("note: no sitemap.xml without --base-url"));
    QTextStream out(stdout);
    out << (options.json ? QString::fromUtf8(summaryJson(options, result)) : summaryText(options, result));
    return ExitCode::Ok;
}

} // namespace Errata
