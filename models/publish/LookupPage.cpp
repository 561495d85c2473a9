#include "models/publish/LookupPage.h"

#include "models/publish/PageLayout.h"
#include "models/publish/SiteContext.h"

namespace Errata {

QByteArray LookupPage::render(const SiteContext &site, SiteLanguage language)
{
    const auto t = [language](const char *en, const char *zh) {
        return pick(language, QString::fromUtf8(en), QString::fromUtf8(zh));
    };
    PageLayout::Page page;
    page.language = language;
    page.path = QStringLiteral("lookup.html");
    page.title = t("What is this error?", "这是什么错误？");
    page.scripts = {QStringLiteral("data/records.js"), QStringLiteral("data/lookup.js"),
                    QStringLiteral("assets/lookup.js"), QStringLiteral("assets/lookup-ui.js")};
    QString body = QStringLiteral("<h1>") + t("What is this error?", "这是什么错误？") + QStringLiteral("</h1>\n");
    body += QStringLiteral(
                "<form id=\"lookup-form\" action=\"lookup.html\" method=\"get\">\n<label for=\"lookup-text\">")
        + t("Paste a line, a stack trace or a log", "粘贴一行、堆栈或日志")
        + QStringLiteral("</label> <textarea id=\"lookup-text\" name=\"q\" rows=\"10\" "
                         "spellcheck=\"false\"></textarea>\n<button id=\"lookup-go\" type=\"submit\">")
        + t("Look up", "查找") + QStringLiteral("</button>\n</form>\n");
    body += QStringLiteral("<p id=\"lookup-status\" role=\"status\" aria-live=\"polite\"></p>\n<ol "
                           "id=\"lookup-results\" class=\"results\"></ol>\n");
    body += QStringLiteral("<noscript><p>")
        + t("Lookup needs JavaScript. Without it, run <code>errata lookup</code> on the command line with the text.",
            "查找需要 JavaScript。没有它时，请在命令行对该文本运行 <code>errata lookup</code>。")
        + QStringLiteral("</p></noscript>\n");
    return PageLayout::page(site, page, body);
}

} // namespace Errata
