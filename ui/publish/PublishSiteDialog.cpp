#include "ui/publish/PublishSiteDialog.h"

#include "models/settings/Settings.h"

#include <QCheckBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QThread>
#include <QUrl>
#include <QVBoxLayout>

namespace Errata {

namespace {

// A stage name from SitePublisher (English, as the command line prints it)
// in the user's language.
QString stageText(const QString &stage)
{
    if (stage == QLatin1String("Reading the KB"))
        return PublishSiteDialog::tr("Reading the KB…");
    if (stage == QLatin1String("Checking the records"))
        return PublishSiteDialog::tr("Checking the records…");
    if (stage == QLatin1String("Writing the site"))
        return PublishSiteDialog::tr("Writing the site…");
    if (stage == QLatin1String("Swapping the new site in"))
        return PublishSiteDialog::tr("Swapping the new site in…");
    return stage;
}

} // namespace

PublishSiteDialog::PublishSiteDialog(const QString &kb, QWidget *parent)
    : QDialog(parent)
    , m_kb(kb)
    , m_out(new QLineEdit(this))
    , m_browse(new QPushButton(tr("&Browse…"), this))
    , m_baseUrl(new QLineEdit(this))
    , m_validOnly(new QCheckBox(tr("&Leave out records with errors"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this))
    , m_publish(m_buttons->addButton(tr("&Publish"), QDialogButtonBox::AcceptRole))
    , m_open(m_buttons->addButton(tr("&Open in Browser"), QDialogButtonBox::ActionRole))
{
    setWindowTitle(tr("Publish Site"));
    const Settings::PublishTarget target = Settings::publishTarget(kb);
    m_out->setText(
        target.out.isEmpty()
            ? QDir(kb).absoluteFilePath(QStringLiteral("../%1-site")).arg(QFileInfo(QDir(kb).absolutePath()).fileName())
            : target.out);
    if (target.out.isEmpty())
        m_out->setText(QDir::cleanPath(m_out->text()));
    m_out->setObjectName(QStringLiteral("publishOut"));
    m_baseUrl->setText(target.baseUrl);
    m_baseUrl->setPlaceholderText(tr("optional, e.g. https://errors.example.com"));
    m_baseUrl->setObjectName(QStringLiteral("publishBaseUrl"));
    m_validOnly->setChecked(target.validOnly);

    auto *outRow = new QHBoxLayout;
    outRow->addWidget(m_out, 1);
    outRow->addWidget(m_browse);
    auto *form = new QFormLayout;
    auto *outLabel = new QLabel(tr("Site &folder:"), this);
    outLabel->setBuddy(m_out); // a row of a layout gets no buddy of its own
    form->addRow(outLabel, outRow);
    form->addRow(tr("&Base URL:"), m_baseUrl);
    form->addRow(QString(), m_validOnly);
    auto *note = new QLabel(tr("The site is written into a new folder next to this one and swapped in when it is "
                               "complete: readers never see half a site, and a cancelled run leaves the old one "
                               "as it was. Files Errata did not write are kept."),
                            this);
    note->setWordWrap(true);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setObjectName(QStringLiteral("publishStatus"));
    m_progress->setVisible(false);
    m_open->setVisible(false);
    m_publish->setDefault(true);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    resize(560, sizeHint().height());

    connect(m_browse, &QPushButton::clicked, this, &PublishSiteDialog::browse);
    connect(m_publish, &QPushButton::clicked, this, &PublishSiteDialog::publish);
    connect(m_open, &QPushButton::clicked, this, &PublishSiteDialog::openInBrowser);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &PublishSiteDialog::reject);
    connect(this, &PublishSiteDialog::progressed, this, &PublishSiteDialog::showProgress, Qt::QueuedConnection);
}

PublishSiteDialog::~PublishSiteDialog()
{
    if (m_thread) {
        m_cancel.store(true);
        m_thread->wait();
    }
}

void PublishSiteDialog::browse()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Publish the Site into"), m_out->text());
    if (!folder.isEmpty())
        m_out->setText(QDir::toNativeSeparators(folder));
}

bool PublishSiteDialog::checkedRequest(SitePublisher::Request &request)
{
    request.kb = m_kb;
    request.out = QDir::cleanPath(QDir::fromNativeSeparators(m_out->text().trimmed()));
    request.options.validOnly = m_validOnly->isChecked();
    if (m_out->text().trimmed().isEmpty()) {
        m_status->setText(tr("Choose the folder to publish the site into."));
        m_out->setFocus();
        return false;
    }
    if (!m_baseUrl->text().trimmed().isEmpty()) {
        QString why;
        request.options.baseUrl = SitePublisher::baseUrl(m_baseUrl->text(), &why);
        if (request.options.baseUrl.isEmpty()) {
            m_status->setText(tr("The base URL must be an absolute http or https address with a host, such as "
                                 "https://errors.example.com."));
            m_baseUrl->setFocus();
            return false;
        }
    }
    return true;
}

void PublishSiteDialog::publish()
{
    if (m_thread)
        return;
    SitePublisher::Request request;
    if (!checkedRequest(request))
        return;
    Settings::setPublishTarget(m_kb, {m_out->text().trimmed(), request.options.baseUrl, request.options.validOnly});
    m_cancel.store(false);
    setRunning(true);
    m_status->setText(tr("Reading the KB…"));
    m_thread = QThread::create([this, request] {
        const SitePublisher::Result result = SitePublisher::publish(
            request, &m_cancel,
            [this](int done, int total, const QString &stage) { emit progressed(done, total, stage); });
        QMetaObject::invokeMethod(
            this, [this, result] { done(result); }, Qt::QueuedConnection);
    });
    m_thread->start();
}

void PublishSiteDialog::cancel()
{
    if (!m_thread)
        return;
    m_cancel.store(true);
    m_status->setText(tr("Cancelling…"));
}

void PublishSiteDialog::reject()
{
    if (m_thread) { // Escape and the Cancel button stop the run; the dialog stays to say so
        cancel();
        return;
    }
    QDialog::reject();
}

void PublishSiteDialog::showProgress(int done, int total, const QString &stage)
{
    if (!m_thread)
        return;
    m_progress->setRange(0, total);
    m_progress->setValue(done);
    if (!m_cancel.load())
        m_status->setText(stageText(stage));
}

void PublishSiteDialog::done(const SitePublisher::Result &result)
{
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    m_result = result;
    setRunning(false);
    if (result.ok)
        m_status->setText(summary(result));
    else if (result.cancelled)
        m_status->setText(tr("Cancelled: %1 was left as it was.").arg(QDir::toNativeSeparators(m_out->text())));
    else
        m_status->setText(tr("The site was not published: %1").arg(result.error));
    m_open->setVisible(result.ok);
    if (result.ok)
        m_open->setFocus();
    emit finished(result.ok);
}

QString PublishSiteDialog::summary(const SitePublisher::Result &result) const
{
    const QLocale locale;
    QString text = tr("Published %1 of %2 records: %3 files, %4 written, %5 unchanged, %6 removed, in %7 s.")
                       .arg(locale.toString(result.published), locale.toString(result.records),
                            locale.toString(result.files), locale.toString(result.written),
                            locale.toString(result.unchanged), locale.toString(result.removed),
                            locale.toString(result.seconds, 'f', 2));
    if (!result.invalid.isEmpty()) {
        QStringList ids;
        for (const SitePublisher::Invalid &record : result.invalid.mid(0, 5))
            ids << record.id;
        text += QLatin1Char('\n')
            + (m_validOnly->isChecked()
                   ? tr("%n record(s) with errors left out: %1", nullptr, int(result.invalid.size()))
                   : tr("%n record(s) with errors shown with a warning: %1", nullptr, int(result.invalid.size())))
                  .arg(ids.join(QStringLiteral(", "))
                       + (result.invalid.size() > 5 ? QStringLiteral(", …") : QString()));
    }
    if (!result.sitemap)
        text += QLatin1Char('\n') + tr("No sitemap.xml: it needs the base URL.");
    for (const QString &note : result.notes) // from the writer, in English as the command line says them
        text += QLatin1Char('\n') + note;
    return text;
}

void PublishSiteDialog::setRunning(bool running)
{
    m_progress->setVisible(running);
    m_progress->setRange(0, 0);
    m_out->setEnabled(!running);
    m_browse->setEnabled(!running);
    m_baseUrl->setEnabled(!running);
    m_validOnly->setEnabled(!running);
    m_publish->setEnabled(!running);
    m_buttons->button(QDialogButtonBox::Close)->setText(running ? tr("Cancel") : tr("Close"));
    if (running)
        m_open->setVisible(false);
}

void PublishSiteDialog::openInBrowser()
{
    const QString index =
        QDir(QDir::fromNativeSeparators(m_out->text().trimmed())).filePath(QStringLiteral("index.html"));
    QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(index).absoluteFilePath()));
}

} // namespace Errata
