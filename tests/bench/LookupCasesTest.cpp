#include "bench/LookupCases.h"
#include "bench/LookupCaseDice.h"
#include "bench/LookupCaseFile.h"
#include "bench/LookupCorpus.h"
#include "bench/LookupEnvironment.h"
#include "bench/LookupVariation.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"

#include <QSet>
#include <QtTest>

using namespace Errata;

// The generator of errata-lookup-bench's cases: what it promises the
// benchmark (deterministic, every kind, ids that exist, no number of the
// signature left where it varied them), checked without any engine.
class LookupCasesTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sameSeedSameCases();
    void otherSeedOtherCases();
    void enoughCasesWithTheCorpus();
    void expectedIdsExist();
    void variedTextsHideTheSignaturesNumbers();
    void chineseOnlyForRecordsWithSignatureZh();
    void sharedSignaturesCarryTheEnvironment();
    void variationKeepsWhatNamesTheError();
    void environmentLines();
    void caseFileParsesAndNamesSampleRecords();

private:
    QList<LookupCaseRecord> m_sample;
    QList<LookupCaseRecord> m_corpus; // empty when the corpus is absent
};

namespace {

QList<LookupCaseRecord> caseRecords(const KnowledgeBase &kb)
{
    QList<LookupCaseRecord> records;
    for (int i = 0; i < kb.count(); ++i)
        records << LookupCaseRecord::of(*kb.recordAt(i));
    return records;
}

QSet<QString> ids(const QList<LookupCaseRecord> &records)
{
    QSet<QString> set;
    for (const LookupCaseRecord &record : records)
        set.insert(record.id);
    return set;
}

bool sameCases(const QList<LookupCase> &a, const QList<LookupCase> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a.at(i).text != b.at(i).text || a.at(i).expectedId != b.at(i).expectedId || a.at(i).kind != b.at(i).kind)
            return false;
    }
    return true;
}

} // namespace

void LookupCasesTest::initTestCase()
{
    KnowledgeBase sample;
    sample.adopt(KnowledgeBaseLoader::load(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb")));
    QCOMPARE(sample.count(), 24);
    m_sample = caseRecords(sample);
    if (QFileInfo(LookupCorpus::defaultFolder()).isDir()) {
        for (const auto &record : LookupCorpus::convert(LookupCorpus::defaultFolder()))
            m_corpus << LookupCaseRecord::of(*record);
    }
}

void LookupCasesTest::sameSeedSameCases()
{
    QVERIFY(sameCases(LookupCases(m_sample, 7).everyKind(), LookupCases(m_sample, 7).everyKind()));
    if (!m_corpus.isEmpty())
        QVERIFY(sameCases(LookupCases(m_corpus, 7).sample(60), LookupCases(m_corpus, 7).sample(60)));
}

void LookupCasesTest::otherSeedOtherCases()
{
    const QList<LookupCase> first = LookupCases(m_sample, 1).everyKind();
    const QList<LookupCase> second = LookupCases(m_sample, 2).everyKind();
    QCOMPARE(first.size(), second.size()); // the same shape
    int different = 0;
    for (qsizetype i = 0; i < first.size(); ++i) {
        QCOMPARE(first.at(i).expectedId, second.at(i).expectedId);
        different += first.at(i).text != second.at(i).text;
    }
    // Only signatures with nothing to vary typed alone ("lower" without an
    // environment line) may come out the same.
    QVERIFY2(different > first.size() * 3 / 4, qPrintable(QStringLiteral("%1 of %2").arg(different).arg(first.size())));
}

void LookupCasesTest::enoughCasesWithTheCorpus()
{
    if (m_corpus.isEmpty())
        QSKIP(qPrintable(QStringLiteral("the shared corpus is absent: %1").arg(LookupCorpus::defaultFolder())));
    const QList<LookupCase> cases = LookupCases(m_sample).everyKind()
        + LookupCases(m_corpus).sample(LookupCases::DefaultCorpusCases);
    QVERIFY2(cases.size() >= 150, qPrintable(QString::number(cases.size())));
    QSet<QString> kinds;
    for (const LookupCase &lookupCase : cases)
        kinds.insert(lookupCase.kind);
    for (const QString &kind : LookupCases::kinds())
        QVERIFY2(kinds.contains(kind), qPrintable(kind));
}

void LookupCasesTest::expectedIdsExist()
{
    const QSet<QString> sampleIds = ids(m_sample);
    for (const LookupCase &lookupCase : LookupCases(m_sample).everyKind())
        QVERIFY2(sampleIds.contains(lookupCase.expectedId), qPrintable(lookupCase.expectedId));
    const QSet<QString> corpusIds = ids(m_corpus);
    for (const LookupCase &lookupCase : LookupCases(m_corpus).sample(m_corpus.isEmpty() ? 0 : 300))
        QVERIFY2(corpusIds.contains(lookupCase.expectedId), qPrintable(lookupCase.expectedId));
}

void LookupCasesTest::variedTextsHideTheSignaturesNumbers()
{
    int withNumbers = 0;
    for (const QList<LookupCaseRecord> &records : {m_sample, m_corpus}) {
        const LookupCases generator(records);
        for (int index = 0; index < generator.count(); ++index) {
            if (!generator.applies(index, QStringLiteral("varied")))
                continue;
            const LookupCaseRecord &record = generator.record(index);
            const QStringList original = LookupVariation::variableNumbers(record.signature,
                                                                          LookupVariation::idWords(record.id));
            if (original.isEmpty())
                continue;
            ++withNumbers;
            const LookupCase varied = generator.make(index, QStringLiteral("varied"));
            for (const QString &token : LookupVariation::numberTokens(varied.text))
                QVERIFY2(!original.contains(token),
                         qPrintable(record.id + QStringLiteral(": ") + token + QStringLiteral(" in\n") + varied.text));
        }
    }
    // The sample KB alone has 9 such records; with the corpus, hundreds.
    QVERIFY2(withNumbers >= (m_corpus.isEmpty() ? 9 : 10), qPrintable(QString::number(withNumbers)));
}

void LookupCasesTest::chineseOnlyForRecordsWithSignatureZh()
{
    const LookupCases generator(m_sample);
    QSet<QString> withZh;
    for (int index = 0; index < generator.count(); ++index) {
        if (!generator.record(index).signatureZh.isEmpty())
            withZh.insert(generator.record(index).id);
    }
    QCOMPARE(withZh.size(), 23); // kubernetes/pending-insufficient-resources has none
    QSet<QString> chinese;
    for (const LookupCase &lookupCase : generator.everyKind()) {
        if (lookupCase.kind == QLatin1String("chinese"))
            chinese.insert(lookupCase.expectedId);
    }
    QCOMPARE(chinese, withZh);
    for (const LookupCase &lookupCase : LookupCases(m_corpus).sample(m_corpus.isEmpty() ? 0 : 300))
        QVERIFY(lookupCase.kind != QLatin1String("chinese")); // the corpus has no signature_zh
}

void LookupCasesTest::sharedSignaturesCarryTheEnvironment()
{
    if (m_corpus.isEmpty())
        QSKIP(qPrintable(QStringLiteral("the shared corpus is absent: %1").arg(LookupCorpus::defaultFolder())));
    const LookupCases generator(m_corpus);
    int shared = 0;
    for (int index = 0; index < generator.count(); ++index) {
        if (!generator.sharesSignature(index) || !generator.isPasteable(index))
            continue;
        ++shared;
        LookupCaseDice dice(1);
        const LookupCaseRecord &record = generator.record(index);
        if (LookupEnvironment::line(record.id, record.versions, dice).isEmpty())
            continue;
        // "lower" is the signature alone, plus the environment line.
        const LookupCase lower = generator.make(index, QStringLiteral("lower"));
        QVERIFY2(lower.text.count(QLatin1Char('\n')) > record.signature.count(QLatin1Char('\n')),
                 qPrintable(lower.text));
    }
    QVERIFY(shared >= 10);
}

void LookupCasesTest::variationKeepsWhatNamesTheError()
{
    LookupCaseDice dice(3);
    const QString errno28 = LookupVariation::vary(QStringLiteral("OSError: [Errno 28] No space left on device"), dice);
    QCOMPARE(errno28, QStringLiteral("OSError: [Errno 28] No space left on device"));
    const QString socket = QStringLiteral("dial unix /var/run/docker.sock: connect: permission denied");
    QCOMPARE(LookupVariation::vary(socket, dice), socket);
    const QString tensor = QStringLiteral("AttributeError: 'tensor' object has no attribute 'grad'");
    QCOMPARE(LookupVariation::vary(
                 tensor, dice,
                 LookupVariation::idWords(QStringLiteral("python/attributeerror-tensor-no-grad/torch2.1-linux"))),
             tensor);
    const QString generator = QStringLiteral("TypeError: 'async_generator' object is not iterable");
    QCOMPARE(LookupVariation::vary(
                 generator, dice,
                 LookupVariation::idWords(QStringLiteral("python/typeerror-async-generator-not-iterable/py311-linux"))),
             generator);
    const QString module = LookupVariation::vary(QStringLiteral("ModuleNotFoundError: No module named 'requests'"),
                                                 dice);
    QVERIFY(module.startsWith(QLatin1String("ModuleNotFoundError: No module named '")));
    QVERIFY(!module.contains(QLatin1String("'requests'")));
    QCOMPARE(LookupVariation::variableNumbers(QStringLiteral("Error 1040: 3 of 5 at 0x1f")),
             QStringList({QStringLiteral("3"), QStringLiteral("5")}));
}

void LookupCasesTest::environmentLines()
{
    LookupCaseDice dice(5);
    const QString python = LookupEnvironment::line(QStringLiteral("python/x/py311-linux"),
                                                   {QStringLiteral("python>=3.11,<3.13")}, dice);
    QVERIFY2(python.startsWith(QLatin1String("Python 3.11.")) && python.endsWith(QLatin1String(" on linux")),
             qPrintable(python));
    const QString node = LookupEnvironment::line(QStringLiteral("node/x/node20-macos"),
                                                 {QStringLiteral("node>=18,<23")}, dice);
    QVERIFY2(node.startsWith(QLatin1String("node v20.")) && node.endsWith(QLatin1String(" (darwin)")),
             qPrintable(node));
    const QString torch = LookupEnvironment::line(QStringLiteral("python/x/torch2.1-rtx3090"),
                                                  {QStringLiteral("pytorch>=2.0,<2.3")}, dice);
    QVERIFY2(torch.startsWith(QLatin1String("torch 2.1."))
                 && torch.endsWith(QLatin1String("GPU: NVIDIA GeForce RTX 3090")),
             qPrintable(torch));
    const QString arm = LookupEnvironment::line(QStringLiteral("pip/x/pip23-macos-arm64"),
                                                {QStringLiteral("pip>=22,<25")}, dice);
    QVERIFY2(arm.startsWith(QLatin1String("pip 23.")) && arm.contains(QLatin1String("macOS/arm64")), qPrintable(arm));
    const QString git = LookupEnvironment::line(QStringLiteral("git/dubious-ownership"),
                                                {QStringLiteral("git>=2.35.2")}, dice);
    QCOMPARE(git, QStringLiteral("git version 2.35.2"));
    QCOMPARE(LookupEnvironment::line(QStringLiteral("git/no-versions"), {}, dice), QString());
}

void LookupCasesTest::caseFileParsesAndNamesSampleRecords()
{
    QString error;
    const QList<LookupCase> cases = LookupCaseFile::read(QStringLiteral(ERRATA_LOOKUP_CASES), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(cases.size() >= 40);
    const QSet<QString> sampleIds = ids(m_sample);
    QSet<QString> answered;
    for (const LookupCase &lookupCase : cases) {
        QVERIFY2(sampleIds.contains(lookupCase.expectedId), qPrintable(lookupCase.expectedId));
        QCOMPARE(lookupCase.kind, QStringLiteral("hand-written"));
        answered.insert(lookupCase.expectedId);
    }
    QCOMPARE(answered, sampleIds); // every sample record is asked about
}

QTEST_GUILESS_MAIN(LookupCasesTest)
#include "LookupCasesTest.moc"
