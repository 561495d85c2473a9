#pragma once

#include "models/kb/Problem.h"
#include "models/validation/FindingCap.h"

#include <QCoreApplication>
#include <QDate>
#include <QList>

namespace Errata {

class KnowledgeBase;
class Record;

// The rules of the record format beyond what the JSON Schema can say (docs/record-format.md, "Rules"), each with the
// severity the format document gives it. checkOwn() reads the record's text alone, so its findings stay true while the
// text and the program do not change (SearchIndexCache keeps them between runs). checkContext() reads only the
// record's summary and path against the KB and the date (id vs path, duplicate ids, links, future dates, staleness)
// and never parses the document; without a KB the rules that need one are skipped. `today` is the reference date, so
// that results do not change with the calendar (tests fix it).
class RuleValidator
{
    Q_DECLARE_TR_FUNCTIONS(Errata::RuleValidator)

public:
    explicit RuleValidator(QDate today = QDate::currentDate());

    QDate today() const { return m_today; }
    // checkOwn() followed by checkContext().
    QList<Problem> check(const Record &record, const KnowledgeBase *kb = nullptr) const;
    QList<Problem> checkOwn(const Record &record) const;
    QList<Problem> checkContext(const Record &record, const KnowledgeBase *kb) const;
    // The same, into `out`, which keeps what its caps allow (FindingCap).
    void checkOwn(const Record &record, FindingCap &out) const;
    void checkContext(const Record &record, const KnowledgeBase *kb, FindingCap &out) const;

    // Every pointer checkContext() may report on for `record`, in a fixed
    // order: /id, the three dates, then each link of its summary.
    static QStringList contextPointers(const Record &record);

    // The language the messages are in ("en", "zh_CN"): what the
    // translation installed now makes of them.
    static QString messageLanguage();

private:
    void checkIdentity(const Record &record, FindingCap &out) const;
    void checkIdentityInKb(const Record &record, const KnowledgeBase *kb, FindingCap &out) const;
    void checkRegex(const Record &record, FindingCap &out) const;
    void checkUrls(const Record &record, FindingCap &out) const;
    void checkDates(const Record &record, FindingCap &out) const;
    void checkDatesAgainstToday(const Record &record, FindingCap &out) const;
    void checkRates(const Record &record, FindingCap &out) const;
    void checkChinese(const Record &record, FindingCap &out) const;
    void checkLinks(const Record &record, FindingCap &out) const;
    void checkLinksInKb(const Record &record, const KnowledgeBase *kb, FindingCap &out) const;
    void checkLists(const Record &record, FindingCap &out) const;
    void checkUnknownKeys(const Record &record, FindingCap &out) const;

    QDate m_today;
};

} // namespace Errata
