// File > Publish Site… as a user works it: the folder and base URL typed,
// Publish, progress, the summary and "Open in Browser"; the choices kept
// for the KB; a bad base URL or an OUT that is the KB refused before
// anything is written; Cancel in the middle leaves the old site as it was.

#include "ui/publish/PublishSiteDialog.h"

#include "bench/SyntheticKnowledgeBase.h"
#include "models/settings/Settings.h"
#include "support/TestFiles.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace Errata;

namespace {

// Every file below `folder` (hidden ones too) with a hash of its bytes.
QMap<QString, QByteArray> tree(const QString &folder)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(folder, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files.insert(QDir(folder).relativeFilePath(path),
                     QCryptographicHash::hash(TestSupport::readFile(path), QCryptographicHash::Sha1));
    }
    return files;
}

QPushButton *button(QDialog &dialog, const QString &text)
{
    for (QPushButton *b : dialog.findChildren<QPushButton *>())
        if (b->text() == text)
            return b;
    return nullptr;
}

} // namespace

class PublishSiteDialogTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void publishesAndOffersToOpenTheSite();
    void choicesAreRememberedPerKb();
    void badBaseUrlIsRefusedBeforeAnyWork();
    void theKbItselfIsRefused();
    void cancelLeavesTheOldSiteAsItWas();

private:
    QTemporaryDir m_dir;
    QString m_kb;
};

void PublishSiteDialogTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_kb = m_dir.filePath(QStringLiteral("kb"));
    QVERIFY(TestSupport::copyFolder(QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"), m_kb));
}

void PublishSiteDialogTest::init()
{
    QSettings().clear();
}

void PublishSiteDialogTest::publishesAndOffersToOpenTheSite()
{
    const QString out = m_dir.filePath(QStringLiteral("site"));
    PublishSiteDialog dialog(m_kb);
    dialog.show();
    dialog.findChild<QLineEdit *>(QStringLiteral("publishOut"))->setText(out);
    dialog.findChild<QLineEdit *>(QStringLiteral("publishBaseUrl"))->setText(QStringLiteral("https://kb.example/"));
    QSignalSpy finished(&dialog, &PublishSiteDialog::finished);
    QSignalSpy progressed(&dialog, &PublishSiteDialog::progressed);
    QTest::mouseClick(button(dialog, QStringLiteral("&Publish")), Qt::LeftButton);
    QVERIFY(dialog.isRunning());
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(!progressed.isEmpty());
    QVERIFY(QFileInfo::exists(out + QStringLiteral("/index.html")));
    QVERIFY(QFileInfo::exists(out + QStringLiteral("/zh/index.html")));
    QCOMPARE(dialog.result().published, 24);
    QVERIFY(dialog.result().sitemap);
    QVERIFY(button(dialog, QStringLiteral("&Open in Browser"))->isVisible());
    const QString status = dialog.findChild<QLabel *>(QStringLiteral("publishStatus"))->text();
    QVERIFY2(status.contains(QStringLiteral("Published 24 of 24 records")), qPrintable(status));
}

void PublishSiteDialogTest::choicesAreRememberedPerKb()
{
    const QString out = m_dir.filePath(QStringLiteral("remembered"));
    {
        PublishSiteDialog dialog(m_kb);
        dialog.findChild<QLineEdit *>(QStringLiteral("publishOut"))->setText(out);
        dialog.findChild<QLineEdit *>(QStringLiteral("publishBaseUrl"))->setText(QStringLiteral("https://a.example"));
        QSignalSpy finished(&dialog, &PublishSiteDialog::finished);
        dialog.publish();
        QVERIFY(finished.wait(60000));
    }
    PublishSiteDialog again(m_kb);
    QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("publishOut"))->text(), out);
    QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("publishBaseUrl"))->text(),
             QStringLiteral("https://a.example"));
    // Another KB starts from its own default: a folder beside it.
    PublishSiteDialog other(m_dir.filePath(QStringLiteral("other-kb")));
    QCOMPARE(other.findChild<QLineEdit *>(QStringLiteral("publishOut"))->text(),
             m_dir.filePath(QStringLiteral("other-kb-site")));
}

void PublishSiteDialogTest::badBaseUrlIsRefusedBeforeAnyWork()
{
    const QString out = m_dir.filePath(QStringLiteral("never"));
    PublishSiteDialog dialog(m_kb);
    dialog.findChild<QLineEdit *>(QStringLiteral("publishOut"))->setText(out);
    dialog.findChild<QLineEdit *>(QStringLiteral("publishBaseUrl"))->setText(QStringLiteral("javascript:alert(1)"));
    dialog.publish();
    QVERIFY(!dialog.isRunning());
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("publishStatus"))->text().contains(QStringLiteral("base URL")));
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(Settings::publishTarget(m_kb).out, QString()); // nothing remembered from a refused try
}

void PublishSiteDialogTest::theKbItselfIsRefused()
{
    const QMap<QString, QByteArray> before = tree(m_kb);
    PublishSiteDialog dialog(m_kb);
    dialog.findChild<QLineEdit *>(QStringLiteral("publishOut"))->setText(m_kb + QStringLiteral("/site"));
    QSignalSpy finished(&dialog, &PublishSiteDialog::finished);
    dialog.publish();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toBool(), false);
    QVERIFY(dialog.result().refused);
    const QString status = dialog.findChild<QLabel *>(QStringLiteral("publishStatus"))->text();
    QVERIFY2(status.startsWith(QStringLiteral("The site was not published")), qPrintable(status));
    QCOMPARE(tree(m_kb), before);
}

void PublishSiteDialogTest::cancelLeavesTheOldSiteAsItWas()
{
    const QString kb = m_dir.filePath(QStringLiteral("big-kb"));
    QString error;
    QVERIFY2(SyntheticKnowledgeBase(3000, 11).write(kb, &error), qPrintable(error));
    const QString out = m_dir.filePath(QStringLiteral("big-site"));
    { // the old site: the sample KB's
        PublishSiteDialog first(m_kb);
        first.findChild<QLineEdit *>(QStringLiteral("publishOut"))->setText(out);
        QSignalSpy finished(&first, &PublishSiteDialog::finished);
        first.publish();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), true);
    }
    const QMap<QString, QByteArray> before = tree(out);
    PublishSiteDialog dialog(kb);
    dialog.findChild<QLineEdit *>(QStringLiteral("publishOut"))->setText(out);
    QSignalSpy finished(&dialog, &PublishSiteDialog::finished);
    connect(&dialog, &PublishSiteDialog::progressed, &dialog, [&dialog](int, int, const QString &stage) {
        if (stage == QLatin1String("Writing the site"))
            dialog.cancel();
    });
    dialog.publish();
    QVERIFY(finished.wait(120000));
    QCOMPARE(finished.first().first().toBool(), false);
    QVERIFY(dialog.result().cancelled);
    QVERIFY(
        dialog.findChild<QLabel *>(QStringLiteral("publishStatus"))->text().startsWith(QStringLiteral("Cancelled")));
    QCOMPARE(tree(out), before);
    // Nothing left beside it either.
    const QStringList beside = QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QString &name : beside)
        QVERIFY2(!name.contains(QStringLiteral("errata-new")), qPrintable(name));
}

QTEST_MAIN(PublishSiteDialogTest)
#include "PublishSiteDialogTest.moc"
