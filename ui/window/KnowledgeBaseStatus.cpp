#include "ui/window/KnowledgeBaseStatus.h"

#include "models/git/GitStatus.h"
#include "models/kb/KnowledgeBase.h"
#include "models/session/KnowledgeBaseSession.h"
#include "models/text/DisplayName.h"

#include <QLabel>
#include <QMap>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

namespace Errata {

KnowledgeBaseStatus::KnowledgeBaseStatus(QStatusBar *bar, KnowledgeBaseSession *session)
    : QObject(bar)
    , m_bar(bar)
    , m_session(session)
    , m_pathLabel(new QLabel(bar))
    , m_countLabel(new QLabel(bar))
    , m_gitLabel(new QLabel(bar))
    , m_healthLabel(new QLabel(bar))
    , m_progress(new QProgressBar(bar))
    , m_cancelButton(new QToolButton(bar))
{
    m_progress->setMaximumWidth(220);
    m_progress->setVisible(false);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setVisible(false);
    connect(m_cancelButton, &QToolButton::clicked, m_session, &KnowledgeBaseSession::cancel);
    m_bar->addWidget(m_pathLabel, 1);
    m_bar->addPermanentWidget(m_progress);
    m_bar->addPermanentWidget(m_cancelButton);
    m_gitLabel->setObjectName(QStringLiteral("gitStatus"));
    m_gitLabel->setVisible(false);
    m_bar->addPermanentWidget(m_gitLabel);
    m_bar->addPermanentWidget(m_countLabel);
    m_bar->addPermanentWidget(m_healthLabel);
}

void KnowledgeBaseStatus::update()
{
    const KnowledgeBase &kb = m_session->knowledgeBase();
    const KnowledgeBase::Counts counts = kb.counts();
    m_pathLabel->setText(DisplayName::of(kb.root()));
    m_countLabel->setText(tr("%Ln record(s)", nullptr, kb.count()));
    const QString errors = tr("%Ln error(s)", nullptr, counts.errors);
    const QString warnings = tr("%Ln warning(s)", nullptr, counts.warnings);
    const QString health = m_session->isChecking()
        ? tr("%1, %2 (checking…)", "the counts so far, while records are checked")
        : tr("%1, %2", "the status bar's count of errors, then of warnings");
    m_healthLabel->setText(health.arg(errors, warnings));
    if (m_bar->currentMessage().isEmpty() && !hint().isEmpty())
        m_bar->showMessage(hint());
}

QString KnowledgeBaseStatus::hint() const
{
    if (!m_session->looksLikeCanons())
        return QString();
    return tr("This folder looks like deadends.dev canons, not Errata records: convert them with "
              "\"errata import-deadends %1 DST\" and open DST.")
        .arg(DisplayName::of(m_session->knowledgeBase().root()));
}

void KnowledgeBaseStatus::showProgress(int stage, int done, int total)
{
    if (!m_session->isBusy())
        return;
    const QString message = stage == KnowledgeBaseSession::Reading ? tr("Reading %1…")
        : stage == KnowledgeBaseSession::Checking                  ? tr("Checking the records of %1…")
                                                                   : tr("Indexing %1 for search…");
    m_bar->showMessage(message.arg(m_session->folderBeingOpened()));
    m_progress->setRange(0, total);
    m_progress->setValue(done);
}

void KnowledgeBaseStatus::startProgress(const QString &message, int total)
{
    m_progress->setRange(0, total);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_cancelButton->setVisible(true);
    m_bar->showMessage(message);
}

void KnowledgeBaseStatus::hideProgress()
{
    m_progress->setVisible(false);
    m_cancelButton->setVisible(false);
}

bool KnowledgeBaseStatus::isProgressVisible() const
{
    return m_progress->isVisible();
}

void KnowledgeBaseStatus::setGitStatus(const GitStatus &status)
{
    m_gitLabel->setVisible(status.isRepository());
    if (!status.isRepository())
        return;
    const QList<GitStatus::Entry> &entries = status.entries();
    m_gitLabel->setText(entries.isEmpty() ? tr("%1: no changes", "git branch").arg(DisplayName::of(status.branch()))
                                          : tr("%1: %Ln changed", "git branch: changed records", entries.size())
                                                .arg(DisplayName::of(status.branch())));
    QMap<QString, int> counts;
    for (const GitStatus::Entry &entry : entries)
        ++counts[GitStatus::stateText(entry.state)];
    QStringList lines{tr("Branch %1").arg(DisplayName::of(status.branch()))};
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        lines << tr("%Ln record file(s) %1", nullptr, it.value()).arg(it.key());
    if (!status.error().isEmpty())
        lines << status.error();
    lines << tr("Search \"changed\" or \"git:modified\" to list them.");
    m_gitLabel->setToolTip(lines.join(QLatin1Char('\n')));
}

void KnowledgeBaseStatus::setHealthDetails(const QString &text)
{
    m_healthLabel->setToolTip(text);
}

} // namespace Errata
