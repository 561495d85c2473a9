#pragma once

#include "models/links/ReciprocalLinks.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace Errata {

// Lists the missing reciprocal links of a KB (which record gets which link,
// and why), each ticked; accepting asks for the ticked ones to be added.
class ReciprocalLinksDialog : public QDialog
{
    Q_OBJECT

public:
    ReciprocalLinksDialog(const QList<ReciprocalLinks::Missing> &missing, QWidget *parent = nullptr);

    QList<ReciprocalLinks::Missing> chosen() const;
    QTreeWidget *list() const { return m_list; }

private:
    void updateButton();

    QList<ReciprocalLinks::Missing> m_missing;
    QTreeWidget *m_list;
    QPushButton *m_fix;
};

} // namespace Errata
