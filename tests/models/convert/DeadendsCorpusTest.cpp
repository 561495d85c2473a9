// The deadends.dev canon <-> Errata record mapping on the whole shared corpus
// (ERRATA_CORPUS_DIR): every canon imports without schema errors and comes
// back unchanged. Skipped when the corpus is not there. The mapping field by
// field is in DeadendsConverterTest.

#include "models/convert/DeadendsConverter.h"
#include "models/kb/Problem.h"
#include "models/record/Record.h"
#include "models/validation/SchemaValidator.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <stdexcept>
#include <string>

using namespace Errata;

class DeadendsCorpusTest : public QObject
{
    Q_OBJECT

private slots:
    void corpusImportsWithoutSchemaErrors();
    void corpusRoundTrips();
};

namespace {

// Unordered comparison, as the format asks ("JSON-equal").
bool jsonEqual(const OrderedJson &a, const OrderedJson &b)
{
    return nlohmann::json(a) == nlohmann::json(b);
}

QString corpusDir()
{
    return QStringLiteral(ERRATA_CORPUS_DIR "/deadends-canons");
}

QStringList corpusFiles()
{
    QStringList files;
    QDirIterator it(corpusDir(), {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

} // namespace

// QCOMPARE cannot print JSON values; this shows both on failure.
#define COMPARE_JSON(actual, expected) \
    do { \
        const OrderedJson actualValue = (actual); \
        const OrderedJson expectedValue = (expected); \
        QVERIFY2(actualValue == expectedValue, \
                 qPrintable(QStringLiteral("%1 is %2, expected %3") \
                                .arg(QStringLiteral(#actual), QString::fromStdString(actualValue.dump()), \
                                     QString::fromStdString(expectedValue.dump())))); \
    } while (false)

void DeadendsCorpusTest::corpusImportsWithoutSchemaErrors()
{
    if (!QFileInfo(corpusDir()).isDir())
        QSKIP(qPrintable(
            QStringLiteral("the shared corpus is not here (%1): a fresh clone does not have it").arg(corpusDir())));
    const QStringList files = corpusFiles();
    QCOMPARE(files.size(), 2116);
    const SchemaValidator schema;
    QVERIFY2(schema.isValid(), qPrintable(schema.errorMessage()));
    QStringList failures;
    for (const QString &path : files) {
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        const OrderedJson canon = OrderedJson::parse(file.readAll().toStdString());
        OrderedJson record;
        try {
            record = DeadendsConverter::toRecord(canon);
        } catch (const std::exception &e) {
            failures << path + QStringLiteral(": ") + QString::fromUtf8(e.what());
            continue;
        }
        const QList<Problem> problems = schema.validate(record);
        if (!problems.isEmpty())
            failures << path + QStringLiteral(": ") + problems.first().pointer + QLatin1Char(' ')
                    + problems.first().message;
        else if (record.value("id", OrderedJson()) != canon.at("id"))
            failures << path + QStringLiteral(": id not kept");
    }
    QVERIFY2(failures.isEmpty(),
             qPrintable(QStringLiteral("%1 of %2 failed, first: %3")
                            .arg(failures.size())
                            .arg(files.size())
                            .arg(failures.mid(0, 5).join(QLatin1Char('\n')))));
}

void DeadendsCorpusTest::corpusRoundTrips()
{
    if (!QFileInfo(corpusDir()).isDir())
        QSKIP(qPrintable(
            QStringLiteral("the shared corpus is not here (%1): a fresh clone does not have it").arg(corpusDir())));
    const QStringList files = corpusFiles();
    QCOMPARE(files.size(), 2116);
    QStringList failures;
    int keptRuntime = 0;
    for (const QString &path : files) {
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        const OrderedJson canon = OrderedJson::parse(file.readAll().toStdString());
        const OrderedJson record = DeadendsConverter::toRecord(canon);
        keptRuntime += record.at("x_deadends").contains("runtime") ? 1 : 0;
        if (!jsonEqual(DeadendsConverter::toCanon(record), canon))
            failures << path;
    }
    QVERIFY2(failures.isEmpty(),
             qPrintable(QStringLiteral("%1 of %2 do not round-trip, first: %3")
                            .arg(failures.size())
                            .arg(files.size())
                            .arg(failures.mid(0, 5).join(QLatin1Char('\n')))));
    // Every runtime of the corpus is a plain {name, version_range} that the
    // version string gives back.
    COMPARE_JSON(keptRuntime, 0);
}

QTEST_GUILESS_MAIN(DeadendsCorpusTest)
#include "DeadendsCorpusTest.moc"
