#pragma once

#include "models/links/ReciprocalLinks.h"

#include <QCoreApplication>
#include <QDate>
#include <QString>
#include <QUrl>

namespace Errata {

class KnowledgeBase;
class Record;

// The read-only card of a record as HTML for a QTextBrowser. Every piece of
// record text is escaped; links to other records use the "record:" scheme
// (dangling ones are marked), and only http(s) URLs become web links (any
// other text is shown as text); every href is a double-quoted, escaped
// attribute, so a quote in a URL cannot add attributes. A
// leads_to or preceded_by link without its way back, in either direction,
// carries a "reciprocal:" link that asks for the missing link to be added.
class RecordCardHtml
{
    Q_DECLARE_TR_FUNCTIONS(Errata::RecordCardHtml)

public:
    static QString build(const Record &record, const KnowledgeBase &kb, QDate today = QDate::currentDate());
    // "reciprocal:add?source=...&kind=leads_to&target=..." and back.
    static QUrl reciprocalUrl(const ReciprocalLinks::Missing &missing);
    static bool parseReciprocalUrl(const QUrl &url, ReciprocalLinks::Missing *missing);

private:
    static QString header(const Record &record);
    static QString verdict(const Record &record, QDate today);
    static QString recognition(const Record &record);
    static QString rootCause(const Record &record);
    static QString deadEnds(const Record &record);
    static QString workarounds(const Record &record);
    static QString versionsAndOs(const Record &record);
    static QString links(const Record &record, const KnowledgeBase &kb);
    static QString backlinks(const Record &record, const KnowledgeBase &kb);
    static QString docs(const Record &record);
};

} // namespace Errata
