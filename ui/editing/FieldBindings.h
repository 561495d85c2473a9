#pragma once

#include "models/json/OrderedJson.h"
#include "models/kb/Problem.h"

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class QComboBox;
class QDateEdit;
class QDoubleSpinBox;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QWidget;

namespace Errata {

class EditSession;

// Ties form widgets to values of a record by JSON pointer. A change in a
// widget becomes an undoable edit through the session; a change of the
// record (undo, redo, reload) is shown in the widgets without echoing back.
// Widgets whose field has a finding get a coloured frame and its message
// as tooltip.
class FieldBindings : public QObject
{
    Q_OBJECT

public:
    explicit FieldBindings(EditSession *session, QObject *parent = nullptr);

    void bindLine(QLineEdit *edit, const QString &pointer, const QString &name, bool nullWhenEmpty = false);
    void bindText(QPlainTextEdit *edit, const QString &pointer, const QString &name);
    void bindList(QPlainTextEdit *edit, const QString &pointer, const QString &name); // one item per line
    void bindChoice(QComboBox *combo, const QString &pointer, const QString &name);
    void bindRate(QDoubleSpinBox *spin, const QString &pointer, const QString &name);
    void bindCount(QSpinBox *spin, const QString &pointer, const QString &name);
    void bindDate(QDateEdit *edit, const QString &pointer, const QString &name);

    void refresh();
    void showProblems(const QList<Problem> &problems);
    // The widget that edits `pointer` (or its closest ancestor), if any.
    QWidget *widgetFor(const QString &pointer) const;

private:
    struct Binding
    {
        QWidget *widget = nullptr;
        QString pointer;
        std::function<void(const OrderedJson &)> show;
    };

    void add(QWidget *widget, const QString &pointer, std::function<void(const OrderedJson &)> show);
    void edit(const QString &pointer, const OrderedJson &value, const QString &name, bool typing);

    EditSession *m_session;
    QList<Binding> m_bindings;
};

} // namespace Errata
