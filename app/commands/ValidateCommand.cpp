#include "app/commands/ValidateCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "app/CommandLine.h"

#include "models/git/GitStatus.h"
#include "models/kb/KnowledgeBase.h"
#include "models/session/KnowledgeBaseSession.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTextStream>

#include <algorithm>

namespace Errata {

namespace {

const QString Name = QStringLiteral("validate");

struct Options
{
    QString folder;
    bool strict = false;
    bool json = false;
    bool cache = true;
    bool changedOnly = false;
    QString revision = QStringLiteral("HEAD"); // with changedOnly
    QDate today = QDate::currentDate();
};

// Fills `options` (Parsed), or shows the help, or says why the usage is bad.
CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    CommandParser parser(Name,
                         QStringLiteral("Check every record of a KB folder against the "
                                        "schema and the rules of the record format."));
    parser.addArgument(QStringLiteral("DIR"), QStringLiteral("The KB folder."));
    parser.addArgument(QStringLiteral("REV"),
                       QStringLiteral("With --changed: the commit to compare with (default: HEAD)."),
                       QStringLiteral("[REV]"));
    const QCommandLineOption strict(QStringLiteral("strict"), QStringLiteral("Fail on warnings too."));
    const QCommandLineOption today(QStringLiteral("today"),
                                   QStringLiteral("Reference date for staleness (default: today)."),
                                   QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption noCache(QStringLiteral("no-cache"),
                                     QStringLiteral("Check every file anew, and neither read nor write the "
                                                    "cache of findings that a later run reuses for the files "
                                                    "that did not change."));
    const QCommandLineOption changed(QStringLiteral("changed"),
                                     QStringLiteral("Report only the records changed since REV (in commits, in "
                                                    "the index or on disk; the KB must be in a git checkout), "
                                                    "and the records linked to or from them."));
    parser.addOptions({strict});
    parser.addFormatOption();
    parser.addOptions({today, noCache, changed});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    const QStringList positional = parser.positionalArguments();
    options.changedOnly = parser.isSet(changed);
    if (positional.isEmpty() || positional.size() > (options.changedOnly ? 2 : 1))
        return parser.usageError(options.changedOnly ? QStringLiteral("expected one folder and at most one revision")
                                                     : QStringLiteral("expected one folder"));
    options.folder = positional.at(0);
    if (positional.size() == 2)
        options.revision = positional.at(1);
    options.strict = parser.isSet(strict);
    options.cache = !parser.isSet(noCache);
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

// Paths are printed as the user named the folder: "kb/pytorch/x.json".
// `prefix` is that name, cleaned, with a final "/".
QString displayPath(const QString &prefix, const QString &root, const QString &file)
{
    if (file == root) // a finding about the KB folder itself
        return prefix.chopped(1);
    if (file.startsWith(root) && file.mid(root.size(), 1) == QLatin1String("/"))
        return prefix + file.mid(root.size() + 1);
    return prefix + QDir(root).relativeFilePath(file);
}

// Every finding, by file and then by line. The findings of one file come
// from one record (already ordered by line) or from one file that did not
// load, so the files are sorted and each file's list only by line.
// With `only`, the findings of those files (absolute paths) alone.
QList<Problem> sortedProblems(const KnowledgeBase &kb, const QString &folder, const QSet<QString> *only)
{
    QList<QList<Problem>> groups;
    groups.reserve(kb.count() + kb.loadProblems().size());
    for (const Problem &problem : kb.loadProblems()) {
        if (!only || only->contains(problem.file))
            groups.append({problem});
    }
    for (int i = 0; i < kb.count(); ++i) {
        const QList<Problem> problems = kb.problems(kb.recordAt(i));
        if (!problems.isEmpty() && (!only || only->contains(kb.recordAt(i)->filePath())))
            groups.append(problems);
    }
    const QString prefix = QDir::cleanPath(folder) + QLatin1Char('/');
    for (QList<Problem> &group : groups) {
        const QString file = displayPath(prefix, kb.root(), group.first().file);
        for (Problem &problem : group)
            problem.file = file;
        std::stable_sort(group.begin(), group.end(),
                         [](const Problem &a, const Problem &b) { return a.line < b.line; });
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const QList<Problem> &a, const QList<Problem> &b) { return a.first().file < b.first().file; });
    QList<Problem> all;
    for (const QList<Problem> &group : std::as_const(groups))
        all += group;
    return all;
}

QString idOfPath(const QString &path)
{
    return path.left(path.size() - int(qstrlen(".json")));
}

// Adds the files of `kb` below `folder` (absolute, with a final '/'), those
// that loaded and those that did not, to `files`.
void addFilesBelow(const KnowledgeBase &kb, const QString &folder, QSet<QString> *files)
{
    for (int i = 0; i < kb.count(); ++i) {
        if (kb.recordAt(i)->filePath().startsWith(folder))
            files->insert(kb.recordAt(i)->filePath());
    }
    for (const Problem &problem : kb.loadProblems()) {
        if (problem.file.startsWith(folder))
            files->insert(problem.file);
    }
}

// With --changed: the files whose findings are reported (absolute paths):
// those changed since the revision, and the records that link to one of
// them (by its id now, or before it was renamed or deleted) or that one of
// them links to, whose link findings the change may alter. False with
// `error` when git cannot say.
bool selectChanged(const KnowledgeBase &kb, const Options &options, QSet<QString> *files, int *changedCount,
                   QString *error)
{
    const GitStatus status = GitStatus::read(options.folder, options.revision);
    if (!status.isRepository() || !status.error().isEmpty()) {
        *error = status.isRepository() ? status.error() : QStringLiteral("not in a git checkout");
        return false;
    }
    QSet<QString> changedIds;
    for (const GitStatus::Entry &entry : status.entries()) {
        files->insert(kb.root() + QLatin1Char('/') + entry.path);
        changedIds << idOfPath(entry.path);
        if (!entry.oldPath.isEmpty())
            changedIds << idOfPath(entry.oldPath);
    }
    *changedCount = int(status.entries().size());
    // Git's state does not look into submodules: their records are all reported.
    for (const QString &folder : status.submodules())
        addFilesBelow(kb, kb.root() + QLatin1Char('/') + folder + QLatin1Char('/'), files);
    for (const QString &note : status.notCovered())
        CommandErrors::print(Name, options.folder + QStringLiteral(": warning: ") + note);
    QSet<QString> linkedFromChanged;
    for (int i = 0; i < kb.count(); ++i) {
        const Record *record = kb.recordAt(i);
        if (!files->contains(record->filePath()))
            continue;
        changedIds << record->id();
        for (const Record::LinkTarget &link : record->summary().links)
            linkedFromChanged << link.id;
    }
    for (int i = 0; i < kb.count(); ++i) {
        const Record *record = kb.recordAt(i);
        const QList<Record::LinkTarget> &links = record->summary().links;
        const bool linksToChanged = std::any_of(
            links.cbegin(), links.cend(), [&](const Record::LinkTarget &link) { return changedIds.contains(link.id); });
        if (linksToChanged || linkedFromChanged.contains(record->id()))
            files->insert(record->filePath());
    }
    return true;
}

// Loads and validates the KB. Through the cache, a file that did not
// change since the last run is neither parsed nor checked again, but the
// rules that read the KB or the date run for every record. The documents
// are kept: validation reads every parsed one right away.
void load(KnowledgeBaseSession &session, const Options &options)
{
    KnowledgeBaseSession::Options open;
    open.documents = KnowledgeBaseLoader::KeepDocuments;
    open.useCache = options.cache;
    open.today = options.today;
    session.read(options.folder, open);
    session.check();
}

// What the summary says.
struct Summary
{
    int files = 0;
    int records = 0;
    KnowledgeBase::Counts counts;
    double seconds = 0;
    int fromCache = 0;
    bool canons = false;
    int changed = -1; // with --changed: the records changed since the revision
};

// With --changed, the counts are those of the findings reported.
KnowledgeBase::Counts countsOf(const QList<Problem> &problems)
{
    KnowledgeBase::Counts counts;
    for (const Problem &problem : problems) {
        if (problem.severity == Problem::Error)
            ++counts.errors;
        else if (problem.severity == Problem::Warning)
            ++counts.warnings;
        else
            ++counts.infos;
    }
    return counts;
}

Summary summarize(const KnowledgeBaseSession &session, double seconds)
{
    const KnowledgeBase &kb = session.knowledgeBase();
    const QList<Problem> loadProblems = kb.loadProblems();
    Summary summary;
    // A file that did not load is a file; a folder that was not read is not.
    summary.files = kb.count()
        + int(std::count_if(loadProblems.cbegin(), loadProblems.cend(),
                            [](const Problem &problem) { return problem.rule != QLatin1String("folder"); }));
    summary.records = kb.count();
    summary.counts = kb.counts();
    summary.seconds = seconds;
    summary.fromCache = session.reusedFindingsCount();
    summary.canons = session.looksLikeCanons();
    return summary;
}

void printJson(QTextStream &out, const QList<Problem> &problems, const Summary &summary)
{
    QJsonArray list;
    for (const Problem &problem : problems)
        list.append(problem.toJson());
    QJsonObject totals{{QStringLiteral("files"), summary.files},
                       {QStringLiteral("records"), summary.records},
                       {QStringLiteral("errors"), summary.counts.errors},
                       {QStringLiteral("warnings"), summary.counts.warnings},
                       {QStringLiteral("infos"), summary.counts.infos},
                       {QStringLiteral("seconds"), summary.seconds},
                       {QStringLiteral("records_from_cache"), summary.fromCache},
                       {QStringLiteral("looks_like_deadends_canons"), summary.canons}};
    if (summary.changed >= 0)
        totals.insert(QStringLiteral("changed_records"), summary.changed);
    out << TerminalText::jsonSafe(
        QJsonDocument(QJsonObject{{QStringLiteral("problems"), list}, {QStringLiteral("summary"), totals}})
            .toJson(QJsonDocument::Indented));
}

void printText(QTextStream &out, const QList<Problem> &problems, const Summary &summary)
{
    for (const Problem &problem : problems)
        out << TerminalText::escaped(problem.toText()) << '\n';
    out << QStringLiteral("%1 files, %2 records: %3 errors, %4 warnings, %5 infos (%6 s)\n")
               .arg(summary.files)
               .arg(summary.records)
               .arg(summary.counts.errors)
               .arg(summary.counts.warnings)
               .arg(summary.counts.infos)
               .arg(summary.seconds, 0, 'f', 2);
    if (summary.changed >= 0)
        out << QStringLiteral("(only the %1 records changed since the revision, and the records linked to or from "
                              "them)\n")
                   .arg(summary.changed);
}

} // namespace

int ValidateCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    if (!CommandErrors::checkReadableFolder(Name, options.folder))
        return ExitCode::UsageError;
    QElapsedTimer timer;
    timer.start();
    KnowledgeBaseSession session;
    load(session, options);
    QSet<QString> changedFiles;
    int changedCount = -1;
    QString gitError;
    if (options.changedOnly
        && !selectChanged(session.knowledgeBase(), options, &changedFiles, &changedCount, &gitError)) {
        CommandErrors::print(Name, options.folder + QStringLiteral(": ") + gitError);
        return ExitCode::CannotRun;
    }
    const QList<Problem> problems = sortedProblems(session.knowledgeBase(), options.folder,
                                                   options.changedOnly ? &changedFiles : nullptr);
    Summary summary = summarize(session, double(timer.elapsed()) / 1000.0);
    if (options.changedOnly) {
        summary.counts = countsOf(problems);
        summary.changed = changedCount;
    }
    QTextStream out(stdout);
    if (options.json)
        printJson(out, problems, summary);
    else
        printText(out, problems, summary);
    out.flush();
    QString error;
    if (!session.writeCache(&error))
        CommandErrors::print(Name,
                             QStringLiteral("cannot write the cache ") + session.cacheFile() + QStringLiteral(" (")
                                 + error + QStringLiteral("); --no-cache does without it"));
    if (summary.canons) // after the findings, where it is read
        CommandErrors::print(Name,
                             options.folder
                                 + QStringLiteral(" looks like deadends.dev canons, not Errata records; convert them "
                                                  "with errata import-deadends ")
                                 + options.folder + QStringLiteral(" DST"));
    const bool failed = summary.counts.errors > 0 || (options.strict && summary.counts.warnings > 0);
    CommandLine::exitWithoutCleanup(failed ? ExitCode::Findings : ExitCode::Ok);
}

} // namespace Errata
