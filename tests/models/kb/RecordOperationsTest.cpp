// Whole-record edits: create from a template, duplicate, delete and restore,
// and the records linking to one; no new record goes through a folder that
// is a symbolic link. Renaming is in RecordRenameTest.

#include "models/kb/RecordOperations.h"
#include "LinkedKbFixture.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/RecordWriter.h"
#include "models/record/Record.h"
#include "models/record/RecordTemplate.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Errata;
using namespace Errata::LinkedKbFixture;
using namespace Errata::TestSupport;

namespace {

QStringList keysOf(const OrderedJson &json)
{
    QStringList keys;
    for (const auto &[key, value] : json.items())
        keys << QString::fromStdString(key);
    return keys;
}

} // namespace

class RecordOperationsTest : public QObject
{
    Q_OBJECT

private slots:
    void templateDefaults();
    void createRecord();
    void createRecordFromTemplate();
    void createRecordRefuses_data();
    void createRecordRefuses();
    void createRecordFollowsFinalNewline();
    void newRecordsRefuseFolderLinks();
    void duplicateRecord();
    void linkersOf();
    void deleteAndRestore();
    void deleteAndRestoreModified();
    void deleteRefusesChangedFile();
    void deleteAndRestoreUnsaved();
    void restoreRefusesOtherFile();
};

void RecordOperationsTest::templateDefaults()
{
    const OrderedJson json = RecordTemplate::instantiate(QStringLiteral("pytorch/cuda-oom"), QStringLiteral("pytorch"),
                                                         Today);
    const QStringList expected = {QStringLiteral("id"),
                                  QStringLiteral("signature"),
                                  QStringLiteral("signature_zh"),
                                  QStringLiteral("regex"),
                                  QStringLiteral("domain"),
                                  QStringLiteral("category"),
                                  QStringLiteral("subcategory"),
                                  QStringLiteral("root_cause"),
                                  QStringLiteral("root_cause_type"),
                                  QStringLiteral("root_cause_zh"),
                                  QStringLiteral("versions"),
                                  QStringLiteral("os_specific"),
                                  QStringLiteral("dead_ends"),
                                  QStringLiteral("workarounds"),
                                  QStringLiteral("workarounds_zh"),
                                  QStringLiteral("transition_graph"),
                                  QStringLiteral("official_doc_url"),
                                  QStringLiteral("official_doc_section"),
                                  QStringLiteral("error_code"),
                                  QStringLiteral("verification_tier"),
                                  QStringLiteral("confidence"),
                                  QStringLiteral("fix_success_rate"),
                                  QStringLiteral("resolvable"),
                                  QStringLiteral("first_seen"),
                                  QStringLiteral("last_confirmed"),
                                  QStringLiteral("last_updated"),
                                  QStringLiteral("evidence_count"),
                                  QStringLiteral("tags"),
                                  QStringLiteral("locale"),
                                  QStringLiteral("aliases")};
    QCOMPARE(keysOf(json), expected);
    QCOMPARE(expected, Record::knownKeys()); // every field of the format, in the seed's order

    // The seed has the same key order.
    Record seed;
    Record::LoadError error;
    QVERIFY(seed.load(SeedPath, &error));
    QCOMPARE(keysOf(seed.json()), expected);

    QVERIFY(json["id"] == "pytorch/cuda-oom");
    QVERIFY(json["domain"] == "pytorch");
    QVERIFY(json["subcategory"].is_null());
    QVERIFY(json["root_cause_type"] == "generic");
    QVERIFY(json["verification_tier"] == "ai_generated");
    QVERIFY(json["confidence"] == 0.5 && json["fix_success_rate"] == 0.5);
    QVERIFY(json["resolvable"] == "partial");
    QVERIFY(json["first_seen"] == "2024-07-01" && json["last_confirmed"] == "2024-07-01"
            && json["last_updated"] == "2024-07-01");
    QVERIFY(json["evidence_count"] == 0 && json["evidence_count"].is_number_integer());
    QVERIFY(json["locale"] == "en");
    QCOMPARE(keysOf(json["transition_graph"]),
             (QStringList{QStringLiteral("leads_to"), QStringLiteral("preceded_by"),
                          QStringLiteral("frequently_confused_with")}));
    QVERIFY(json["os_specific"].is_object() && json["os_specific"].empty());
    QVERIFY(json["tags"].is_array() && json["aliases"].is_array() && json["versions"].is_array());
}

void RecordOperationsTest::createRecord()
{
    LinkedKb fixture;
    QSignalSpy added(&fixture.kb, &KnowledgeBase::recordAdded);
    QString error;
    Record *record = RecordOperations::createRecord(fixture.kb, QStringLiteral("pytorch"), QStringLiteral("cuda/oom"),
                                                    Today, &error);
    QVERIFY2(record, qPrintable(error));
    QCOMPARE(added.count(), 1);
    QCOMPARE(fixture.kb.find(QStringLiteral("pytorch/cuda/oom")), record);
    QCOMPARE(record->id(), QStringLiteral("pytorch/cuda/oom"));
    QCOMPARE(record->domain(), QStringLiteral("pytorch"));
    QCOMPARE(record->filePath(), fixture.dir.filePath(QStringLiteral("pytorch/cuda/oom.json")));
    QVERIFY(record->originalText().isEmpty());
    QVERIFY(record->isModified());
    QVERIFY(!QFile::exists(record->filePath()));
    QVERIFY(record->json() == RecordTemplate::instantiate(record->id(), QStringLiteral("pytorch"), Today));

    QCOMPARE(RecordWriter::save(*record, RecordWriter::KeepTheirs, &error), RecordWriter::Written);
    const QByteArray written = readFile(record->filePath());
    QVERIFY(written.startsWith("{\n  \"id\": \"pytorch/cuda/oom\",\n  \"signature\": \"\",\n"));
    QVERIFY(written.endsWith("\n  \"aliases\": []\n}\n"));
    QVERIFY(written.contains("\n  \"transition_graph\": {\n    \"leads_to\": [],\n"));
    QVERIFY(written.contains("\n  \"confidence\": 0.5,\n"));
}

void RecordOperationsTest::createRecordFromTemplate()
{
    LinkedKb fixture;
    QString error;
    const OrderedJson base = {{"signature", "Error: "}, {"category", "io_error"}, {"domain", "x"},
                              {"last_confirmed", ""},   {"x_team", "storage"},    {"id", "x/y"}};
    Record *record = RecordOperations::createRecord(fixture.kb, QStringLiteral("disk"), QStringLiteral("full"), Today,
                                                    &error, base);
    QVERIFY2(record, qPrintable(error));
    QCOMPARE(keysOf(record->json()),
             (QStringList{QStringLiteral("id"), QStringLiteral("signature"), QStringLiteral("category"),
                          QStringLiteral("domain"), QStringLiteral("last_confirmed"), QStringLiteral("x_team")}));
    QCOMPARE(record->id(), QStringLiteral("disk/full"));
    QCOMPARE(record->domain(), QStringLiteral("disk"));
    QCOMPARE(record->lastConfirmed(), Today);
    QVERIFY(!record->json().contains("first_seen"));

    // Without a domain in the template it comes right after the id.
    record = RecordOperations::createRecord(fixture.kb, QStringLiteral("disk"), QStringLiteral("slow"), Today, &error,
                                            {{"signature", ""}});
    QVERIFY2(record, qPrintable(error));
    QCOMPARE(keysOf(record->json()),
             (QStringList{QStringLiteral("id"), QStringLiteral("domain"), QStringLiteral("signature")}));

    const int before = fixture.kb.count();
    QVERIFY(!RecordOperations::createRecord(fixture.kb, QStringLiteral("disk"), QStringLiteral("x"), Today, &error,
                                            OrderedJson::array()));
    QVERIFY2(error.contains(QLatin1String("template")), qPrintable(error));
    QCOMPARE(fixture.kb.count(), before);
}

void RecordOperationsTest::createRecordRefuses_data()
{
    QTest::addColumn<QString>("domain");
    QTest::addColumn<QString>("slug");
    QTest::addColumn<QString>("message");

    QTest::newRow("dot dot slug") << QStringLiteral("a") << QStringLiteral("../../etc/passwd")
                                  << QStringLiteral("cannot be a record id");
    QTest::newRow("dot dot domain") << QStringLiteral("..") << QStringLiteral("x")
                                    << QStringLiteral("cannot be a record id");
    QTest::newRow("absolute") << QStringLiteral("") << QStringLiteral("/tmp/x") << QStringLiteral("needs a domain");
    QTest::newRow("backslash") << QStringLiteral("a") << QStringLiteral("b\\c")
                               << QStringLiteral("cannot be a record id");
    QTest::newRow("empty segment") << QStringLiteral("a") << QStringLiteral("b//c")
                                   << QStringLiteral("cannot be a record id");
    QTest::newRow("hidden domain") << QStringLiteral(".git") << QStringLiteral("config")
                                   << QStringLiteral("starts with a dot");
    QTest::newRow("hidden folder in the slug")
        << QStringLiteral("ok") << QStringLiteral(".hidden/x") << QStringLiteral("starts with a dot: \".hidden\"");
    QTest::newRow("hidden name") << QStringLiteral("a") << QStringLiteral(".x") << QStringLiteral("starts with a dot");
    QTest::newRow("slash in domain") << QStringLiteral("a/b") << QStringLiteral("c")
                                     << QStringLiteral("needs a domain");
    QTest::newRow("no slug") << QStringLiteral("a") << QString() << QStringLiteral("needs a domain");
    QTest::newRow("in the KB") << QStringLiteral("a") << QStringLiteral("x") << QStringLiteral("taken already");
    QTest::newRow("on disk only") << QStringLiteral("d") << QStringLiteral("late") << QStringLiteral("exists already");
}

void RecordOperationsTest::createRecordRefuses()
{
    QFETCH(QString, domain);
    QFETCH(QString, slug);
    QFETCH(QString, message);

    LinkedKb fixture;
    QVERIFY(writeFile(fixture.path(QStringLiteral("d/late")), recordText(QStringLiteral("d/late"))));
    const auto before = snapshot(fixture.dir.path());
    const int count = fixture.kb.count();
    QString error;
    QVERIFY(!RecordOperations::createRecord(fixture.kb, domain, slug, Today, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QCOMPARE(fixture.kb.count(), count);
    QCOMPARE(snapshot(fixture.dir.path()), before);
}

void RecordOperationsTest::createRecordFollowsFinalNewline()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("pytorch/nan-loss-step.json")), readFile(SeedPath)));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    QString error;
    Record *record = RecordOperations::createRecord(kb, QStringLiteral("pytorch"), QStringLiteral("x"), Today, &error);
    QVERIFY2(record, qPrintable(error));
    QVERIFY(!record->hasFinalNewline()); // like the seed, the only file of this KB
    QVERIFY(record->serialize().endsWith('}'));
}

// A folder of the KB that is a symbolic link (here to a folder outside the
// KB, and one inside it): no record is created, duplicated or renamed into
// it, and nothing is written there. A dangling link at the file's own path
// counts as a file that exists.
void RecordOperationsTest::newRecordsRefuseFolderLinks()
{
    LinkedKb fixture;
    QTemporaryDir outside;
    QVERIFY(outside.isValid());
    QVERIFY(QFile::link(outside.path(), fixture.dir.filePath(QStringLiteral("ext"))));
    QVERIFY(QFile::link(fixture.dir.filePath(QStringLiteral("c")), fixture.dir.filePath(QStringLiteral("a/inner"))));
    QVERIFY(QFile::link(outside.filePath(QStringLiteral("gone.json")), fixture.path(QStringLiteral("b/dangling"))));
    const auto before = snapshot(fixture.dir.path());
    const int count = fixture.kb.count();
    QString error;

    QVERIFY(!RecordOperations::createRecord(fixture.kb, QStringLiteral("ext"), QStringLiteral("oom"), Today, &error));
    QCOMPARE(error,
             fixture.dir.filePath(QStringLiteral("ext"))
                 + QStringLiteral(" is a symbolic link; Errata does not "
                                  "write through links, so no record can "
                                  "be created in it"));
    QVERIFY(!RecordOperations::createRecord(fixture.kb, QStringLiteral("a"), QStringLiteral("inner/deeper/oom"), Today,
                                            &error));
    QVERIFY2(error.startsWith(fixture.dir.filePath(QStringLiteral("a/inner")) + QStringLiteral(" is a symbolic link")),
             qPrintable(error));
    QVERIFY(!RecordOperations::duplicateRecord(fixture.kb, *fixture.record(QStringLiteral("c/z")),
                                               QStringLiteral("ext/copy"), &error));
    QVERIFY2(error.contains(QLatin1String("is a symbolic link")), qPrintable(error));
    QVERIFY(!RecordOperations::renameRecord(fixture.kb, fixture.record(QStringLiteral("c/z")), QStringLiteral("ext/z"),
                                            &error));
    QVERIFY2(error.contains(QLatin1String("is a symbolic link")), qPrintable(error));
    QVERIFY(
        !RecordOperations::createRecord(fixture.kb, QStringLiteral("b"), QStringLiteral("dangling"), Today, &error));
    QVERIFY2(error.contains(QLatin1String("exists already")), qPrintable(error));

    QCOMPARE(fixture.kb.count(), count);
    QCOMPARE(snapshot(fixture.dir.path()), before);
    QVERIFY(QDir(outside.path()).isEmpty());
    // A folder that is really in the KB is fine.
    QVERIFY2(RecordOperations::createRecord(fixture.kb, QStringLiteral("c"), QStringLiteral("new"), Today, &error),
             qPrintable(error));
}

void RecordOperationsTest::duplicateRecord()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("pytorch/nan-loss-step.json")), readFile(SeedPath)));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    Record *seed = kb.find(QStringLiteral("pytorch/nan-loss-step"));
    QVERIFY(seed);

    QString error;
    Record *copy = RecordOperations::duplicateRecord(kb, *seed, QStringLiteral("tensorflow/nan-loss"), &error);
    QVERIFY2(copy, qPrintable(error));
    QCOMPARE(kb.count(), 2);
    QCOMPARE(kb.find(QStringLiteral("tensorflow/nan-loss")), copy);
    QCOMPARE(copy->domain(), QStringLiteral("tensorflow"));
    QCOMPARE(copy->filePath(), dir.filePath(QStringLiteral("tensorflow/nan-loss.json")));
    QVERIFY(copy->isModified());
    QVERIFY(copy->originalText().isEmpty());
    QVERIFY(!QFile::exists(copy->filePath()));
    QCOMPARE(copy->hasFinalNewline(), seed->hasFinalNewline());
    OrderedJson expected = seed->json();
    expected["id"] = "tensorflow/nan-loss";
    expected["domain"] = "tensorflow";
    QVERIFY(copy->json() == expected);
    QCOMPARE(keysOf(copy->json()), keysOf(seed->json()));
    QVERIFY(!seed->isModified());

    QVERIFY(!RecordOperations::duplicateRecord(kb, *seed, QStringLiteral("tensorflow/nan-loss"), &error));
    QVERIFY2(error.contains(QLatin1String("taken already")), qPrintable(error));
    QVERIFY(!RecordOperations::duplicateRecord(kb, *seed, QStringLiteral("../x"), &error));
    QCOMPARE(kb.count(), 2);
}

void RecordOperationsTest::linkersOf()
{
    LinkedKb fixture;
    const QList<RecordOperations::Linker> linkers = RecordOperations::linkersOf(fixture.kb, QStringLiteral("a/target"));
    QCOMPARE(linkers.size(), 3);
    QCOMPARE(linkers.at(0).record, fixture.record(QStringLiteral("a/x")));
    QCOMPARE(linkers.at(0).kind, Link::LeadsTo);
    QCOMPARE(linkers.at(1).record, fixture.record(QStringLiteral("b/y")));
    QCOMPARE(linkers.at(1).kind, Link::PrecededBy);
    QCOMPARE(linkers.at(2).record, fixture.record(QStringLiteral("b/y")));
    QCOMPARE(linkers.at(2).kind, Link::ConfusedWith);

    QVERIFY(RecordOperations::linkersOf(fixture.kb, QStringLiteral("a/x")).isEmpty());
    QVERIFY(RecordOperations::linkersOf(fixture.kb, QStringLiteral("no/such")).isEmpty());
    QCOMPARE(RecordOperations::linkersOf(fixture.kb, QStringLiteral("c/z")).size(), 1);
}

void RecordOperationsTest::deleteAndRestore()
{
    LinkedKb fixture;
    const auto before = snapshot(fixture.dir.path());
    Record *target = fixture.record(QStringLiteral("a/target"));
    QSignalSpy removing(&fixture.kb, &KnowledgeBase::recordAboutToBeRemoved);
    QString error;
    std::unique_ptr<Record> taken = RecordOperations::deleteRecord(fixture.kb, target, &error);
    QVERIFY2(taken, qPrintable(error));
    QCOMPARE(taken.get(), target);
    QCOMPARE(removing.count(), 1);
    QVERIFY(!QFile::exists(fixture.path(QStringLiteral("a/target"))));
    QCOMPARE(fixture.kb.find(QStringLiteral("a/target")), nullptr);
    QCOMPARE(fixture.kb.count(), 3);
    // Links to it are left dangling.
    QCOMPARE(fixture.kb.links().backlinks(QStringLiteral("a/target")).size(), 3);

    Record *restored = RecordOperations::restoreRecord(fixture.kb, std::move(taken), &error);
    QVERIFY2(restored, qPrintable(error));
    QCOMPARE(restored, target);
    QVERIFY(!taken);
    QCOMPARE(fixture.kb.find(QStringLiteral("a/target")), target);
    QCOMPARE(snapshot(fixture.dir.path()), before);
    QVERIFY(!target->isModified());

    // The last record of a folder takes the folder with it; restoring brings both back.
    taken = RecordOperations::deleteRecord(fixture.kb, fixture.record(QStringLiteral("c/z")), &error);
    QVERIFY2(taken, qPrintable(error));
    QVERIFY(!QFileInfo::exists(fixture.dir.filePath(QStringLiteral("c"))));
    QVERIFY(QFileInfo::exists(fixture.dir.path()));
    QVERIFY2(RecordOperations::restoreRecord(fixture.kb, std::move(taken), &error), qPrintable(error));
    QCOMPARE(snapshot(fixture.dir.path()), before);
}

void RecordOperationsTest::deleteAndRestoreModified()
{
    LinkedKb fixture;
    const auto before = snapshot(fixture.dir.path());
    Record *target = fixture.record(QStringLiteral("a/target"));
    fixture.kb.setValue(target, QStringLiteral("/category"), "changed");
    QString error;
    std::unique_ptr<Record> taken = RecordOperations::deleteRecord(fixture.kb, target, &error);
    QVERIFY2(taken, qPrintable(error));
    QVERIFY(!QFile::exists(fixture.path(QStringLiteral("a/target"))));

    QVERIFY(RecordOperations::restoreRecord(fixture.kb, std::move(taken), &error));
    QCOMPARE(snapshot(fixture.dir.path()), before); // the file as it was read
    QVERIFY(target->isModified());                  // the edit is still there, unsaved
    QCOMPARE(target->category(), QStringLiteral("changed"));
}

void RecordOperationsTest::deleteRefusesChangedFile()
{
    LinkedKb fixture;
    Record *target = fixture.record(QStringLiteral("a/target"));
    const QByteArray theirs = recordText(QStringLiteral("a/target")) + ' ';
    QVERIFY(writeFile(target->filePath(), theirs));
    QString error;
    QVERIFY(!RecordOperations::deleteRecord(fixture.kb, target, &error));
    QVERIFY2(error.contains(target->filePath()) && error.contains(QLatin1String("changed on disk")), qPrintable(error));
    QCOMPARE(readFile(target->filePath()), theirs);
    QCOMPARE(fixture.kb.find(QStringLiteral("a/target")), target);

    Record outside;
    QVERIFY(!RecordOperations::deleteRecord(fixture.kb, &outside, &error));
    QVERIFY(!RecordOperations::deleteRecord(fixture.kb, nullptr, &error));
}

void RecordOperationsTest::deleteAndRestoreUnsaved()
{
    LinkedKb fixture;
    const auto before = snapshot(fixture.dir.path());
    QString error;
    Record *record = RecordOperations::createRecord(fixture.kb, QStringLiteral("n"), QStringLiteral("new"), Today,
                                                    &error);
    QVERIFY(record);
    std::unique_ptr<Record> taken = RecordOperations::deleteRecord(fixture.kb, record, &error);
    QVERIFY2(taken, qPrintable(error));
    QCOMPARE(fixture.kb.find(QStringLiteral("n/new")), nullptr);
    QVERIFY(RecordOperations::restoreRecord(fixture.kb, std::move(taken), &error));
    QCOMPARE(fixture.kb.find(QStringLiteral("n/new")), record);
    QCOMPARE(snapshot(fixture.dir.path()), before);
}

void RecordOperationsTest::restoreRefusesOtherFile()
{
    LinkedKb fixture;
    Record *target = fixture.record(QStringLiteral("a/target"));
    QString error;
    std::unique_ptr<Record> taken = RecordOperations::deleteRecord(fixture.kb, target, &error);
    QVERIFY(taken);
    QVERIFY(writeFile(fixture.path(QStringLiteral("a/target")), "{\"id\": \"someone/else\"}"));
    QVERIFY(!RecordOperations::restoreRecord(fixture.kb, std::move(taken), &error));
    QVERIFY2(error.contains(QLatin1String("other content")), qPrintable(error));
    QVERIFY(taken); // still the caller's
    QCOMPARE(readFile(fixture.path(QStringLiteral("a/target"))), QByteArray("{\"id\": \"someone/else\"}"));
    QCOMPARE(fixture.kb.find(QStringLiteral("a/target")), nullptr);

    // The same content is fine: nothing to write.
    QVERIFY(writeFile(fixture.path(QStringLiteral("a/target")), taken->originalText()));
    QVERIFY2(RecordOperations::restoreRecord(fixture.kb, std::move(taken), &error), qPrintable(error));
}

QTEST_GUILESS_MAIN(RecordOperationsTest)
#include "RecordOperationsTest.moc"
