#include "ui/editing/LinkTargetCompleter.h"

#include "models/itemmodels/LinkTargetModel.h"

#include <QAbstractItemView>
#include <QLineEdit>

namespace Errata {

LinkTargetCompleter::LinkTargetCompleter(const KnowledgeBase *kb, const QString &excludedId, QLineEdit *edit)
    : QCompleter(edit)
    , m_targets(new LinkTargetModel(this))
    , m_edit(edit)
{
    m_targets->setKnowledgeBase(kb);
    m_targets->setExcludedId(excludedId);
    setModel(m_targets);
    setCompletionMode(QCompleter::UnfilteredPopupCompletion); // the model filters and ranks
    setCompletionRole(Qt::EditRole);
    setMaxVisibleItems(12);
    setWidget(edit);
    connect(edit, &QLineEdit::textEdited, this, &LinkTargetCompleter::update);
    connect(this, qOverload<const QString &>(&QCompleter::activated), this, [this](const QString &id) {
        m_edit->setText(id);
        emit chosen(id);
    });
}

void LinkTargetCompleter::update(const QString &text)
{
    m_targets->setQuery(text);
    if (m_targets->rowCount() == 0) {
        popup()->hide();
        return;
    }
    const int width = std::max(m_edit->width(), 520);
    complete(QRect(0, 0, width, m_edit->height()));
}

} // namespace Errata
