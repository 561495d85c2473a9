// fuzz-translation: what review mode reads of a bilingual record: ConsistencyChecker, TranslationStatus and
// TranslationSummary, and the KB's review file (ReviewStore::parse). The input is the English text, the Chinese text
// and the review file, separated by lines "@@@".
//
// Properties: a text's tokens are distinct and present in it; the missing tokens are exactly the English ones the
// Chinese lacks (none, and untranslated, when it repeats the English); a summary says what detect() says; a review
// file that parses is written back in a form that parses to the same reviews and is written the same way again.

#include "FuzzSupport.h"

#include "models/record/Record.h"
#include "models/record/TranslationStatus.h"
#include "models/review/ReviewStore.h"
#include "models/review/TranslationSummary.h"
#include "models/validation/ConsistencyChecker.h"

using namespace Errata;

namespace {

void checkTokens(const QString &english, const QString &chinese)
{
    const QList<ConsistencyChecker::Token> tokens = ConsistencyChecker::tokens(english);
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const ConsistencyChecker::Token &token = tokens.at(i);
        FUZZ_CHECK(!token.text.isEmpty() && english.contains(token.text));
        FUZZ_CHECK(tokens.indexOf(token) == i);
        FUZZ_CHECK(ConsistencyChecker::contains(english, token.text));
    }
    FUZZ_CHECK(ConsistencyChecker::missing(english, english).isEmpty());
    const QList<ConsistencyChecker::Token> missing = ConsistencyChecker::missing(english, chinese);
    for (const ConsistencyChecker::Token &token : tokens)
        FUZZ_CHECK(missing.contains(token) == !ConsistencyChecker::contains(chinese, token.text));
    for (const ConsistencyChecker::Token &token : missing)
        FUZZ_CHECK(tokens.contains(token));
}

Record bilingual(const QString &english, const QString &chinese)
{
    Record record;
    record.setJson(OrderedJson{{"id", "fuzz/record"},
                               {"signature", english.toStdString()},
                               {"signature_zh", chinese.toStdString()},
                               {"regex", "x"},
                               {"domain", "fuzz"},
                               {"category", "fuzz"},
                               {"root_cause", english.toStdString()},
                               {"root_cause_zh", chinese.toStdString()},
                               {"workarounds", {{{"action", english.toStdString()}}, {{"action", "second"}}}},
                               {"workarounds_zh", {chinese.toStdString(), "第二"}}});
    return record;
}

void checkStatus(const QString &english, const QString &chinese)
{
    const Record record = bilingual(english, chinese);
    const TranslationSummary summary = TranslationSummary::of(record);
    for (const TranslationStatus::Field field : TranslationStatus::fields())
        FUZZ_CHECK(summary.detected[size_t(field)] == TranslationStatus::detect(record, field));
    if (!english.trimmed().isEmpty()) {
        const Record repeated = bilingual(english, english);
        FUZZ_CHECK(TranslationStatus::detect(repeated, TranslationStatus::Signature)
                   == TranslationStatus::Untranslated);
        FUZZ_CHECK(!TranslationStatus::isTranslation(english, english));
    }
}

void checkReviews(const QByteArray &text, const Record &record)
{
    ReviewStore store;
    QString error;
    if (!store.parse(text, &error)) {
        FUZZ_CHECK(!error.isEmpty());
        return;
    }
    for (const TranslationStatus::Field field : TranslationStatus::fields())
        store.status(record, field);
    const QByteArray written = store.serialize();
    ReviewStore again;
    FUZZ_CHECK(again.parse(written, &error));
    FUZZ_CHECK(again.count() == store.count());
    FUZZ_CHECK(again.serialize() == written);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> input = Fuzz::parts(Fuzz::bytes(data, size), 3);
    const QString english = QString::fromUtf8(input.at(0));
    const QString chinese = QString::fromUtf8(input.at(1));
    checkTokens(english, chinese);
    checkStatus(english, chinese);
    checkReviews(input.at(2), bilingual(english, chinese));
    return 0;
}
