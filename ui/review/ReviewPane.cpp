#include "ui/review/ReviewPane.h"

#include "ui/editing/TextWrap.h"

#include "models/itemmodels/ReviewModel.h"
#include "models/record/Record.h"
#include "models/text/DisplayName.h"
#include "models/validation/ConsistencyChecker.h"
#include "ui/style/StatusColors.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace Errata {

namespace {

QString joinTokens(const QList<ConsistencyChecker::Token> &tokens)
{
    QStringList parts;
    for (const ConsistencyChecker::Token &token : tokens)
        parts << QStringLiteral("<code>%1</code>").arg(token.text.toHtmlEscaped());
    return parts.join(QStringLiteral(", "));
}

} // namespace

ReviewPane::ReviewPane(const ReviewModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_title(new QLabel(this))
{
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true);
    auto *content = new QWidget;
    auto *pairs = new QVBoxLayout(content);
    pairs->addWidget(m_title);
    for (TranslationStatus::Field field : TranslationStatus::fields())
        pairs->addWidget(createPair(field), field == TranslationStatus::Signature ? 2 : 3);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    showRecord(nullptr);
}

// One row per pair: the field's name, its status and Accept above the
// English and Chinese texts, the consistency checks below.
QWidget *ReviewPane::createPair(TranslationStatus::Field field)
{
    Pair &pair = m_pairs[size_t(field)];
    pair.box = new QWidget;
    auto *name = new QLabel(QStringLiteral("<b>%1</b>").arg(ReviewModel::fieldName(field).toHtmlEscaped()));
    pair.status = new QLabel;
    pair.status->setWordWrap(true);
    pair.english = new QPlainTextEdit;
    pair.english->setReadOnly(true);
    pair.chinese = new QPlainTextEdit;
    pair.chinese->setTabChangesFocus(true);
    pair.chinese->installEventFilter(this);
    if (field == TranslationStatus::Workarounds)
        pair.chinese->setPlaceholderText(tr("One workaround per line, in the order of the English"));
    else
        pair.chinese->setPlaceholderText(tr("Chinese translation"));
    // Room for a few lines; more when the pane is taller (the size hint of a
    // text edit is ignored, so the pairs fit without scrolling where they can).
    const int lines = field == TranslationStatus::Signature ? 2 : 4;
    for (QPlainTextEdit *edit : {pair.english, pair.chinese}) {
        edit->setMinimumHeight(edit->fontMetrics().lineSpacing() * lines + 2 * edit->frameWidth() + 8);
        edit->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    }
    pair.checks = new QLabel;
    pair.checks->setWordWrap(true);
    pair.checks->setTextFormat(Qt::RichText);
    pair.accept = new QPushButton;
    auto *grid = new QGridLayout(pair.box);
    grid->setContentsMargins(0, 6, 0, 0);
    grid->addWidget(name, 0, 0);
    grid->addWidget(pair.status, 0, 1);
    grid->addWidget(pair.accept, 0, 2, Qt::AlignRight);
    grid->addWidget(pair.english, 1, 0);
    grid->addWidget(pair.chinese, 1, 1, 1, 2);
    grid->addWidget(pair.checks, 2, 0, 1, 3);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    grid->setRowStretch(1, 1);
    TextWrap::follow(pair.chinese);
    connect(pair.chinese, &QPlainTextEdit::textChanged, this,
            [this, field] { emit chineseEdited(field, m_pairs[size_t(field)].chinese->toPlainText()); });
    connect(pair.accept, &QPushButton::clicked, this, [this, field] {
        if (m_record && m_model->store().status(*m_record, field) == TranslationStatus::Reviewed)
            emit reopenRequested(field);
        else
            emit acceptRequested(field);
    });
    return pair.box;
}

bool ReviewPane::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::FocusIn) {
        for (TranslationStatus::Field field : TranslationStatus::fields()) {
            if (watched == m_pairs[size_t(field)].chinese)
                m_current = field;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ReviewPane::showRecord(const Record *record)
{
    m_record = record;
    if (!record)
        m_title->setText(tr("<i>Select a record to review its translation.</i>"));
    else
        m_title->setText(QStringLiteral("<b>%1</b>").arg(DisplayName::of(record->id()).toHtmlEscaped()));
    for (const Pair &pair : m_pairs) {
        pair.box->setEnabled(record);
        const QSignalBlocker blocker(pair.chinese);
        pair.chinese->clear();
        pair.english->clear();
    }
    refresh();
}

void ReviewPane::refresh()
{
    for (TranslationStatus::Field field : TranslationStatus::fields())
        updatePair(field);
}

void ReviewPane::updatePair(TranslationStatus::Field field)
{
    Pair &pair = m_pairs[size_t(field)];
    if (!m_record) {
        pair.status->clear();
        pair.checks->clear();
        pair.accept->setEnabled(false);
        return;
    }
    const QString english = TranslationStatus::englishText(*m_record, field);
    const QString chinese = TranslationStatus::chineseText(*m_record, field);
    if (pair.english->toPlainText() != english)
        TextWrap::setText(pair.english, english);
    if (pair.chinese->toPlainText() != chinese) {
        const QSignalBlocker blocker(pair.chinese);
        TextWrap::setText(pair.chinese, chinese);
    }
    const TranslationStatus::Status status = m_model->store().status(*m_record, field);
    pair.status->setText(statusLine(field));
    pair.checks->setText(checksText(field));
    const bool reviewed = status == TranslationStatus::Reviewed;
    pair.accept->setText(reviewed ? tr("Reopen") : tr("Accept"));
    pair.accept->setToolTip(reviewed ? tr("Mark this translation as not reviewed")
                                     : tr("Mark this translation as reviewed (Ctrl+Enter)"));
    pair.accept->setEnabled(status == TranslationStatus::Translated || reviewed);
    pair.chinese->setReadOnly(status == TranslationStatus::NotApplicable && chinese.isEmpty());
}

QString ReviewPane::statusLine(TranslationStatus::Field field) const
{
    const int row = m_model->rowOf(m_record);
    const TranslationStatus::Status status = m_model->store().status(*m_record, field);
    QString line = ReviewModel::statusText(status);
    if (status == TranslationStatus::Reviewed) {
        const QString accepted = ReviewModel::acceptedText(m_model->store().review(m_record->id(), field));
        return accepted.isEmpty() ? line
                                  : tr("%1 — %2", "a field's status — who accepted it and when").arg(line, accepted);
    }
    if (row < 0 || status != TranslationStatus::Translated)
        return line;
    switch (m_model->reviewCheck(row, field)) {
    case ReviewStore::EnglishChanged: return line + tr(" (the English changed since the last review)");
    case ReviewStore::ChineseChanged: return line + tr(" (edited since the last review)");
    case ReviewStore::Current:
    case ReviewStore::NotReviewed: break;
    }
    return line;
}

QString ReviewPane::checksText(TranslationStatus::Field field) const
{
    const QStringList english = TranslationStatus::englishItems(*m_record, field);
    const QStringList chinese = TranslationStatus::chineseItems(*m_record, field);
    const bool list = field == TranslationStatus::Workarounds;
    QStringList problems;
    for (int i = 0; i < english.size() && i < chinese.size(); ++i) {
        if (chinese.at(i).trimmed().isEmpty())
            continue;
        const QList<ConsistencyChecker::Token> lacking = ConsistencyChecker::missing(english.at(i), chinese.at(i));
        if (lacking.isEmpty())
            continue;
        const QString tokens = joinTokens(lacking);
        problems << (list ? tr("Line %1 lacks %2").arg(i + 1).arg(tokens) : tr("The Chinese lacks %1").arg(tokens));
    }
    if (!problems.isEmpty())
        return QStringLiteral("<span style=\"color:%1\">⚠ %2</span>")
            .arg(StatusColors::error(palette()).name(), problems.join(QStringLiteral("; ")));
    if (TranslationStatus::detect(*m_record, field) < TranslationStatus::Translated)
        return QString();
    return QStringLiteral("<span style=\"color:%1\">✓ %2</span>")
        .arg(StatusColors::success(palette()).name(), tr("Numbers, versions, code, URLs and placeholders all match."));
}

void ReviewPane::focusField(TranslationStatus::Field field)
{
    m_current = field;
    QPlainTextEdit *editor = m_pairs[size_t(field)].chinese;
    editor->setFocus();
    editor->moveCursor(QTextCursor::End);
}

QPlainTextEdit *ReviewPane::chineseEditor(TranslationStatus::Field field) const
{
    return m_pairs[size_t(field)].chinese;
}

QLabel *ReviewPane::checksLabel(TranslationStatus::Field field) const
{
    return m_pairs[size_t(field)].checks;
}

QLabel *ReviewPane::statusLabel(TranslationStatus::Field field) const
{
    return m_pairs[size_t(field)].status;
}

} // namespace Errata
