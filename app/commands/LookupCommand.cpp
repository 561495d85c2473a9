#include "app/commands/LookupCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "app/CommandLine.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/LookupEngine.h"
#include "models/search/SearchIndex.h"
#include "models/session/KnowledgeBaseSession.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace Errata {

namespace {

const QString Name = QStringLiteral("lookup");

constexpr qint64 MaxInput = 16 * 1024 * 1024; // bytes of standard input read

struct Options
{
    QString kb = QStringLiteral(".");
    QStringList text; // empty or "-": standard input
    bool json = false;
    int limit = 10;
};

// Fills `options` (Parsed), or shows the help, or says why the usage is bad.
CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    CommandParser parser(Name,
                         QStringLiteral("Find the records of a KB most like an error text: one line, a stack trace "
                                        "or a whole log, best first, with why."));
    parser.addArgument(QStringLiteral("TEXT"), QStringLiteral("The error text; \"-\" or none: standard input."),
                       QStringLiteral("[TEXT...|-]"));
    parser.addKbOption(QStringLiteral("The KB folder (default: the current folder)."));
    parser.addFormatOption();
    const QCommandLineOption limit(QStringLiteral("limit"), QStringLiteral("The most records shown (default: 10)."),
                                   QStringLiteral("N"), QStringLiteral("10"));
    parser.addOptions({limit});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    options.text = parser.positionalArguments();
    options.kb = parser.kb();
    if (!parser.checkFormat())
        return CommandParser::BadUsage;
    options.json = parser.format() == QLatin1String("json");
    bool ok = false;
    options.limit = parser.value(limit).toInt(&ok);
    if (!ok || options.limit < 1)
        return parser.usageError(
            QStringLiteral("--limit must be a whole number above 0, not \"%1\"").arg(parser.value(limit)));
    return CommandParser::Parsed;
}

bool readInput(const Options &options, QString *text)
{
    if (!(options.text.isEmpty() || options.text == QStringList{QStringLiteral("-")})) {
        *text = options.text.join(QLatin1Char(' '));
        return true;
    }
    QFile input;
    if (!input.open(stdin, QIODevice::ReadOnly)) {
        CommandErrors::print(Name,
                             QStringLiteral("cannot read standard input (") + input.errorString() + QLatin1Char(')'));
        return false;
    }
    *text = QString::fromUtf8(input.read(MaxInput));
    return true;
}

void printJson(const LookupResult &result, QTextStream &out)
{
    QJsonArray results;
    for (const LookupResult::Hit &hit : result.hits)
        results.append(QJsonObject{{QStringLiteral("id"), hit.id},
                                   {QStringLiteral("score"), hit.score},
                                   {QStringLiteral("band"), LookupResult::bandName(hit.band)},
                                   {QStringLiteral("signature"), hit.signature},
                                   {QStringLiteral("domain"), hit.domain},
                                   {QStringLiteral("why"), LookupResult::toJson(hit.why)}});
    out << TerminalText::jsonSafe(
        QJsonDocument(QJsonObject{{QStringLiteral("query"), result.errorText},
                                  {QStringLiteral("results"), results},
                                  {QStringLiteral("cut_short"), LookupResult::cutShortJson(result.cutShort)},
                                  {QStringLiteral("regex_budget_seconds"), result.regexBudgetSeconds},
                                  {QStringLiteral("run_budget_seconds"), result.runBudgetSeconds}})
            .toJson(QJsonDocument::Indented));
}

QString whyText(const LookupResult::Why &why)
{
    QStringList parts;
    if (why.regex != LookupResult::NoRegex)
        parts << (why.regexRecord.isEmpty() ? QStringLiteral("regex") : QStringLiteral("regex of ") + why.regexRecord)
                + QStringLiteral(" %1 on line %2").arg(LookupResult::regexHowName(why.regex)).arg(why.regexLine);
    if (!why.sharedWords.isEmpty())
        parts << QStringLiteral("words: ") + why.sharedWords.join(QStringLiteral(", "));
    if (!why.environment.isEmpty())
        parts << QStringLiteral("environment: ") + why.environment.join(QStringLiteral(", "));
    return parts.join(QStringLiteral("; "));
}

void printText(const LookupResult &result, QTextStream &out)
{
    int rank = 0;
    for (const LookupResult::Hit &hit : result.hits) {
        out << ++rank << ". " << TerminalText::escaped(hit.id) << "  [" << LookupResult::bandName(hit.band) << ", "
            << QString::number(hit.score, 'f', 2) << "]\n"
            << "   " << TerminalText::escaped(hit.signature.simplified()) << '\n'
            << "   why: " << TerminalText::escaped(whyText(hit.why)) << "\n\n";
    }
    if (result.hits.isEmpty())
        out << "No record is like this error.\n";
    for (const LogMatchResult::CutShort &regex : result.cutShort)
        out << "incomplete: the regex of " << TerminalText::escaped(regex.recordId) << " was "
            << TerminalText::escaped(regex.reason) << '\n';
}

// Opens the KB through the cache as the window does. Lookup needs no
// findings: when the cache held every record, they are checked only if the
// cache must be written again (it keeps findings for the window).
void open(KnowledgeBaseSession &session, const QString &folder)
{
    KnowledgeBaseSession::Options options;
    options.indexAsRead = true;
    session.read(folder, options);
    const bool whollyCached = session.usesCache() && session.restoredCount() == session.knowledgeBase().count();
    if (!whollyCached)
        session.check();
    session.buildIndex();
    if (!session.isCacheOutdated())
        return;
    if (whollyCached)
        session.check();
    QString error;
    if (!session.writeCache(&error))
        CommandErrors::print(Name,
                             QStringLiteral("cannot write the cache ") + session.cacheFile() + QStringLiteral(" (")
                                 + error + QLatin1Char(')'));
}

} // namespace

int LookupCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    QString text;
    if (!readInput(options, &text))
        return ExitCode::CannotRun;
    if (!CommandErrors::checkReadableFolder(Name, options.kb))
        return ExitCode::UsageError;
    KnowledgeBaseSession session;
    open(session, options.kb);
    const LookupEngine::Budgets defaults = LookupEngine::defaultBudgets();
    const LookupEngine engine(session.index().lookup(),
                              {CommandParser::budgetMs("ERRATA_REGEX_BUDGET_MS", defaults.regexBudgetMs),
                               CommandParser::budgetMs("ERRATA_RUN_BUDGET_MS", defaults.runBudgetMs)});
    const LookupResult result = engine.lookup(text, options.limit);
    QTextStream out(stdout);
    if (options.json)
        printJson(result, out);
    else
        printText(result, out);
    out.flush();
    if (!result.hits.isEmpty())
        CommandLine::exitWithoutCleanup(ExitCode::Ok);
    CommandLine::exitWithoutCleanup(result.isIncomplete() ? ExitCode::Incomplete : ExitCode::FoundNothing);
}

} // namespace Errata
