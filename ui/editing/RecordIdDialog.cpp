#include "ui/editing/RecordIdDialog.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/RecordOperations.h"
#include "models/record/Record.h"

#include <QCompleter>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QVBoxLayout>

namespace Errata {

RecordIdDialog::RecordIdDialog(const KnowledgeBase &kb, const QString &title, const QString &prompt,
                               const QString &initialId, const Record *self, QWidget *parent)
    : QDialog(parent)
    , m_kb(kb)
    , m_self(self)
    , m_id(new QLineEdit(initialId))
    , m_status(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(title);
    QSet<QString> domains;
    for (int i = 0; i < kb.count(); ++i)
        domains.insert(kb.recordAt(i)->domain() + QLatin1Char('/'));
    auto *completer = new QCompleter(QStringList(domains.cbegin(), domains.cend()), this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_id->setCompleter(completer);
    m_id->setPlaceholderText(tr("domain/name, e.g. pytorch/cuda-out-of-memory"));
    m_id->setMinimumWidth(420);
    m_status->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(prompt));
    layout->addWidget(m_id);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);
    connect(m_id, &QLineEdit::textChanged, this, &RecordIdDialog::check);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    check();
}

QString RecordIdDialog::id() const
{
    return m_id->text().trimmed();
}

void RecordIdDialog::check()
{
    QString error;
    const bool ok = RecordOperations::checkNewId(m_kb, id(), &error, m_self);
    m_status->setText(ok ? tr("The file will be %1.json").arg(id()) : error);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

} // namespace Errata
