#include "ui/browser/LookupPanel.h"

#include "models/itemmodels/LookupHitModel.h"
#include "models/lookup/LookupResult.h"
#include "ui/browser/LookupHitDelegate.h"

#include <QLabel>
#include <QListView>
#include <QVBoxLayout>

namespace Errata {

LookupPanel::LookupPanel(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_view(new QListView(this))
    , m_model(new LookupHitModel(this))
{
    // One label, the way back a link in it: it wraps as one sentence in a
    // narrow dock, and the link takes the palette's colour for links.
    m_summary->setObjectName(QStringLiteral("lookupSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_view->setObjectName(QStringLiteral("lookupHits"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new LookupHitDelegate(m_view));
    m_view->setUniformItemSizes(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);

    connect(m_summary, &QLabel::linkActivated, this, &LookupPanel::wordSearchRequested);
    connect(m_view, &QListView::activated, this,
            [this](const QModelIndex &index) { emit hitActivated(m_model->idAt(index.row())); });
}

void LookupPanel::setResult(const LookupResult &result)
{
    m_model->setResult(result);
    const int hits = m_model->rowCount();
    QString summary = hits > 0 ? tr("Lookup: %Ln record(s) like this error", nullptr, hits)
                               : tr("Lookup: no record is like this error");
    if (result.isIncomplete())
        summary += QStringLiteral(" · ")
            + tr("%Ln regex(es) stopped for time, the answer may be incomplete", nullptr, int(result.cutShort.size()));
    setSummary(summary);
    m_summary->setToolTip(tooltipFor(result));
    if (hits > 0)
        m_view->setCurrentIndex(m_model->index(0, 0));
}

void LookupPanel::setPreparing()
{
    m_model->clear();
    setSummary(tr("Lookup: indexing the records; the results follow in a moment"));
    m_summary->setToolTip(QString());
}

void LookupPanel::setSummary(const QString &text)
{
    m_summaryText = text;
    m_summary->setText(QStringLiteral("%1 &nbsp;<a href=\"words\">%2</a>")
                           .arg(m_summaryText.toHtmlEscaped(), tr("Search words instead").toHtmlEscaped()));
}

void LookupPanel::clear()
{
    m_model->clear();
    m_summaryText.clear();
    m_summary->clear();
    m_summary->setToolTip(QString());
}

// The summary's tooltip: the lines of the text that lookup compared (a
// stack trace's frames and a log's noise are left out), and what the link
// does. Rich text, escaped: the lines hold "<module>" and the like.
QString LookupPanel::tooltipFor(const LookupResult &result)
{
    const QStringList texts = result.errorText.split(QLatin1Char('\n'));
    QStringList lines;
    for (int i = 0; i < texts.size() && i < result.errorLines.size(); ++i)
        lines << QStringLiteral("%1: %2").arg(result.errorLines.at(i)).arg(texts.at(i).left(160)).toHtmlEscaped();
    QString tip;
    if (!lines.isEmpty())
        tip = QStringLiteral("<p>%1</p><pre>%2</pre>")
                  .arg(tr("Compared by %n line(s) of the text:", nullptr, int(lines.size())).toHtmlEscaped(),
                       lines.join(QLatin1Char('\n')));
    QStringList cut;
    for (const LogMatchResult::CutShort &regex : result.cutShort.mid(0, 20))
        cut << tr("the regex of %1 was %2").arg(regex.recordId, regex.reason).toHtmlEscaped();
    if (result.cutShort.size() > 20)
        cut << tr("and %n more", nullptr, int(result.cutShort.size() - 20)).toHtmlEscaped();
    if (!cut.isEmpty())
        tip += QStringLiteral("<p>%1</p>").arg(cut.join(QStringLiteral("<br>")));
    return tip
        + QStringLiteral("<p>%1</p>")
              .arg(tr("Search words instead: search the text in the field word by word, as typed. "
                      "Esc clears the field.")
                       .toHtmlEscaped());
}

int LookupPanel::hitCount() const
{
    return m_model->rowCount();
}

QString LookupPanel::currentId() const
{
    const QModelIndex current = m_view->currentIndex();
    return m_model->idAt(current.isValid() ? current.row() : 0);
}

bool LookupPanel::selectId(const QString &id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    m_view->setCurrentIndex(m_model->index(row, 0));
    m_view->scrollTo(m_view->currentIndex());
    return true;
}

void LookupPanel::moveCurrent(int step)
{
    const int rows = m_model->rowCount();
    if (rows == 0)
        return;
    const QModelIndex current = m_view->currentIndex();
    const int row = current.isValid() ? qBound(0, current.row() + step, rows - 1) : 0;
    m_view->setCurrentIndex(m_model->index(row, 0));
}

QString LookupPanel::summary() const
{
    return m_summaryText;
}

} // namespace Errata
