#include "models/review/ReviewStore.h"
#include "models/record/Record.h"
#include "support/FileSizeLimit.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <sys/stat.h>

using namespace Errata;
using namespace Errata::TestSupport;

class ReviewStoreTest : public QObject
{
    Q_OBJECT

private slots:
    void noFileIsEmpty();
    void roundTripIsStableAndSorted();
    void acceptanceIsRecorded();
    void olderFileWithoutAcceptanceLoads();
    void staleWhenEnglishChanges();
    void staleWhenChineseChanges();
    void statusRaisesOnlyTranslated();
    void noFolderNoSave();
    void forget();
    void brokenFile_data();
    void brokenFile();
    void hashIsShortSha256();
    void fullDiskKeepsTheFile();
    void linkIsNotWrittenThrough();
    void fifoIsRefusedWithoutWaiting();
};

namespace {

const auto Sig = TranslationStatus::Signature;
const auto Cause = TranslationStatus::RootCause;

Record parsed(const QByteArray &text)
{
    Record record;
    Record::LoadError error;
    if (!record.parse(text, &error))
        qFatal("test record does not parse: %s", qPrintable(error.message));
    return record;
}

} // namespace

void ReviewStoreTest::noFileIsEmpty()
{
    QTemporaryDir dir;
    ReviewStore store;
    QString error;
    QVERIFY(store.load(dir.path(), &error));
    QCOMPARE(store.count(), 0);
    QVERIFY(!store.isBroken());
    QCOMPARE(store.check(QStringLiteral("a/b"), Sig, QStringLiteral("x"), QStringLiteral("甲")),
             ReviewStore::NotReviewed);
}

void ReviewStoreTest::roundTripIsStableAndSorted()
{
    QTemporaryDir dir;
    ReviewStore store;
    QString error;
    QVERIFY(store.load(dir.path(), &error));
    const QDate date(2026, 12, 2);
    store.markReviewed(QStringLiteral("z/last"), Sig, QStringLiteral("Z"), QStringLiteral("甲"), date);
    store.markReviewed(QStringLiteral("a/first"), Cause, QStringLiteral("A"), QStringLiteral("乙"), date);
    store.markReviewed(QStringLiteral("a/first"), Sig, QStringLiteral("B"), QStringLiteral("丙"), date);
    QVERIFY2(store.save(&error), qPrintable(error));
    const QByteArray text = readFile(ReviewStore::filePath(dir.path()));
    QVERIFY(text.endsWith("}\n"));
    QVERIFY(text.startsWith("{\n  \"format\": \"errata-review\",\n  \"reviews\": {\n    \"a/first\": {\n"));
    QVERIFY(text.indexOf("\"root_cause_zh\"") < text.indexOf("\"signature_zh\""));
    QVERIFY(text.indexOf("a/first") < text.indexOf("z/last"));
    QVERIFY(text.contains("\"date\": \"2026-12-02\""));
    QVERIFY(text.contains("\"en\": \"" + ReviewStore::hash(QStringLiteral("Z")).toLatin1() + "\""));

    ReviewStore again;
    QVERIFY2(again.load(dir.path(), &error), qPrintable(error));
    QCOMPARE(again.count(), 3);
    QCOMPARE(again.serialize(), text);
    QCOMPARE(again.check(QStringLiteral("a/first"), Sig, QStringLiteral("B"), QStringLiteral("丙")),
             ReviewStore::Current);
    QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden) == QStringList{ReviewStore::fileName()});
}

// Who accepted a review and when (UTC, to the second) go in the file and
// come back; a time given in another zone is written in UTC.
void ReviewStoreTest::acceptanceIsRecorded()
{
    QTemporaryDir dir;
    ReviewStore store;
    QString error;
    QVERIFY(store.load(dir.path(), &error));
    const QDateTime inParis(QDate(2026, 12, 4), QTime(15, 2, 37, 450), QTimeZone(3600));
    store.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("Disk full"), QStringLiteral("磁盘已满"), inParis,
                       QStringLiteral(" Ana Lima "));
    store.markReviewed(QStringLiteral("a/b"), Cause, QStringLiteral("No space."), QStringLiteral("没有空间。"), inParis,
                       QString());
    QVERIFY2(store.save(&error), qPrintable(error));
    const QByteArray text = readFile(ReviewStore::filePath(dir.path()));
    QVERIFY2(text.contains("\"accepted_at\": \"2026-12-04T14:02:37Z\""), text.constData());
    QVERIFY2(text.contains("\"accepted_by\": \"Ana Lima\""), text.constData());
    QCOMPARE(text.count("accepted_by"), 1); // no name: none written
    QCOMPARE(text.count("accepted_at"), 2);

    ReviewStore again;
    QVERIFY2(again.load(dir.path(), &error), qPrintable(error));
    const ReviewStore::Review review = again.review(QStringLiteral("a/b"), Sig);
    QCOMPARE(review.acceptedBy, QStringLiteral("Ana Lima"));
    QCOMPARE(review.acceptedAt, QDateTime(QDate(2026, 12, 4), QTime(14, 2, 37), QTimeZone::utc()));
    QCOMPARE(review.acceptedAt.timeSpec(), Qt::UTC);
    QCOMPARE(review.date, inParis.toLocalTime().date());
    QVERIFY(again.review(QStringLiteral("a/b"), Cause).acceptedBy.isEmpty());
    QCOMPARE(again.serialize(), text);
    QVERIFY(again.review(QStringLiteral("x/y"), Sig).englishHash.isEmpty()); // none
}

// Files written before who and when were recorded load as they are, and
// an unreadable time is taken as none.
void ReviewStoreTest::olderFileWithoutAcceptanceLoads()
{
    const QString hash = ReviewStore::hash(QStringLiteral("x"));
    const QByteArray text = "{\"format\": \"errata-review\", \"version\": 1, \"reviews\": {\"a/b\": {"
                            "\"signature_zh\": {\"date\": \"2026-12-02\", \"en\": \""
        + hash.toLatin1() + "\", \"zh\": \"" + hash.toLatin1()
        + "\"}, \"root_cause_zh\": {\"accepted_at\": \"soon\", \"en\": \"" + hash.toLatin1() + "\", \"zh\": \""
        + hash.toLatin1() + "\"}}}}";
    ReviewStore store;
    QString error;
    QVERIFY2(store.parse(text, &error), qPrintable(error));
    const ReviewStore::Review older = store.review(QStringLiteral("a/b"), Sig);
    QCOMPARE(older.date, QDate(2026, 12, 2));
    QVERIFY(older.acceptedAt.isNull());
    QVERIFY(older.acceptedBy.isEmpty());
    QVERIFY(store.review(QStringLiteral("a/b"), Cause).acceptedAt.isNull());
    QCOMPARE(store.check(QStringLiteral("a/b"), Sig, QStringLiteral("x"), QStringLiteral("x")), ReviewStore::Current);
    QVERIFY(!store.serialize().contains("accepted"));
}

void ReviewStoreTest::staleWhenEnglishChanges()
{
    ReviewStore store;
    store.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("Disk full"), QStringLiteral("磁盘已满"), QDate());
    QCOMPARE(store.check(QStringLiteral("a/b"), Sig, QStringLiteral("Disk full"), QStringLiteral("磁盘已满")),
             ReviewStore::Current);
    QCOMPARE(store.check(QStringLiteral("a/b"), Sig, QStringLiteral("Disk is full"), QStringLiteral("磁盘已满")),
             ReviewStore::EnglishChanged);
    QCOMPARE(store.check(QStringLiteral("a/b"), Cause, QStringLiteral("Disk full"), QStringLiteral("磁盘已满")),
             ReviewStore::NotReviewed);
    QCOMPARE(store.check(QStringLiteral("a/c"), Sig, QStringLiteral("Disk full"), QStringLiteral("磁盘已满")),
             ReviewStore::NotReviewed);
}

void ReviewStoreTest::staleWhenChineseChanges()
{
    ReviewStore store;
    store.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("Disk full"), QStringLiteral("磁盘已满"), QDate());
    QCOMPARE(store.check(QStringLiteral("a/b"), Sig, QStringLiteral("Disk full"), QStringLiteral("磁盘满了")),
             ReviewStore::ChineseChanged);
}

void ReviewStoreTest::statusRaisesOnlyTranslated()
{
    const QByteArray head = "{\"id\": \"a/b\", \"signature\": \"Disk full\", \"regex\": \"x\", \"domain\": \"a\", "
                            "\"category\": \"c\", ";
    const Record translated = parsed(head + "\"signature_zh\": \"磁盘已满\"}");
    const Record edited = parsed(head + "\"signature_zh\": \"磁盘满了\"}");
    const Record untranslated = parsed(head + "\"signature_zh\": \"Disk full\"}");
    ReviewStore store;
    QCOMPARE(store.status(translated, Sig), TranslationStatus::Translated);
    store.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("Disk full"), QStringLiteral("磁盘已满"), QDate());
    QCOMPARE(store.status(translated, Sig), TranslationStatus::Reviewed);
    QCOMPARE(store.status(edited, Sig), TranslationStatus::Translated);
    store.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("Disk full"), QStringLiteral("Disk full"), QDate());
    QCOMPARE(store.status(untranslated, Sig), TranslationStatus::Untranslated);
}

void ReviewStoreTest::noFolderNoSave()
{
    ReviewStore store;
    store.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("x"), QStringLiteral("甲"), QDate());
    QString error;
    QVERIFY(!store.save(&error));
    QVERIFY2(error.contains(QStringLiteral("no KB folder")), qPrintable(error));
}

void ReviewStoreTest::forget()
{
    ReviewStore store;
    store.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("x"), QStringLiteral("甲"), QDate());
    QVERIFY(store.contains(QStringLiteral("a/b"), Sig));
    store.forget(QStringLiteral("a/b"), Sig);
    store.forget(QStringLiteral("a/none"), Sig);
    QVERIFY(!store.contains(QStringLiteral("a/b"), Sig));
    QCOMPARE(store.count(), 0);
    QVERIFY(!store.serialize().contains("a/b"));
}

void ReviewStoreTest::brokenFile_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");

    const QByteArray good = "{\"format\": \"errata-review\", \"version\": 1, \"reviews\": ";
    QTest::newRow("not json") << QByteArray("{ oops") << QStringLiteral("not a JSON object");
    QTest::newRow("array") << QByteArray("[]") << QStringLiteral("not a JSON object");
    QTest::newRow("invalid utf-8") << QByteArray("{\"format\": \"\xff\"}") << QStringLiteral("not a JSON object");
    // nlohmann alone would read the file up to the NUL, and lose the rest on a save.
    QTest::newRow("NUL after the object")
        << good + "{}}" + QByteArray(1, '\0') + "garbage" << QStringLiteral("not a JSON object");
    QTest::newRow("other format") << QByteArray("{\"format\": \"x\", \"version\": 1, \"reviews\": {}}")
                                  << QStringLiteral("not an errata-review file");
    QTest::newRow("version text") << QByteArray("{\"format\": \"errata-review\", \"version\": \"1\", \"reviews\": {}}")
                                  << QStringLiteral("not an errata-review file");
    QTest::newRow("newer version") << QByteArray("{\"format\": \"errata-review\", \"version\": 2, \"reviews\": {}}")
                                   << QStringLiteral("not an errata-review file");
    QTest::newRow("reviews array") << good + "[]}" << QStringLiteral("\"reviews\" must be an object");
    QTest::newRow("record not object") << good + "{\"a/b\": 1}}" << QStringLiteral("reviews of \"a/b\"");
    QTest::newRow("short hash") << good + "{\"a/b\": {\"signature_zh\": {\"en\": \"12\", \"zh\": \"34\"}}}}"
                                << QStringLiteral("needs \"en\" and \"zh\" hashes");
    QTest::newRow("review not object") << good + "{\"a/b\": {\"signature_zh\": 5}}}"
                                       << QStringLiteral("needs \"en\" and \"zh\" hashes");
}

// A broken file is reported, and never overwritten by a later save.
void ReviewStoreTest::brokenFile()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(writeFile(ReviewStore::filePath(dir.path()), text));
    ReviewStore store;
    QString error;
    QVERIFY(!store.load(dir.path(), &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY(error.contains(ReviewStore::fileName()));
    QVERIFY(store.isBroken());
    QCOMPARE(store.count(), 0);
    store.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("x"), QStringLiteral("甲"), QDate());
    QString saveError;
    QVERIFY(!store.save(&saveError));
    QVERIFY2(saveError.contains(QStringLiteral("not overwritten")), qPrintable(saveError));
    QCOMPARE(readFile(ReviewStore::filePath(dir.path())), text);
}

void ReviewStoreTest::hashIsShortSha256()
{
    // SHA-256("abc") = ba7816bf8f01cfea...
    QCOMPARE(ReviewStore::hash(QStringLiteral("abc")), QStringLiteral("ba7816bf8f01cfea"));
    QCOMPARE(ReviewStore::hashValue(QStringLiteral("abc")), Q_UINT64_C(0xba7816bf8f01cfea));
    QCOMPARE(ReviewStore::hashText(0x00ff), QStringLiteral("00000000000000ff")); // leading zeros kept
    QVERIFY(ReviewStore::hash(QStringLiteral("磁盘")) != ReviewStore::hash(QStringLiteral("磁盘 ")));
}

// A full disk (a file size limit): the save fails and says so, and the
// file keeps the reviews saved before.
void ReviewStoreTest::fullDiskKeepsTheFile()
{
    QTemporaryDir dir;
    ReviewStore store;
    QString error;
    QVERIFY(store.load(dir.path(), &error));
    store.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("Error"), QStringLiteral("错误"), QDate(2026, 1, 2));
    QVERIFY2(store.save(&error), qPrintable(error));
    const QByteArray saved = readFile(ReviewStore::filePath(dir.path()));

    store.markReviewed(QStringLiteral("c/d"), Cause, QStringLiteral("Cause"), QStringLiteral("原因"),
                       QDate(2026, 1, 3));
    bool ok = true;
    {
        FileSizeLimit full(16);
        QVERIFY(full.isActive());
        ok = store.save(&error);
    }
    QVERIFY(!ok);
    QVERIFY2(error.startsWith(ReviewStore::filePath(dir.path())) && error.contains(QLatin1String("cannot be written")),
             qPrintable(error));
    QCOMPARE(readFile(ReviewStore::filePath(dir.path())), saved);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{ReviewStore::fileName()});
    QVERIFY2(store.save(&error), qPrintable(error));
    QCOMPARE(readFile(ReviewStore::filePath(dir.path())), store.serialize());
}

// A review file that is a symbolic link is read, but not written through:
// saving fails and the file it points to keeps its reviews.
void ReviewStoreTest::linkIsNotWrittenThrough()
{
    QTemporaryDir dir;
    QTemporaryDir outside;
    const QString target = outside.filePath(QStringLiteral("reviews.json"));
    ReviewStore theirs;
    QString error;
    QVERIFY(theirs.load(outside.path(), &error));
    theirs.markReviewed(QStringLiteral("a/b"), Sig, QStringLiteral("Error"), QStringLiteral("错误"), QDate(2026, 1, 2));
    QVERIFY(writeFile(target, theirs.serialize()));
    QVERIFY(QFile::link(target, ReviewStore::filePath(dir.path())));

    ReviewStore store;
    QVERIFY2(store.load(dir.path(), &error), qPrintable(error));
    QCOMPARE(store.count(), 1);
    store.forget(QStringLiteral("a/b"), Sig);
    QVERIFY(!store.save(&error));
    QVERIFY2(error.contains(QLatin1String("is a symbolic link")), qPrintable(error));
    QCOMPARE(readFile(target), theirs.serialize());
    QVERIFY(QFileInfo(ReviewStore::filePath(dir.path())).isSymLink());
}

// A review file replaced by a FIFO (or a link to one) is refused, so that it cannot block the opening of the KB.
void ReviewStoreTest::fifoIsRefusedWithoutWaiting()
{
    QTemporaryDir dir;
    const QString path = ReviewStore::filePath(dir.path());
    QDir().mkpath(QFileInfo(path).absolutePath());
    QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    ReviewStore store;
    QString error;
    QVERIFY(!store.load(dir.path(), &error));
    QVERIFY(store.isBroken());
    QVERIFY2(error.contains(path), qPrintable(error));
}

QTEST_APPLESS_MAIN(ReviewStoreTest)
#include "ReviewStoreTest.moc"
