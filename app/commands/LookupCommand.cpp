#include "app/commands/LookupCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "app/CommandLine.h"
#include "models/kb/KnowledgeBase.h"
#include "models/lookup/LookupEngine.h"
#include "models/lookup/LookupJson.h"
#include "models/matching/LogReader.h"
#include "models/search/SearchIndex.h"
#include "models/session/KnowledgeBaseSession.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace Errata {

namespace {

const QString Name = QStringLiteral("lookup");

// Of a longer standard input, its first and its last lines within these
// are looked at (LogReader::readEnds), as the window looks at the head and
// the tail of a pasted log: a CI log says what it runs on at its start and
// what failed at its end. ERRATA_LOOKUP_INPUT_BYTES lowers the whole (for
// tests), the head staying a sixteenth of it.
constexpr qint64 InputBytes = qint64(16) << 20;

LogReader::Ends inputEnds()
{
    bool ok = false;
    const qint64 lowered = qEnvironmentVariable("ERRATA_LOOKUP_INPUT_BYTES").toLongLong(&ok);
    const qint64 total = ok && lowered > 0 ? qMin(lowered, InputBytes) : InputBytes;
    return {total / 16, total - total / 16};
}

// What was read of standard input, for the note and the JSON output.
struct Input
{
    bool standardInput = false;
    LogReader::Result read; // without its bytes
};

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

// The text to look up: the arguments, or standard input (UTF-16 and UTF-32
// decoded, the middle of a long one left out and said so on stderr).
bool readInput(const Options &options, QString *text, Input *input)
{
    if (!(options.text.isEmpty() || options.text == QStringList{QStringLiteral("-")})) {
        *text = options.text.join(QLatin1Char(' '));
        return true;
    }
    input->standardInput = true;
    LogReader::Result &read = input->read;
    read = LogReader::readEnds(QStringLiteral("-"), LogReader::limits(), inputEnds());
    if (read.status != LogReader::Read) {
        CommandErrors::print(Name, QStringLiteral("cannot read standard input (") + read.error + QLatin1Char(')'));
        return false;
    }
    *text = QString::fromUtf8(read.bytes);
    read.bytes.clear();
    if (read.skippedBytes > 0) {
        const LogReader::Ends ends = inputEnds();
        const QString what = read.skippedLines > 0 ? QStringLiteral("lines %1–%2 (%3) are not")
                                                         .arg(read.headLines + 1)
                                                         .arg(read.headLines + read.skippedLines)
                                                         .arg(LogReader::sizeText(read.skippedBytes))
                                                   : QStringLiteral("%1 of line %2 are not")
                                                         .arg(LogReader::sizeText(read.skippedBytes))
                                                         .arg(read.headLines + 1);
        CommandErrors::print(Name,
                             QStringLiteral("standard input is %1: only its first %2 and its last %3 are "
                                            "looked at, at line ends; ")
                                     .arg(LogReader::sizeText(read.totalBytes), LogReader::sizeText(ends.head),
                                          LogReader::sizeText(ends.tail))
                                 + what);
    }
    return true;
}

// Line numbers as in standard input, its middle left out.
void mapLines(const Input &input, LookupResult &result)
{
    if (!input.standardInput || input.read.skippedLines == 0)
        return;
    for (int &line : result.errorLines)
        line = int(input.read.lineInLog(line));
    for (LookupResult::Hit &hit : result.hits) {
        if (hit.why.regexLine > 0)
            hit.why.regexLine = int(input.read.lineInLog(hit.why.regexLine));
    }
}

QJsonValue inputJson(const Input &input)
{
    if (!input.standardInput)
        return QJsonValue();
    const LogReader::Result &read = input.read;
    return QJsonObject{
        {QStringLiteral("encoding"), LogEncoding::name(read.encoding)},
        {QStringLiteral("bytes"), read.totalBytes},
        {QStringLiteral("skipped_bytes"), read.skippedBytes},
        {QStringLiteral("skipped_lines"), read.skippedLines},
        {QStringLiteral("first_skipped_line"), read.skippedBytes > 0 ? QJsonValue(read.headLines + 1) : QJsonValue()}};
}

void printJson(const LookupResult &result, const Input &input, QTextStream &out)
{
    QJsonObject root = LookupJson::toJson(result);
    if (input.standardInput)
        root.insert(QStringLiteral("input"), inputJson(input));
    out << TerminalText::jsonSafe(QJsonDocument(root).toJson(QJsonDocument::Indented));
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
    Input input;
    if (!readInput(options, &text, &input))
        return ExitCode::CannotRun;
    if (!CommandErrors::checkReadableFolder(Name, options.kb))
        return ExitCode::UsageError;
    KnowledgeBaseSession session;
    open(session, options.kb);
    const LookupEngine::Budgets defaults = LookupEngine::defaultBudgets();
    const LookupEngine engine(session.index().lookup(),
                              {CommandParser::budgetMs("ERRATA_REGEX_BUDGET_MS", defaults.regexBudgetMs),
                               CommandParser::budgetMs("ERRATA_RUN_BUDGET_MS", defaults.runBudgetMs)});
    LookupResult result = engine.lookup(text, options.limit);
    mapLines(input, result);
    QTextStream out(stdout);
    if (options.json)
        printJson(result, input, out);
    else
        printText(result, out);
    out.flush();
    if (!result.hits.isEmpty())
        CommandLine::exitWithoutCleanup(ExitCode::Ok);
    CommandLine::exitWithoutCleanup(result.isIncomplete() ? ExitCode::Incomplete : ExitCode::FoundNothing);
}

} // namespace Errata
