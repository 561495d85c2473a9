#pragma once

#include <QDialog>

class QComboBox;

namespace Errata {

// Edit ▸ Settings…: the language of the user interface (the system's, or
// one chosen) and the colour scheme (the desktop's, light or dark), stored
// in QSettings and applied at the next start.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    QComboBox *languageBox() const { return m_language; }
    QComboBox *colorSchemeBox() const { return m_colorScheme; }
    // Stores the choice; true when it differs from what was stored.
    bool apply();

private:
    QComboBox *m_language;
    QComboBox *m_colorScheme;
};

} // namespace Errata
