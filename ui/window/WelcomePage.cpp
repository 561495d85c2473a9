#include "ui/window/WelcomePage.h"

namespace Errata {

WelcomePage::WelcomePage(QWidget *parent)
    : QLabel(parent)
{
    setAlignment(Qt::AlignCenter);
    setWordWrap(true);
    setMargin(40);
    setText(text());
}

QString WelcomePage::text()
{
    return tr("<h2>Find a record</h2>"
              "<p>Type in the search field (<b>Ctrl+K</b>): words from the signature, id, root cause, "
              "dead ends or workarounds, in English or Chinese. <b>Enter</b> opens the best match; "
              "<b>Up</b> and <b>Down</b> move through the results.</p>"
              "<p>Paste an error into it (<b>Ctrl+V</b>): a line, a stack trace or a piece of a log. The records "
              "most like it are listed, best first.</p>"
              "<p>Filters combine with words: <code>domain:pytorch</code> <code>category:oom</code> "
              "<code>tier:ai_generated</code> <code>resolvable:partial</code> <code>fix&lt;0.5</code> "
              "<code>confidence&gt;=0.8</code> <code>has:zh</code> <code>-has:zh</code> "
              "<code>severity:warning</code> <code>stale</code> <code>changed</code> <code>git:modified</code></p>"
              "<p>Open another KB folder with <b>Ctrl+O</b>; reload it with <b>F5</b>.</p>");
}

} // namespace Errata
