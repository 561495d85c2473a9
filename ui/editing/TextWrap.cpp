#include "ui/editing/TextWrap.h"

#include "models/util/LongWords.h"

#include <QPlainTextEdit>

namespace Errata {

void TextWrap::setText(QPlainTextEdit *edit, const QString &text)
{
    fit(edit, text);
    edit->setPlainText(text);
}

void TextWrap::fit(QPlainTextEdit *edit, const QString &text)
{
    const QTextOption::WrapMode mode = LongWords::hasRunOver(text, LongestWord)
        ? QTextOption::WrapAnywhere
        : QTextOption::WrapAtWordBoundaryOrAnywhere;
    if (edit->wordWrapMode() != mode)
        edit->setWordWrapMode(mode);
}

void TextWrap::follow(QPlainTextEdit *edit)
{
    QObject::connect(edit, &QPlainTextEdit::textChanged, edit, [edit] { fit(edit, edit->toPlainText()); });
}

} // namespace Errata
