#include "app/commands/ReviewCommand.h"
#include "app/commands/CommandParser.h"
#include "app/commands/TerminalText.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/review/ReviewStore.h"
#include "models/review/ReviewTally.h"
#include "models/review/TranslationSummaryJob.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace Errata {

namespace {

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
    CommandParser parser(QStringLiteral("review"),
                         QStringLiteral("Count, per domain, the bilingual fields of a KB that are missing, "
                                        "untranslated, count-mismatch, translated or reviewed."));
    const QCommandLineOption kb(QStringLiteral("kb"), QStringLiteral("The KB folder (default: the current folder)."),
                                QStringLiteral("DIR"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("Output format (default: text)."),
                                    QStringLiteral("text|json"), QStringLiteral("text"));
    const QCommandLineOption require(QStringLiteral("require-complete"),
                                     QStringLiteral("Exit with 1 unless every field is translated or reviewed."));
    parser.addOptions({kb, format, require});
    const CommandParser::Result parsed = parser.parse(arguments);
    if (parsed != CommandParser::Parsed)
        return parsed;
    if (!parser.positionalArguments().isEmpty())
        return parser.usageError(QStringLiteral("unexpected argument \"%1\" (the KB folder is given with --kb)")
                                     .arg(parser.positionalArguments().constFirst()));
    if (parser.isSet(kb))
        options.kb = parser.value(kb);
    const QString formatName = parser.value(format);
    if (formatName != QLatin1String("text") && formatName != QLatin1String("json"))
        return parser.usageError(QStringLiteral("--format must be text or json, not \"%1\"").arg(formatName));
    options.json = formatName == QLatin1String("json");
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
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QFileInfo folder(options.kb);
    if (!folder.isDir() || !folder.isReadable()) {
        err << "errata review: " << TerminalText::escaped(options.kb) << ": not a readable folder\n";
        return 2;
    }
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(options.kb));
    ReviewStore store;
    QString error;
    if (!store.load(kb.root(), &error)) {
        err << "errata review: " << TerminalText::escaped(error) << '\n';
        return 2;
    }
    for (const Problem &problem : kb.loadProblems())
        err << "errata review: not counted: " << TerminalText::escaped(problem.toText()) << '\n';
    const std::vector<TranslationSummary> summaries = TranslationSummaryJob::all(kb);
    const QMap<QString, ReviewTally::Counts> domains = ReviewTally::byDomain(kb, store, summaries);
    const QList<Incomplete> incomplete = incompleteFields(kb, store, summaries);
    if (options.json)
        printJson(out, domains, kb.count(), incomplete);
    else
        printText(out, domains, kb.count());
    if (!options.requireComplete)
        return 0;
    for (const Incomplete &field : incomplete)
        err << "errata review: incomplete: " << TerminalText::escaped(field.id) << ' '
            << TerminalText::escaped(field.field) << " (" << TranslationStatus::statusKey(field.status) << ")\n";
    return incomplete.isEmpty() && kb.loadProblems().isEmpty() ? 0 : 1;
}

} // namespace Errata
