#include "window/SettingsDialog.h"

#include "settings/Settings.h"
#include "window/Translations.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace Errata {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
    , m_colorScheme(new QComboBox(this))
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
    auto *note = new QLabel(tr("A new language or colour scheme takes effect the next time Errata starts."));
    note->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Colours:"), m_colorScheme);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addStretch(1);
    layout->addWidget(buttons);
    setMinimumWidth(420);
}

bool SettingsDialog::apply()
{
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
