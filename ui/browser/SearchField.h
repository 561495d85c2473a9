#pragma once

#include <QLineEdit>

namespace Errata {

// The search field of the Records dock. A QLineEdit keeps one line: pasted
// into one, a stack trace would lose its line breaks and become one long
// query. So a paste of text with more than one line goes out whole in
// multiLinePasted(), and the dock decides what the field shows. Ctrl+V
// (and Shift+Insert) never put such a text into the field; the other ways
// (the context menu, a middle click, a drop) are caught as the field's
// text gains a line break. A single line is pasted as usual.
class SearchField : public QLineEdit
{
    Q_OBJECT

public:
    explicit SearchField(QWidget *parent = nullptr);

    static bool isMultiLine(const QString &text);

signals:
    void multiLinePasted(const QString &text);

protected:
    void keyPressEvent(QKeyEvent *event) override;
};

} // namespace Errata
