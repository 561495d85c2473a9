#include "app/commands/ReviewCommand.h"
#include "app/commands/CommandErrors.h"
#include "app/commands/CommandParser.h"
#include "app/commands/ExitCode.h"
#include "app/commands/TerminalText.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/review/ReviewStore.h"
#include "models/review/ReviewTally.h"
#include "models/review/TranslationSummaryJob.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace Errata {

namespace {

const QString Name = QStringLiteral("review");

struct Options
{
    QString kb = QStringLiteral(".");
    bool json = false;
    bool requireComplete = false;
};

// The statuses in the order of the table's columns.
const QList<TranslationStatus::Status> Columns = {TranslationStatus::Missing, TranslationStatus::Untranslated,
                                                  TranslationStatus::CountMismatch, TranslationStatus::Translated,
                                                  TranslationStatus::Reviewed};

struct Incomplete
{
    QString id;
    QString field;
    TranslationStatus::Status status;
};

// Fills `options` (Parsed), or shows the help, or says why the usage is bad.
CommandParser::Result parseOptions(const QStringList &arguments, Options &options)
{
    CommandParser parser(Name,
                         QStringLiteral("Count, per domain, the bilingual fields of a KB that are missing, "
                                        "untranslated, count-mismatch, translated or reviewed."));
    parser.addKbOption(QStringLiteral("The KB folder (default: the current folder)."));
    parser.addFormatOption();
    const QCommandLineOption require(QStringLiteral("require-complete"),
                                     QStringLiteral("Exit with 1 unless every field is translated or reviewed."));
    parser.addOptions({require});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    if (!parser.positionalArguments().isEmpty())
        return parser.usageError(QStringLiteral("unexpected argument \"%1\" (the KB folder is given with --kb)")
                                     .arg(parser.positionalArguments().constFirst()));
    options.kb = parser.kb();
    if (!parser.checkFormat())
        return CommandParser::BadUsage;
    options.json = parser.format() == QLatin1String("json");
    options.requireComplete = parser.isSet(require);
    return CommandParser::Parsed;
}

// A status as JSON names it, in a key or a value: snake_case, like every
// key of every command ("count_mismatch"; the text table keeps
// "count-mismatch").
QString jsonName(TranslationStatus::Status status)
{
    return TranslationStatus::statusKey(status).replace(QLatin1Char('-'), QLatin1Char('_'));
}

QList<Incomplete> incompleteFields(const KnowledgeBase &kb, const ReviewStore &store,
                                   const std::vector<TranslationSummary> &summaries)
{
    QList<Incomplete> list;
    for (int i = 0; i < kb.count(); ++i) {
        const Record &record = *kb.recordAt(i);
        for (TranslationStatus::Field field : TranslationStatus::fields()) {
            const TranslationStatus::Status status = store.status(record.id(), field, summaries.at(size_t(i)));
            if (!TranslationStatus::isComplete(status))
                list.append({record.id(), TranslationStatus::chineseKey(field), status});
        }
    }
    return list;
}

QJsonObject toJson(const ReviewTally::Counts &counts)
{
    QJsonObject object{{QStringLiteral("fields"), counts.applicable()},
                       {jsonName(TranslationStatus::NotApplicable), counts.of(TranslationStatus::NotApplicable)}};
    for (TranslationStatus::Status status : Columns)
        object.insert(jsonName(status), counts.of(status));
    return object;
}

void printJson(QTextStream &out, const QMap<QString, ReviewTally::Counts> &domains, int records,
               const QList<Incomplete> &incomplete)
{
    QJsonObject byDomain;
    for (auto it = domains.cbegin(); it != domains.cend(); ++it)
        byDomain.insert(it.key(), toJson(it.value()));
    QJsonArray list;
    for (const Incomplete &field : incomplete)
        list.append(QJsonObject{{QStringLiteral("id"), field.id},
                                {QStringLiteral("field"), field.field},
                                {QStringLiteral("status"), jsonName(field.status)}});
    const QJsonObject doc{{QStringLiteral("records"), records},
                          {QStringLiteral("domains"), byDomain},
                          {QStringLiteral("total"), toJson(ReviewTally::total(domains))},
                          {QStringLiteral("complete"), incomplete.isEmpty()},
                          {QStringLiteral("incomplete"), list}};
    out << TerminalText::jsonSafe(QJsonDocument(doc).toJson(QJsonDocument::Indented));
}

QString tableLine(const QString &name, int nameWidth, const ReviewTally::Counts &counts)
{
    QString line = name.leftJustified(nameWidth) + QStringLiteral("%1").arg(counts.applicable(), 8);
    for (TranslationStatus::Status status : Columns)
        line += QStringLiteral("%1").arg(counts.of(status), int(TranslationStatus::statusKey(status).size()) + 2);
    return line;
}

void printText(QTextStream &out, const QMap<QString, ReviewTally::Counts> &domains, int records)
{
    int nameWidth = 8;
    for (const QString &domain : domains.keys())
        nameWidth = std::max(nameWidth, int(domain.size()) + 2);
    QString header = QStringLiteral("domain").leftJustified(nameWidth) + QStringLiteral("  fields");
    for (TranslationStatus::Status status : Columns)
        header += QStringLiteral("  ") + TranslationStatus::statusKey(status);
    out << header << '\n';
    for (auto it = domains.cbegin(); it != domains.cend(); ++it)
        out << TerminalText::escaped(tableLine(it.key(), nameWidth, it.value())) << '\n';
    const ReviewTally::Counts total = ReviewTally::total(domains);
    out << tableLine(QStringLiteral("total"), nameWidth, total) << '\n';
    out << QStringLiteral("%1 records, %2 fields to translate: %3 translated or reviewed, %4 reviewed, %5 to do\n")
               .arg(records)
               .arg(total.applicable())
               .arg(total.complete())
               .arg(total.reviewed())
               .arg(total.applicable() - total.complete());
}

} // namespace

int ReviewCommand::run(const QStringList &arguments)
{
    Options options;
    const CommandParser::Result parsed = parseOptions(arguments, options);
    if (parsed != CommandParser::Parsed)
        return CommandParser::exitCode(parsed);
    if (!CommandErrors::checkReadableFolder(Name, options.kb))
        return ExitCode::UsageError;
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(options.kb));
    ReviewStore store;
    QString error;
    if (!store.load(kb.root(), &error)) {
        CommandErrors::print(Name, error);
        return ExitCode::CannotRun;
    }
    for (const Problem &problem : kb.loadProblems())
        CommandErrors::print(Name, QStringLiteral("not counted: ") + problem.toText());
    const std::vector<TranslationSummary> summaries = TranslationSummaryJob::all(kb);
    const QMap<QString, ReviewTally::Counts> domains = ReviewTally::byDomain(kb, store, summaries);
    const QList<Incomplete> incomplete = incompleteFields(kb, store, summaries);
    QTextStream out(stdout);
    if (options.json)
        printJson(out, domains, kb.count(), incomplete);
    else
        printText(out, domains, kb.count());
    if (!options.requireComplete)
        return ExitCode::Ok;
    for (const Incomplete &field : incomplete)
        CommandErrors::print(Name,
                             QStringLiteral("incomplete: ") + field.id + QLatin1Char(' ') + field.field
                                 + QStringLiteral(" (") + TranslationStatus::statusKey(field.status)
                                 + QLatin1Char(')'));
    return incomplete.isEmpty() && kb.loadProblems().isEmpty() ? ExitCode::Ok : ExitCode::Findings;
}

} // namespace Errata
