#include "ui/card/RecordCardView.h"

#include "models/util/LongWords.h"
#include "ui/card/RecordCardHtml.h"

#include <QDesktopServices>
#include <QMimeData>
#include <QScrollBar>
#include <QUrl>

namespace Errata {

RecordCardView::RecordCardView(const Record *record, const KnowledgeBase *kb, QWidget *parent)
    : QTextBrowser(parent)
    , m_record(record)
    , m_kb(kb)
{
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
    document()->setDocumentMargin(16);
    connect(this, &QTextBrowser::anchorClicked, this, &RecordCardView::followLink);
    refresh();
}

void RecordCardView::refresh()
{
    const int scroll = verticalScrollBar()->value();
    // Long unbroken runs get break opportunities, or their layout costs N².
    setHtml(LongWords::breakableHtml(RecordCardHtml::build(*m_record, *m_kb)));
    verticalScrollBar()->setValue(scroll);
}

QMimeData *RecordCardView::createMimeDataFromSelection() const
{
    QMimeData *data = QTextBrowser::createMimeDataFromSelection();
    if (data && data->hasText())
        data->setText(data->text().remove(LongWords::ZeroWidthSpace));
    return data;
}

void RecordCardView::followLink(const QUrl &url)
{
    ReciprocalLinks::Missing missing;
    if (RecordCardHtml::parseReciprocalUrl(url, &missing))
        emit reciprocalRequested(missing);
    else if (url.scheme() == QLatin1String("record"))
        emit recordLinkActivated(QUrl::fromPercentEncoding(url.path().toUtf8()));
    else if (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https"))
        QDesktopServices::openUrl(url);
}

} // namespace Errata
