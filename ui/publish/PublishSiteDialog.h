#pragma once

#include "models/publish/SitePublisher.h"

#include <QDialog>

#include <atomic>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QThread;

namespace Errata {

// File > Publish Site…: the KB as a static website (SitePublisher), written
// in the background with progress, stopped by Cancel (the old site is left
// as it was), and opened in the browser at the end. The site's folder, the
// base URL and "leave out records with errors" are remembered per KB.
class PublishSiteDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PublishSiteDialog(const QString &kb, QWidget *parent = nullptr);
    ~PublishSiteDialog() override;

    bool isRunning() const { return m_thread != nullptr; }
    // The last run's result (ok false before any).
    const SitePublisher::Result &result() const { return m_result; }

    void reject() override; // Escape / Close: cancels a run first

public slots:
    void publish();
    void cancel();
    void openInBrowser();

signals:
    void progressed(int done, int total, const QString &stage);
    void finished(bool ok);

private:
    void browse();
    void showProgress(int done, int total, const QString &stage);
    void done(const SitePublisher::Result &result);
    void setRunning(bool running);
    QString summary(const SitePublisher::Result &result) const;
    bool checkedRequest(SitePublisher::Request &request);

    QString m_kb;
    QLineEdit *m_out;
    QPushButton *m_browse;
    QLineEdit *m_baseUrl;
    QCheckBox *m_validOnly;
    QProgressBar *m_progress;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
    QPushButton *m_publish;
    QPushButton *m_open;
    QThread *m_thread = nullptr;
    std::atomic_bool m_cancel{false};
    SitePublisher::Result m_result;
};

} // namespace Errata
