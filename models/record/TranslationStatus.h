#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

class Record;

// The state of one bilingual field of a record (signature, root_cause, workarounds and their _zh), judged from the
// record alone by the validator's rules (RuleValidator): NotApplicable (the English side is empty), Missing (the
// Chinese is absent or empty), CountMismatch (workarounds_zh has another number of items, checked first), Untranslated
// (the Chinese holds no Han character or repeats the English; for workarounds_zh, any item that does), else
// Translated. Whether a translation was reviewed is the ReviewStore's business: ReviewModel and ReviewTally upgrade
// Translated to Reviewed, never returned here.
class TranslationStatus
{
public:
    enum Field { Signature, RootCause, Workarounds };
    enum Status { NotApplicable, Missing, Untranslated, CountMismatch, Translated, Reviewed };

    static constexpr int FieldCount = 3;
    static constexpr int StatusCount = 6;

    static Status detect(const Record &record, Field field);
    // The same from a field's English and Chinese items.
    static Status detect(const QStringList &english, const QStringList &chinese);

    // The English and Chinese sides as single texts (workarounds: the
    // actions and the Chinese items, one per line), as hashed for reviews.
    static QString englishText(const Record &record, Field field);
    static QString chineseText(const Record &record, Field field);
    // The sides item by item: one item for the text fields.
    static QStringList englishItems(const Record &record, Field field);
    static QStringList chineseItems(const Record &record, Field field);

    // "signature", "root_cause", "workarounds"; "signature_zh", ...
    static QString englishKey(Field field);
    static QString chineseKey(Field field);
    // "not-applicable", "missing", "untranslated", "count-mismatch",
    // "translated", "reviewed": the names the command line prints.
    static QString statusKey(Status status);
    static QList<Field> fields() { return {Signature, RootCause, Workarounds}; }

    // Done for --require-complete: translated or reviewed, or nothing to do.
    static bool isComplete(Status status) { return status == NotApplicable || status >= Translated; }
    // Still to do in review mode: anything applicable but not reviewed.
    static bool isUnfinished(Status status) { return status != NotApplicable && status != Reviewed; }
    // A Han character, or the English text repeated after trimming.
    static bool isTranslation(const QString &english, const QString &chinese);
};

} // namespace Errata
