#include "app/commands/MatchCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/matching/LogMatchJson.h"
#include "models/matching/LogMatcher.h"
#include "models/matching/LogReader.h"
#include "models/record/Record.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>
#include <utility>

namespace Errata {

namespace {

const QString Name = QStringLiteral("match");

constexpr int LinesShown = 5;

struct Options
{
    QString kb = QStringLiteral(".");
    QString log = QStringLiteral("-");
    bool json = false;
    bool ignoreCase = false;
};

// Fills `options` (Parsed), or shows the help, or says why the usage is bad.
CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    CommandParser parser(Name,
                         QStringLiteral("Find the records of a KB whose regex matches a log, "
                                        "most specific first, with the matching lines."));
    parser.addArgument(QStringLiteral("LOGFILE"), QStringLiteral("The log; \"-\" or none: standard input."),
                       QStringLiteral("[LOGFILE|-]"));
    parser.addKbOption(QStringLiteral("The KB folder (default: the current folder)."));
    parser.addFormatOption();
    const QCommandLineOption ignoreCase(QStringLiteral("ignore-case"),
                                        QStringLiteral("Apply every regex ignoring case (default: as written)."));
    parser.addOptions({ignoreCase});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return parser.usageError(QStringLiteral("expected at most one log file"));
    options.log = positional.value(0, QStringLiteral("-"));
    options.kb = parser.kb();
    if (!parser.checkFormat())
        return CommandParser::BadUsage;
    options.json = parser.format() == QLatin1String("json");
    options.ignoreCase = parser.isSet(ignoreCase);
    return CommandParser::Parsed;
}

bool isStandardInput(const QString &path)
{
    return path == QLatin1String("-");
}

bool cannotRead(const QString &path, const QString &why)
{
    CommandErrors::print(Name,
                         path + QStringLiteral(": cannot read the log")
                             + (why.isEmpty() ? QString() : QStringLiteral(" (") + why + QLatin1Char(')')));
    return false;
}

// Checked before the KB is loaded, so that a wrong path fails at once. A
// FIFO or a device is a log too: LogReader reads it up to its limit.
bool logLooksReadable(const QString &path)
{
    const QFileInfo info(path);
    if (isStandardInput(path) || (info.exists() && !info.isDir() && info.isReadable()))
        return true;
    return cannotRead(path,
                      !info.exists()     ? QStringLiteral("no such file")
                          : info.isDir() ? QStringLiteral("a folder, not a file")
                                         : QStringLiteral("not readable"));
}

// Up to LogReader's limits: a longer log is refused rather than matched in
// part, so that a result is always about the whole log.
bool readLog(const QString &path, QByteArray *log)
{
    LogReader::Result read = LogReader::read(path, LogReader::limits());
    if (read.status == LogReader::TooLarge) {
        CommandErrors::print(Name, path + QStringLiteral(": ") + read.error + QStringLiteral("; nothing was matched"));
        return false;
    }
    if (read.status != LogReader::Read)
        return cannotRead(path, read.error);
    *log = std::move(read.bytes);
    return true;
}

QString shortened(const QString &text)
{
    bool wasCut = false;
    const QString start = LogMatchJson::cut(text, &wasCut);
    return wasCut ? start + QStringLiteral("...") : start;
}

// The file of a matching record, relative to the KB.
QString fileOf(const KnowledgeBase &kb, const LogMatchResult::Match &match)
{
    return match.record ? kb.relativePath(match.record->filePath()) : QString();
}

void printText(const KnowledgeBase &kb, const LogMatchResult &result, QTextStream &out)
{
    for (const LogMatchResult::Match &match : result.matches) {
        const QString signature = match.record ? match.record->signature() : QString();
        out << TerminalText::escaped(match.recordId);
        if (kb.recordsWithId(match.recordId).size() > 1)
            out << " (" << TerminalText::escaped(fileOf(kb, match)) << ')';
        out << ": " << TerminalText::escaped(signature.simplified()) << '\n';
        for (int i = 0; i < match.lines.size() && i < LinesShown; ++i)
            out << "  line " << match.lines.at(i).number << ": "
                << TerminalText::escaped(shortened(match.lines.at(i).text), TerminalText::KeepTabs) << '\n';
        if (match.lineCount > LinesShown)
            out << "  (" << match.lineCount - LinesShown << " more lines)\n";
        out << '\n';
    }
    out << QStringLiteral("%1 of %2 records matched, in %3 lines (%4 ms)\n")
               .arg(result.matches.size())
               .arg(result.regexCount)
               .arg(result.logLines)
               .arg(result.timings.totalMs, 0, 'f', 0);
    for (const LogMatchResult::CutShort &regex : result.cutShort)
        out << "incomplete: the regex of " << TerminalText::escaped(regex.recordId) << " was "
            << TerminalText::escaped(regex.reason) << '\n';
}

QJsonObject toJson(const KnowledgeBase &kb, const LogMatchResult &result, const Options &options)
{
    QJsonObject root = LogMatchJson::toJson(kb, result);
    root.insert(QStringLiteral("log"), options.log);
    root.insert(QStringLiteral("kb"), options.kb);
    root.insert(QStringLiteral("ignore_case"), options.ignoreCase);
    return root;
}

void reportOnStderr(const KnowledgeBase &kb, const LogMatchResult &result)
{
    for (const Problem &problem : kb.loadProblems())
        CommandErrors::print(Name, QStringLiteral("warning: ") + problem.toText());
    for (const QString &id : LogMatchJson::duplicateIds(kb)) {
        QStringList files = kb.filesWithId(id);
        files.sort();
        CommandErrors::print(Name,
                             QStringLiteral("warning: id \"%1\" is used by %2 files: %3; each is matched as a "
                                            "record of its own")
                                 .arg(id, QString::number(files.size()), files.join(QStringLiteral(", "))));
    }
    for (const LogMatchResult::Skipped &record : result.skipped)
        CommandErrors::print(Name, QStringLiteral("skipped ") + record.recordId + QStringLiteral(": ") + record.reason);
    if (result.usedFallback)
        CommandErrors::print(Name, QStringLiteral("note: ") + result.note);
}

} // namespace

int MatchCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    if (!CommandErrors::checkReadableFolder(Name, options.kb))
        return ExitCode::UsageError;
    if (!logLooksReadable(options.log))
        return ExitCode::UsageError;
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(options.kb));
    if (kb.count() == 0) {
        CommandErrors::print(Name,
                             options.kb + QStringLiteral(": no record in this folder (give the KB with --kb DIR)"));
        return ExitCode::UsageError;
    }
    QByteArray log;
    if (!readLog(options.log, &log))
        return ExitCode::CannotRun;
    LogMatcher::Options matchOptions;
    matchOptions.ignoreCase = options.ignoreCase;
    matchOptions.regexBudgetMs = CommandParser::budgetMs("ERRATA_REGEX_BUDGET_MS", LogMatcher::DefaultRegexBudgetMs);
    matchOptions.runBudgetMs = CommandParser::budgetMs("ERRATA_RUN_BUDGET_MS", LogMatcher::DefaultRunBudgetMs);
    LogMatcher matcher;
    matcher.build(kb, matchOptions);
    const LogMatchResult result = matcher.match(log);
    QTextStream out(stdout);
    if (options.json)
        out << TerminalText::jsonSafe(QJsonDocument(toJson(kb, result, options)).toJson(QJsonDocument::Indented));
    else
        printText(kb, result, out);
    out.flush();
    reportOnStderr(kb, result); // after the matches, where it is read
    if (!result.matches.isEmpty())
        return ExitCode::Ok;
    return result.cutShort.isEmpty() ? ExitCode::FoundNothing : ExitCode::Incomplete;
}

} // namespace Errata
