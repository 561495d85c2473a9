#pragma once

#include <QDialog>

class QComboBox;
class QLineEdit;

namespace Errata {

// Edit ▸ Settings…: the language of the user interface (the system's, or
// one chosen) and the colour scheme (the desktop's, light or dark),
// applied at the next start, and the reviewer name recorded with accepted
// translation reviews (empty: the one Reviewer falls back to for the KB at
// `kbRoot`, shown as the field's placeholder). Stored in QSettings.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(const QString &kbRoot = QString(), QWidget *parent = nullptr);

    QComboBox *languageBox() const { return m_language; }
    QComboBox *colorSchemeBox() const { return m_colorScheme; }
    QLineEdit *reviewerField() const { return m_reviewer; }
    // Stores the choices; true when the language or the colour scheme
    // differs from what was stored (they take effect at the next start).
    bool apply();

private:
    QComboBox *m_language;
    QComboBox *m_colorScheme;
    QLineEdit *m_reviewer;
};

} // namespace Errata
