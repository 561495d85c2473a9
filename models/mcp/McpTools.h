#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace Errata {

class McpKnowledgeBase;
class Record;

// What the tools of `errata mcp` do (their schemas are McpToolCatalog's):
// each call gives the result of tools/call, structured content (matching
// the tool's outputSchema) plus a short text, or a tool error (isError, a
// text saying what was wrong and what to do) for arguments that do not fit
// or an id that is not in the KB. report_outcome appends to the KB's
// OutcomeLog and never changes a record. list_records, domain_stats and
// list_environments are McpListingTools'.
class McpTools
{
public:
    explicit McpTools(McpKnowledgeBase &kb);

    // Who reports outcomes (the client's name from initialize).
    void setClientName(const QString &name) { m_client = name; }
    // Where report_outcome keeps reports: `folder`'s outcome log (by default
    // the KB's own); when `refusal` is given, report_outcome writes nothing
    // and answers it as a tool error (a server that takes no writes).
    void setOutcomes(const QString &folder, const QString &refusal = {});
    bool hasTool(const QString &name) const;
    QJsonObject call(const QString &name, const QJsonObject &arguments);
    // call()'s result as compact JSON text, without structuredContent unless
    // `structured`: lookup_error and batch_lookup written straight as text
    // (McpLookupAnswer; call() reads that text back), the others from call().
    QByteArray callText(const QString &name, const QJsonObject &arguments, bool structured);

    static QJsonObject success(const QJsonObject &structured, const QString &text);
    static QJsonObject failure(const QString &message);
    // `text` on one line, cut to `length` characters with an ellipsis.
    static QString shortened(const QString &text, int length = 100);

private:
    static QString argumentProblem(const QString &name, const QJsonObject &arguments);
    static bool isLookup(const QString &name);
    QByteArray lookupError(const QJsonObject &arguments, bool structured);
    QByteArray batchLookup(const QJsonObject &arguments, bool structured);
    QJsonObject getRecord(const QJsonObject &arguments);
    QJsonObject searchRecords(const QJsonObject &arguments);
    QJsonObject matchLog(const QJsonObject &arguments);
    QJsonObject getErrorChain(const QJsonObject &arguments);
    QJsonObject listDomains();
    QJsonObject reportOutcome(const QJsonObject &arguments);

    Record *findRecord(const QString &id, QJsonObject *failureResult) const;

    McpKnowledgeBase &m_kb;
    QString m_client;
    QString m_outcomeFolder; // empty: the KB's root
    QString m_outcomeRefusal;
};

} // namespace Errata
