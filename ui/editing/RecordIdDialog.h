#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace Errata {

class KnowledgeBase;
class Record;

// Asks for a record id ("domain/name") for a new, duplicated or renamed
// record, checking as you type that it is safe as a file path and free in
// the KB and on disk; OK stays disabled until it is.
class RecordIdDialog : public QDialog
{
    Q_OBJECT

public:
    RecordIdDialog(const KnowledgeBase &kb, const QString &title, const QString &prompt, const QString &initialId,
                   const Record *self = nullptr, QWidget *parent = nullptr);

    QString id() const;

private:
    void check();

    const KnowledgeBase &m_kb;
    const Record *m_self;
    QLineEdit *m_id;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
};

} // namespace Errata
