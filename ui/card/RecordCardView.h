#pragma once

#include "models/links/ReciprocalLinks.h"

#include <QTextBrowser>

namespace Errata {

class KnowledgeBase;
class Record;

// A record's read-only card in a tab. Clicking a link to another record
// asks for that record to be opened; web links open in the browser, and
// only when they are http(s); an "add reciprocal link" asks for that edit.
// Long unbroken runs are shown with zero-width breaks (see LongWords),
// which a copy leaves out.
class RecordCardView : public QTextBrowser
{
    Q_OBJECT

public:
    RecordCardView(const Record *record, const KnowledgeBase *kb, QWidget *parent = nullptr);

    const Record *record() const { return m_record; }
    void refresh();

signals:
    void recordLinkActivated(const QString &id);
    void reciprocalRequested(const Errata::ReciprocalLinks::Missing &missing);

protected:
    QMimeData *createMimeDataFromSelection() const override;

private:
    void followLink(const QUrl &url);

    const Record *m_record;
    const KnowledgeBase *m_kb;
};

} // namespace Errata
