// OwnFindingsJob: findings worked out from copies of the records' texts,
// set in one batch, and only for records still as the job found them.

#include "models/session/OwnFindingsJob.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/validation/RecordValidator.h"

#include <QtTest>

#include <memory>

using namespace Errata;

namespace {

const QDate Today(2026, 12, 1);

OrderedJson record(const std::string &id, const std::string &regex)
{
    return OrderedJson{{"id", id},
                       {"signature", "Error in " + id},
                       {"regex", regex},
                       {"domain", id.substr(0, id.find('/'))},
                       {"category", "general"},
                       {"root_cause", "A cause."},
                       {"confidence", 0.9},
                       {"fix_success_rate", 0.8},
                       {"verification_tier", "human_reviewed"},
                       {"last_confirmed", "2026-11-01"}};
}

void writeRecord(const QString &root, const OrderedJson &json)
{
    const QString path = root + QLatin1Char('/') + QString::fromStdString(json.at("id").get<std::string>())
        + QStringLiteral(".json");
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(json.dump(2)) + '\n');
}

QStringList rulesOf(const QList<Problem> &problems)
{
    QStringList rules;
    for (const Problem &problem : problems)
        rules << problem.rule + QLatin1Char('@') + QString::number(problem.line);
    return rules;
}

} // namespace

class OwnFindingsJobTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void findingsAreThoseOfAFullValidation();
    void recordsChangedMeanwhileAreLeftAlone();
    void cancelledJobSetsWhatItChecked();

private:
    QTemporaryDir m_dir;
    QString m_root;
    std::unique_ptr<KnowledgeBase> m_kb;
};

void OwnFindingsJobTest::init()
{
    QVERIFY(m_dir.isValid());
    m_root = m_dir.filePath(QStringLiteral("kb-") + QString::fromLatin1(QTest::currentTestFunction()));
    writeRecord(m_root, record("pytorch/oom", "Error in pytorch/oom"));
    OrderedJson linking = record("pytorch/nan", "Error in pytorch/nan");
    linking["transition_graph"] = OrderedJson{
        {"leads_to", OrderedJson::array({OrderedJson{{"error_id", "pytorch/gone"}}})}};
    writeRecord(m_root, linking);
    writeRecord(m_root, record("python/bad-regex", "Broken (regex"));
    OrderedJson wrongType = record("node/typed", "Error in node/typed");
    wrongType["confidence"] = "high";
    writeRecord(m_root, wrongType);
    m_kb = std::make_unique<KnowledgeBase>();
    m_kb->adopt(KnowledgeBaseLoader::load(m_root));
    QCOMPARE(m_kb->count(), 4);
}

// Own findings (schema, regex) and the KB's (a dangling link) alike, with
// their lines, as RecordValidator gives them for the record in its KB.
void OwnFindingsJobTest::findingsAreThoseOfAFullValidation()
{
    const RecordValidator validator(Today);
    OwnFindingsJob job(m_kb->records());
    QVERIFY(job.run(validator));
    QSignalSpy many(m_kb.get(), &KnowledgeBase::manyProblemsChanged);
    QSignalSpy one(m_kb.get(), &KnowledgeBase::problemsChanged);
    QCOMPARE(job.apply(*m_kb, validator), 4);
    QCOMPARE(many.count(), 1);
    QCOMPARE(one.count(), 0);
    for (int i = 0; i < m_kb->count(); ++i) {
        const Record *record = m_kb->recordAt(i);
        QCOMPARE(rulesOf(m_kb->problems(record)), rulesOf(validator.validate(*record, m_kb.get())));
    }
    const auto rulesFor = [this](const char *id) {
        return rulesOf(m_kb->problems(m_kb->find(QString::fromLatin1(id)))).join(QLatin1Char(' '));
    };
    QVERIFY(rulesFor("pytorch/nan").contains(QLatin1String("link-dangling")));
    QVERIFY(rulesFor("python/bad-regex").contains(QLatin1String("regex-compile")));
    QVERIFY(rulesFor("node/typed").contains(QLatin1String("schema")));
}

// The window may edit, save or delete records while the job runs: those
// keep what they have, and nothing is read of a deleted one.
void OwnFindingsJobTest::recordsChangedMeanwhileAreLeftAlone()
{
    const RecordValidator validator(Today);
    OwnFindingsJob job(m_kb->records());
    Record *edited = m_kb->find(QStringLiteral("python/bad-regex"));
    m_kb->setValue(edited, QStringLiteral("/signature"), "Edited, not saved");
    Record *saved = m_kb->find(QStringLiteral("node/typed"));
    m_kb->setValue(saved, QStringLiteral("/confidence"), 0.5);
    QString error;
    QCOMPARE(m_kb->save(saved, RecordWriter::OverwriteTheirs, &error), RecordWriter::Written);
    const QList<Problem> own = {Problem{Problem::Info, saved->filePath(), QStringLiteral("/id"), 2, 3,
                                        QStringLiteral("set by the editor"), QStringLiteral("editor")}};
    m_kb->setProblems(saved, own);
    std::unique_ptr<Record> deleted = m_kb->take(m_kb->find(QStringLiteral("pytorch/oom")));
    deleted.reset(); // its address must not be read
    QVERIFY(job.run(validator));
    QCOMPARE(job.apply(*m_kb, validator), 1); // pytorch/nan only
    QVERIFY(m_kb->problems(edited).isEmpty());
    QCOMPARE(rulesOf(m_kb->problems(saved)), QStringList{QStringLiteral("editor@2")});
    const Record *untouched = m_kb->find(QStringLiteral("pytorch/nan"));
    QCOMPARE(rulesOf(m_kb->problems(untouched)), rulesOf(validator.validate(*untouched, m_kb.get())));
}

void OwnFindingsJobTest::cancelledJobSetsWhatItChecked()
{
    const RecordValidator validator(Today);
    OwnFindingsJob job(m_kb->records());
    const std::atomic_bool cancel{true};
    QVERIFY(!job.run(validator, &cancel));
    QCOMPARE(job.apply(*m_kb, validator), 0);
    for (int i = 0; i < m_kb->count(); ++i)
        QVERIFY(m_kb->problems(m_kb->recordAt(i)).isEmpty());
}

QTEST_GUILESS_MAIN(OwnFindingsJobTest)
#include "OwnFindingsJobTest.moc"
