#include "models/validation/RuleValidator.h"
#include "models/json/OrderedJson.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QTemporaryDir>
#include <QTest>

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {
const QString BaseFile = QStringLiteral("demo/base-error.json");
} // namespace

// Declared before RuleValidatorFixture.h, with its record texts, is included:
// moc does not lex raw string literals and would read the "//" of their URLs
// as a comment.
class RuleValidatorTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void todayIsKept();
    void baseRecordIsClean();
    void knowledgeBaseRecordsAreClean();

    void regexSignatureMentionsCase();
    void duplicateId();
    void byteOrderMark();
    void messagesNameTheValues();
    void countedMessagesNeedNoPlural();

private:
    Record baseRecord(const QString &fileName = BaseFile) const;
    QList<Problem> check(const Record &record, bool withKb) const;

    QTemporaryDir m_dir;
    KnowledgeBase m_kb;
};

#include "RuleValidatorFixture.h"

using namespace Errata::RuleValidatorFixture;

void RuleValidatorTest::initTestCase()
{
    loadDemoKb(m_dir, m_kb);
}

Record RuleValidatorTest::baseRecord(const QString &fileName) const
{
    return baseRecordIn(m_kb, fileName);
}

QList<Problem> RuleValidatorTest::check(const Record &record, bool withKb) const
{
    return RuleValidator(Today).check(record, withKb ? &m_kb : nullptr);
}

void RuleValidatorTest::todayIsKept()
{
    QCOMPARE(RuleValidator(Today).today(), Today);
    QCOMPARE(RuleValidator(QDate(2030, 1, 1)).today(), QDate(2030, 1, 1));
}

void RuleValidatorTest::baseRecordIsClean()
{
    const Record record = baseRecord();
    const QList<Problem> withKb = check(record, true);
    QVERIFY2(withKb.isEmpty(),
             qPrintable(QStringLiteral("the base record is not clean with the KB:\n") + describe(withKb)));
    const QList<Problem> withoutKb = check(record, false);
    QVERIFY2(withoutKb.isEmpty(),
             qPrintable(QStringLiteral("the base record is not clean without a KB:\n") + describe(withoutKb)));
}

void RuleValidatorTest::knowledgeBaseRecordsAreClean()
{
    for (int i = 0; i < m_kb.count(); ++i) {
        const QList<Problem> problems = check(*m_kb.recordAt(i), true);
        QVERIFY2(problems.isEmpty(), qPrintable(m_kb.recordAt(i)->id() + QStringLiteral(":\n") + describe(problems)));
    }
}

void RuleValidatorTest::regexSignatureMentionsCase()
{
    Record record = baseRecord();
    record.setValue(QStringLiteral("/regex"), "demoerror: WIDGET");
    QList<Problem> problems = check(record, true);
    QVERIFY2(problems.size() == 1 && problems.first().rule == QLatin1String("regex-signature")
                 && problems.first().message.contains(QLatin1String("case")),
             qPrintable(QStringLiteral("expected a hint that case differs:\n") + describe(problems)));

    record.setValue(QStringLiteral("/regex"), "OtherError");
    problems = check(record, true);
    QVERIFY2(problems.size() == 1 && problems.first().rule == QLatin1String("regex-signature")
                 && !problems.first().message.contains(QLatin1String("case")),
             qPrintable(QStringLiteral("expected no case hint:\n") + describe(problems)));

    record.setValue(QStringLiteral("/regex"), "(?<=x)y");
    problems = check(record, true);
    QVERIFY2(problems.size() == 1 && problems.first().message.contains(QLatin1String("character 1")),
             qPrintable(QStringLiteral("expected the error position in the message:\n") + describe(problems)));
}

void RuleValidatorTest::duplicateId()
{
    QTemporaryDir dir;
    QVERIFY2(dir.isValid(), qPrintable(dir.errorString()));
    const QByteArray twin = R"({"id": "demo/twin", "signature": "DemoError: twin", "signature_zh": "DemoError：双胞胎",
                               "regex": "DemoError: twin", "domain": "demo", "category": "runtime_error"})";
    const QByteArray solo = R"({"id": "demo/solo", "signature": "DemoError: solo", "signature_zh": "DemoError：单独",
                               "regex": "DemoError: solo", "domain": "demo", "category": "runtime_error"})";
    QVERIFY(writeFile(dir.filePath(QStringLiteral("demo/twin.json")), twin));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("demo/twin-copy.json")), twin));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("demo/solo.json")), solo));
    KnowledgeBase kb;
    kb.adopt(KnowledgeBaseLoader::load(dir.path()));
    QCOMPARE(kb.count(), 3);

    const RuleValidator validator(Today);
    for (int i = 0; i < kb.count(); ++i) {
        const Record &record = *kb.recordAt(i);
        const QString path = kb.relativePath(record.filePath());
        const QList<Problem> problems = validator.check(record, &kb);
        QStringList expected;
        if (path == QLatin1String("demo/twin.json"))
            expected = list({"error duplicate-id [/id]"});
        else if (path == QLatin1String("demo/twin-copy.json"))
            expected = list({"error duplicate-id [/id]", "error id-path [/id]"});
        QVERIFY2(summaries(problems) == expected,
                 qPrintable(path + QStringLiteral(": expected [") + expected.join(QStringLiteral(", "))
                            + QStringLiteral("], found:\n") + describe(problems)));
        for (const Problem &problem : problems) {
            if (problem.rule == QLatin1String("duplicate-id"))
                QVERIFY2(problem.message.contains(QLatin1String("demo/twin.json"))
                             && problem.message.contains(QLatin1String("demo/twin-copy.json")),
                         qPrintable(QStringLiteral("the message should name both files: ") + problem.message));
        }
        // Without the KB nothing can be said about duplicates.
        QVERIFY2(validator.check(record, nullptr).isEmpty(), qPrintable(describe(validator.check(record, nullptr))));
    }
}

void RuleValidatorTest::byteOrderMark()
{
    Record record;
    Record::LoadError error;
    QVERIFY2(record.parse(QByteArray("\xEF\xBB\xBF") + BaseRecordText, &error), qPrintable(error.message));
    record.setFilePath(QDir(m_kb.root()).filePath(BaseFile));
    QVERIFY(record.hadByteOrderMark());
    const QList<Problem> problems = check(record, true);
    QVERIFY2(summaries(problems) == list({"warning byte-order-mark []"}),
             qPrintable(QStringLiteral("expected one byte-order-mark warning, found:\n") + describe(problems)));

    // A byte order mark anywhere else is not the file's.
    QVERIFY(!baseRecord().hadByteOrderMark());
}

void RuleValidatorTest::messagesNameTheValues()
{
    Record record = baseRecord();
    record.setValue(QStringLiteral("/transition_graph/leads_to/1"), "demo/missing");
    record.setValue(QStringLiteral("/official_doc_url"), "ftp://example.com/x");
    record.setValue(QStringLiteral("/last_confirmed"), iso(Today.addDays(-400)));
    record.setValue(QStringLiteral("/evidence_count"), 2);
    const QList<Problem> problems = check(record, true);
    QCOMPARE(problems.size(), 4);
    for (const Problem &problem : problems) {
        const char *part = problem.rule == QLatin1String("link-dangling") ? "demo/missing"
            : problem.rule == QLatin1String("url-scheme")                 ? "ftp://example.com/x"
            : problem.rule == QLatin1String("stale")                      ? "400 days"
                                                                          : "evidence_count of only 2";
        QVERIFY2(problem.message.contains(QString::fromUtf8(part)),
                 qPrintable(QStringLiteral("expected \"%1\" in: %2").arg(QString::fromUtf8(part), problem.message)));
    }
}

// The command line installs no translator, so a message with a count
// must read right for one as for many without one: no "item(s)".
void RuleValidatorTest::countedMessagesNeedNoPlural()
{
    Record record = baseRecord();
    record.setValue(QStringLiteral("/workarounds_zh/0"), "Clear the widget cache");
    record.setValue(QStringLiteral("/workarounds_zh/2"), "third, in English");
    record.setValue(QStringLiteral("/evidence_count"), 1);
    const QList<Problem> problems = check(record, true);
    QCOMPARE(problems.size(), 3);
    const QHash<QString, QString> parts = {{QStringLiteral("evidence-low"), QStringLiteral("evidence_count of only 1")},
                                           {QStringLiteral("zh-count"), QStringLiteral("(3 against 2)")},
                                           {QStringLiteral("untranslated"), QStringLiteral("not translated: 1, 3 (")}};
    for (const Problem &problem : problems) {
        QVERIFY2(parts.contains(problem.rule), qPrintable(problem.rule));
        QVERIFY2(problem.message.contains(parts.value(problem.rule)), qPrintable(problem.message));
        QVERIFY2(!problem.message.contains(QLatin1String("(s)")), qPrintable(problem.message));
    }
}

QTEST_GUILESS_MAIN(RuleValidatorTest)
#include "RuleValidatorTest.moc"
