#include "ui/editing/FieldBindings.h"

#include "models/record/Record.h"
#include "ui/editing/EditSession.h"
#include "ui/editing/TextWrap.h"
#include "ui/style/StatusColors.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSpinBox>

namespace Errata {

namespace {

const QDate NoDate(1900, 1, 1);

QString listText(const OrderedJson &value)
{
    return Record::toStringList(value).join(QLatin1Char('\n'));
}

OrderedJson listValue(const QString &text)
{
    OrderedJson list = OrderedJson::array();
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty())
            list.push_back(line.trimmed().toStdString());
    return list;
}

} // namespace

FieldBindings::FieldBindings(EditSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
}

void FieldBindings::add(QWidget *widget, const QString &pointer, std::function<void(const OrderedJson &)> show)
{
    m_bindings << Binding{widget, pointer, std::move(show)};
}

void FieldBindings::edit(const QString &pointer, const OrderedJson &value, const QString &name, bool typing)
{
    m_session->setValue(pointer, value, tr("Edit %1").arg(name), typing);
}

void FieldBindings::bindLine(QLineEdit *edit, const QString &pointer, const QString &name, bool nullWhenEmpty)
{
    add(edit, pointer, [edit](const OrderedJson &value) {
        const QString text = Record::toQString(value);
        if (edit->text() != text)
            edit->setText(text);
    });
    connect(edit, &QLineEdit::textEdited, this, [=](const QString &text) {
        this->edit(pointer, text.isEmpty() && nullWhenEmpty ? OrderedJson() : OrderedJson(text.toStdString()), name,
                   true);
    });
}

void FieldBindings::bindText(QPlainTextEdit *edit, const QString &pointer, const QString &name)
{
    add(edit, pointer, [edit](const OrderedJson &value) {
        const QString text = Record::toQString(value);
        if (edit->toPlainText() != text)
            TextWrap::setText(edit, text);
    });
    TextWrap::follow(edit); // a long word may be pasted
    connect(edit, &QPlainTextEdit::textChanged, this,
            [=] { this->edit(pointer, edit->toPlainText().toStdString(), name, true); });
}

void FieldBindings::bindList(QPlainTextEdit *edit, const QString &pointer, const QString &name)
{
    add(edit, pointer, [edit](const OrderedJson &value) {
        if (listValue(edit->toPlainText()) != value)
            TextWrap::setText(edit, listText(value));
    });
    TextWrap::follow(edit);
    connect(edit, &QPlainTextEdit::textChanged, this,
            [=] { this->edit(pointer, listValue(edit->toPlainText()), name, true); });
}

void FieldBindings::bindChoice(QComboBox *combo, const QString &pointer, const QString &name)
{
    add(combo, pointer, [combo](const OrderedJson &value) {
        const QString text = Record::toQString(value);
        if (combo->currentText() != text)
            combo->setCurrentText(text);
    });
    connect(combo, &QComboBox::currentTextChanged, this,
            [=](const QString &text) { this->edit(pointer, text.toStdString(), name, false); });
}

void FieldBindings::bindRate(QDoubleSpinBox *spin, const QString &pointer, const QString &name)
{
    spin->setRange(-0.01, 1.0);
    spin->setSingleStep(0.05);
    spin->setDecimals(2);
    spin->setSpecialValueText(tr("not set"));
    add(spin, pointer, [spin](const OrderedJson &value) {
        const double shown = value.is_number() ? value.get<double>() : spin->minimum();
        if (!qFuzzyCompare(spin->value() + 2.0, shown + 2.0))
            spin->setValue(shown);
    });
    connect(spin, &QDoubleSpinBox::valueChanged, this, [=](double value) {
        if (value < 0)
            m_session->change({{pointer, std::nullopt}}, tr("Clear %1").arg(name));
        else
            this->edit(pointer, value, name, true);
    });
}

void FieldBindings::bindCount(QSpinBox *spin, const QString &pointer, const QString &name)
{
    spin->setRange(0, 100000000);
    add(spin, pointer, [spin](const OrderedJson &value) {
        const int shown = value.is_number_integer() ? value.get<int>() : 0;
        if (spin->value() != shown)
            spin->setValue(shown);
    });
    connect(spin, &QSpinBox::valueChanged, this, [=](int value) { this->edit(pointer, value, name, true); });
}

void FieldBindings::bindDate(QDateEdit *edit, const QString &pointer, const QString &name)
{
    edit->setCalendarPopup(true);
    edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    edit->setMinimumDate(NoDate);
    edit->setSpecialValueText(tr("not set"));
    add(edit, pointer, [edit](const OrderedJson &value) {
        const QDate date = QDate::fromString(Record::toQString(value), QStringLiteral("yyyy-MM-dd"));
        const QDate shown = date.isValid() ? date : NoDate;
        if (edit->date() != shown)
            edit->setDate(shown);
    });
    connect(edit, &QDateEdit::dateChanged, this, [=](QDate date) {
        if (date == NoDate)
            m_session->change({{pointer, std::nullopt}}, tr("Clear %1").arg(name));
        else
            this->edit(pointer, date.toString(QStringLiteral("yyyy-MM-dd")).toStdString(), name, true);
    });
}

void FieldBindings::refresh()
{
    const Record *record = m_session->record();
    for (const Binding &binding : std::as_const(m_bindings)) {
        const QSignalBlocker blocker(binding.widget);
        binding.show(record->value(binding.pointer));
    }
}

void FieldBindings::showProblems(const QList<Problem> &problems)
{
    for (const Binding &binding : std::as_const(m_bindings)) {
        QStringList messages;
        int worst = -1;
        for (const Problem &problem : problems) {
            if (problem.pointer != binding.pointer && !problem.pointer.startsWith(binding.pointer + QLatin1Char('/')))
                continue;
            messages << problem.message;
            worst = worst < 0 ? int(problem.severity) : qMin(worst, int(problem.severity));
        }
        const QPalette &palette = binding.widget->palette();
        const QColor color = worst == Problem::Error ? StatusColors::error(palette)
            : worst == Problem::Warning              ? StatusColors::warning(palette)
                                                     : QColor();
        binding.widget->setStyleSheet(color.isValid() ? QStringLiteral("border: 2px solid %1;").arg(color.name())
                                                      : QString());
        binding.widget->setToolTip(messages.join(QLatin1Char('\n')));
    }
}

QWidget *FieldBindings::widgetFor(const QString &pointer) const
{
    QWidget *best = nullptr;
    int bestLength = -1;
    for (const Binding &binding : m_bindings) {
        const bool covers = pointer == binding.pointer || pointer.startsWith(binding.pointer + QLatin1Char('/'));
        if (covers && binding.pointer.size() > bestLength) {
            best = binding.widget;
            bestLength = int(binding.pointer.size());
        }
    }
    return best;
}

} // namespace Errata
