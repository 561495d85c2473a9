// The conflict view on a record file in conflict (repositories made with
// libgit2): one row per field both sides changed, a side chosen per row or
// for all, a typed value, the preview of the file, a refused save (errors,
// text that is not JSON) that writes nothing, and a save that writes the
// file and ends the conflict.

#include "ui/merge/ConflictMergeDialog.h"

#include "models/git/GitStatus.h"
#include "models/merge/ConflictSession.h"
#include "models/validation/RecordValidator.h"
#include "support/GitTestRepository.h"
#include "support/TestFiles.h"

#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Errata;
using namespace Errata::TestSupport;

namespace {

QByteArray record(const QString &signature, const QString &rootCause, double confidence)
{
    return QStringLiteral("{\n  \"id\": \"app/one\",\n  \"signature\": \"%1\",\n  \"regex\": \"disk\",\n"
                          "  \"domain\": \"app\",\n  \"category\": \"general\",\n  \"root_cause\": \"%2\",\n"
                          "  \"confidence\": %3\n}\n")
        .arg(signature, rootCause)
        .arg(confidence)
        .toUtf8();
}

const QByteArray Markers("<<<<<<< ours\n=======\n>>>>>>> theirs\n");

} // namespace

class ConflictMergeDialogTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void rowsChoicesAndPreview();
    void typedValueAndSave();
    void refusedSaveWritesNothing();

private:
    void choose(ConflictMergeDialog &dialog, int row, const QString &text);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<GitTestRepository> m_repository;
    std::unique_ptr<ConflictSession> m_session;
    RecordValidator m_validator{QDate(2026, 12, 1)};
};

void ConflictMergeDialogTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_repository = std::make_unique<GitTestRepository>(m_dir->path());
    const QByteArray base = record(QStringLiteral("disk full"), QStringLiteral("No space."), 0.5);
    QVERIFY(m_repository->write(QStringLiteral("app/one.json"), base));
    QVERIFY(!m_repository->commitAll(QStringLiteral("first")).isEmpty());
    // Both change the signature and the confidence; only theirs the root cause.
    QVERIFY(m_repository->conflict(QStringLiteral("app/one.json"), base,
                                   record(QStringLiteral("disk is full"), QStringLiteral("No space."), 0.8),
                                   record(QStringLiteral("the disk is full"), QStringLiteral("Quota."), 0.6), Markers));
    m_session = std::make_unique<ConflictSession>();
    QString error;
    QVERIFY2(m_session->open(m_dir->path(), QStringLiteral("app/one.json"), &error), qPrintable(error));
}

void ConflictMergeDialogTest::choose(ConflictMergeDialog &dialog, int row, const QString &text)
{
    QComboBox *choice = dialog.choiceAt(row);
    QVERIFY(choice);
    const int index = choice->findText(text);
    QVERIFY(index >= 0);
    choice->setCurrentIndex(index);
    emit choice->activated(index);
}

void ConflictMergeDialogTest::rowsChoicesAndPreview()
{
    ConflictMergeDialog dialog(m_session.get(), &m_validator, nullptr);
    QTableWidget *table = dialog.table();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("/signature"));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("disk is full"));
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("the disk is full"));
    QCOMPARE(table->item(1, 0)->text(), QStringLiteral("/confidence"));
    QCOMPARE(dialog.choiceAt(1)->count(), 4); // ours, theirs, common ancestor's, edited
    // Ours until chosen otherwise; theirs' one-sided root cause merged already.
    QCOMPARE(dialog.preview()->toPlainText().toUtf8(),
             record(QStringLiteral("disk is full"), QStringLiteral("Quota."), 0.8));
    choose(dialog, 1, QStringLiteral("Theirs"));
    QCOMPARE(dialog.preview()->toPlainText().toUtf8(),
             record(QStringLiteral("disk is full"), QStringLiteral("Quota."), 0.6));
    QCOMPARE(dialog.valueEdit()->toPlainText(), QStringLiteral("0.6"));
    choose(dialog, 1, QStringLiteral("Common ancestor's"));
    QVERIFY(dialog.preview()->toPlainText().contains(QStringLiteral("\"confidence\": 0.5")));
}

void ConflictMergeDialogTest::typedValueAndSave()
{
    ConflictMergeDialog dialog(m_session.get(), &m_validator, nullptr);
    dialog.table()->selectRow(0);
    dialog.valueEdit()->setPlainText(QStringLiteral("the disk is full (quota)")); // a text: no quotes needed
    QCOMPARE(dialog.choiceAt(0)->currentText(), QStringLiteral("Edited"));
    dialog.table()->selectRow(1);
    dialog.valueEdit()->setPlainText(QStringLiteral("0.7"));
    const QByteArray expected = record(QStringLiteral("the disk is full (quota)"), QStringLiteral("Quota."), 0.7);
    QCOMPARE(dialog.preview()->toPlainText().toUtf8(), expected);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("app/one.json"))), expected);
    QCOMPARE(GitStatus::read(m_dir->path()).find(QStringLiteral("app/one.json"))->state, GitStatus::State::Modified);
}

void ConflictMergeDialogTest::refusedSaveWritesNothing()
{
    ConflictMergeDialog dialog(m_session.get(), &m_validator, nullptr);
    dialog.table()->selectRow(1);
    dialog.valueEdit()->setPlainText(QStringLiteral("0.7x")); // not JSON
    dialog.accept();
    QVERIFY(!dialog.messageLabel()->isHidden());
    QVERIFY2(dialog.messageLabel()->text().contains(QStringLiteral("not JSON")),
             qPrintable(dialog.messageLabel()->text()));
    dialog.valueEdit()->setPlainText(QStringLiteral("7")); // JSON, but a confidence above 1
    dialog.accept();
    QVERIFY2(dialog.messageLabel()->text().contains(QStringLiteral("confidence")),
             qPrintable(dialog.messageLabel()->text()));
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("app/one.json"))), Markers);
    QCOMPARE(GitStatus::read(m_dir->path()).find(QStringLiteral("app/one.json"))->state, GitStatus::State::Conflicted);
    // All theirs, then saved.
    for (int row = 0; row < 2; ++row)
        choose(dialog, row, QStringLiteral("Theirs"));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("app/one.json"))),
             record(QStringLiteral("the disk is full"), QStringLiteral("Quota."), 0.6));
}

QTEST_MAIN(ConflictMergeDialogTest)
#include "ConflictMergeDialogTest.moc"
