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
{
    setWindowTitle(tr("Settings"));
    m_language->addItem(tr("System default (%1)").arg(Translations::nativeName(Translations::systemLanguage())),
                        QString());
    for (const QString &language : Translations::languages())
        m_language->addItem(Translations::nativeName(language), language);
    m_language->setCurrentIndex(std::max(m_language->findData(Translations::storedSetting()), 0));
    auto *note = new QLabel(tr("A new language takes effect the next time Errata starts."));
    note->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
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
    const QString chosen = m_language->currentData().toString();
    if (chosen == Translations::storedSetting())
        return false;
    Settings::setLanguage(chosen);
    return true;
}

} // namespace Errata
