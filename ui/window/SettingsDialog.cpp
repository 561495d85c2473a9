#include "ui/window/SettingsDialog.h"

#include "models/review/Reviewer.h"
#include "models/settings/Settings.h"
#include "ui/window/Translations.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace Errata {

namespace {

// What an empty reviewer name gives, and where it comes from.
QString fallbackText(const Reviewer::Identity &fallback)
{
    switch (fallback.source) {
    case Reviewer::FromGit: return SettingsDialog::tr("%1 (git's user.name)").arg(fallback.name);
    case Reviewer::FromAccount: return SettingsDialog::tr("%1 (your account's name)").arg(fallback.name);
    case Reviewer::FromSettings:
    case Reviewer::Nobody: break;
    }
    return SettingsDialog::tr("No name is recorded");
}

QLabel *note(const QString &text)
{
    auto *label = new QLabel(text);
    label->setWordWrap(true);
    return label;
}

} // namespace

SettingsDialog::SettingsDialog(const QString &kbRoot, QWidget *parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
    , m_colorScheme(new QComboBox(this))
    , m_reviewer(new QLineEdit(this))
{
    setWindowTitle(tr("Settings"));
    m_language->addItem(tr("System default (%1)").arg(Translations::nativeName(Translations::systemLanguage())),
                        QString());
    for (const QString &language : Translations::languages())
        m_language->addItem(Translations::nativeName(language), language);
    m_language->setCurrentIndex(std::max(m_language->findData(Translations::storedSetting()), 0));
    m_colorScheme->addItem(tr("System default"), int(Settings::ColorScheme::System));
    m_colorScheme->addItem(tr("Light"), int(Settings::ColorScheme::Light));
    m_colorScheme->addItem(tr("Dark"), int(Settings::ColorScheme::Dark));
    m_colorScheme->setCurrentIndex(std::max(m_colorScheme->findData(int(Settings::colorScheme())), 0));
    m_reviewer->setText(Settings::reviewerName());
    m_reviewer->setPlaceholderText(fallbackText(Reviewer::fallback(kbRoot)));
    m_reviewer->setClearButtonEnabled(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Colours:"), m_colorScheme);
    form->addRow(QString(), note(tr("A new language or colour scheme takes effect the next time Errata starts.")));
    form->addRow(tr("&Reviewer name:"), m_reviewer);
    form->addRow(QString(),
                 note(tr("Recorded with every translation review you accept. When empty, git's user.name "
                         "for the KB is used, else your account's name.")));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch(1);
    layout->addWidget(buttons);
    setMinimumWidth(480);
}

bool SettingsDialog::apply()
{
    Settings::setReviewerName(m_reviewer->text());
    bool changed = false;
    const QString language = m_language->currentData().toString();
    if (language != Translations::storedSetting()) {
        Settings::setLanguage(language);
        changed = true;
    }
    const auto scheme = Settings::ColorScheme(m_colorScheme->currentData().toInt());
    if (scheme != Settings::colorScheme()) {
        Settings::setColorScheme(scheme);
        changed = true;
    }
    return changed;
}

} // namespace Errata
