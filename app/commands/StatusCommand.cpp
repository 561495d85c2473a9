#include "app/commands/StatusCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "app/CommandLine.h"

#include "models/git/GitChangeCheck.h"
#include "models/git/GitStatus.h"
#include "models/git/GitSummaryCache.h"

#include <QDir>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>

namespace Errata {

namespace {

const QString Name = QStringLiteral("status");

struct Options
{
    QString folder = QStringLiteral(".");
    bool json = false;
    QDate today = QDate::currentDate();
};

CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    CommandParser parser(Name,
                         QStringLiteral("List the records of a KB in a git checkout that changed against HEAD "
                                        "(modified, added, untracked, deleted, renamed, conflicted), each with "
                                        "its findings."));
    parser.addKbOption(QStringLiteral("The KB folder (default: this folder)."));
    parser.addFormatOption();
    const QCommandLineOption today(QStringLiteral("today"),
                                   QStringLiteral("Reference date for staleness (default: today)."),
                                   QStringLiteral("YYYY-MM-DD"));
    parser.addOptions({today});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    if (!parser.positionalArguments().isEmpty())
        return parser.usageError(QStringLiteral("the KB folder is given with --kb"));
    options.folder = parser.kb();
    if (!parser.checkFormat())
        return CommandParser::BadUsage;
    options.json = parser.format() == QLatin1String("json");
    if (parser.isSet(today)) {
        options.today = QDate::fromString(parser.value(today), Qt::ISODate);
        if (!options.today.isValid())
            return parser.usageError(QStringLiteral("--today needs a YYYY-MM-DD date"));
    }
    return CommandParser::Parsed;
}

// One changed record, as printed.
struct Changed
{
    QString id;
    QString path; // as the user named the folder: "kb/app/one.json"
    GitStatus::Entry entry;
    QList<Problem> findings;
    bool hasErrors() const
    {
        return entry.state == GitStatus::State::Conflicted
            || std::any_of(findings.cbegin(), findings.cend(),
                           [](const Problem &problem) { return problem.severity == Problem::Error; });
    }
};

// One changed file with its record's id and findings, its path as the user
// named the folder (`prefix`).
Changed changedRecord(const GitChangeCheck::Checked &checked, const QString &prefix)
{
    const GitStatus::Entry &entry = checked.entry;
    Changed item{checked.id, prefix + entry.path, entry, checked.findings};
    for (Problem &problem : item.findings)
        problem.file = item.path;
    std::stable_sort(item.findings.begin(), item.findings.end(),
                     [](const Problem &a, const Problem &b) { return a.line < b.line; });
    if (item.id.isEmpty()) // deleted, or not loaded: named by its path
        item.id = entry.path.left(entry.path.size() - int(qstrlen(".json")));
    return item;
}

// The findings of the changed records (GitChangeCheck): only the changed
// files are read; the rules that read the KB take the other records' ids
// and links from a cache kept by git blob id. A clean checkout answers from
// git alone.
QList<Changed> changedRecords(const GitStatus &status, const Options &options)
{
    QList<Changed> changed;
    if (status.entries().isEmpty())
        return changed;
    GitChangeCheck::Options check;
    check.today = options.today;
    check.cacheFile = GitSummaryCache::fileFor(options.folder);
    QString error;
    const QList<GitChangeCheck::Checked> checked = GitChangeCheck::check(options.folder, status, check, &error);
    if (!error.isEmpty())
        CommandErrors::print(Name,
                             QStringLiteral("cannot write the cache ") + check.cacheFile + QStringLiteral(" (") + error
                                 + QLatin1Char(')'));
    const QString prefix = QDir::cleanPath(options.folder) + QLatin1Char('/');
    for (const GitChangeCheck::Checked &item : checked)
        changed << changedRecord(item, prefix);
    return changed;
}

void printJson(QTextStream &out, const GitStatus &status, const QList<Changed> &changed)
{
    QJsonArray records;
    for (const Changed &item : changed) {
        QJsonArray findings;
        for (const Problem &problem : item.findings)
            findings.append(problem.toJson());
        QJsonObject record{{QStringLiteral("id"), item.id},
                           {QStringLiteral("path"), item.path},
                           {QStringLiteral("status"), GitStatus::stateName(item.entry.state)},
                           {QStringLiteral("findings"), findings}};
        if (!item.entry.oldPath.isEmpty())
            record.insert(QStringLiteral("old_path"), item.entry.oldPath);
        records.append(record);
    }
    QJsonObject document{{QStringLiteral("branch"), status.branch()}, {QStringLiteral("records"), records}};
    if (!status.notCovered().isEmpty())
        document.insert(QStringLiteral("not_covered"), QJsonArray::fromStringList(status.notCovered()));
    out << TerminalText::jsonSafe(QJsonDocument(document).toJson(QJsonDocument::Indented));
}

// What git's state leaves out (records in submodules, renames past the
// limit), after the list: a clean list is then no all-clear.
void printNotCovered(QTextStream &out, const GitStatus &status)
{
    for (const QString &note : status.notCovered())
        out << "Not covered: " << TerminalText::escaped(note) << '\n';
}

void printText(QTextStream &out, const GitStatus &status, const QList<Changed> &changed)
{
    out << "On branch " << TerminalText::escaped(status.branch()) << ": ";
    if (changed.isEmpty()) {
        out << "no changed records\n";
        printNotCovered(out, status);
        return;
    }
    out << changed.size() << (changed.size() == 1 ? " changed record\n" : " changed records\n");
    for (const Changed &item : changed) {
        out << QStringLiteral("  %1  %2")
                   .arg(GitStatus::stateName(item.entry.state), -10)
                   .arg(TerminalText::escaped(item.path));
        if (!item.entry.oldPath.isEmpty())
            out << " (from " << TerminalText::escaped(item.entry.oldPath) << ')';
        out << '\n';
        for (const Problem &problem : item.findings)
            out << "    " << TerminalText::escaped(problem.toText()) << '\n';
    }
    printNotCovered(out, status);
}

} // namespace

int StatusCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    if (!CommandErrors::checkReadableFolder(Name, options.folder))
        return ExitCode::UsageError;
    const GitStatus status = GitStatus::read(options.folder);
    if (!status.isRepository()) {
        CommandErrors::print(Name, options.folder + QStringLiteral(": not in a git checkout"));
        return ExitCode::UsageError;
    }
    if (!status.error().isEmpty()) {
        CommandErrors::print(Name, status.error());
        return ExitCode::CannotRun;
    }
    const QList<Changed> changed = changedRecords(status, options);
    QTextStream out(stdout);
    if (options.json)
        printJson(out, status, changed);
    else
        printText(out, status, changed);
    out.flush();
    const bool failed = std::any_of(changed.cbegin(), changed.cend(),
                                    [](const Changed &item) { return item.hasErrors(); });
    CommandLine::exitWithoutCleanup(failed ? ExitCode::Findings : ExitCode::Ok);
}

} // namespace Errata
