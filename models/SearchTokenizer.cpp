#include "SearchTokenizer.h"

#include "SearchQuery.h"

namespace Errata {

namespace {

bool isHan(QChar c)
{
    return c.script() == QChar::Script_Han;
}

bool isWordChar(QChar c)
{
    return c.unicode() < 0x80 ? c.isLetterOrNumber() : c.isLetterOrNumber() && !isHan(c);
}

} // namespace

std::vector<std::string> SearchTokenizer::tokens(const QString &text, Purpose purpose)
{
    std::vector<std::string> out;
    const QString folded = SearchQuery::fold(text);
    qsizetype i = 0;
    while (i < folded.size()) {
        const qsizetype start = i;
        if (isWordChar(folded.at(i))) {
            while (i < folded.size() && isWordChar(folded.at(i)))
                ++i;
            out.push_back(folded.mid(start, i - start).toStdString());
        } else if (isHan(folded.at(i))) {
            while (i < folded.size() && isHan(folded.at(i)))
                ++i;
            addHan(folded.mid(start, i - start), purpose, out);
        } else {
            ++i;
        }
    }
    if (purpose == Indexing)
        addCamelParts(text, out);
    return out;
}

// "RuntimeError" also yields "runtime" and "error", so that a search for
// "error" finds it.
void SearchTokenizer::addCamelParts(const QString &text, std::vector<std::string> &out)
{
    qsizetype wordStart = 0;
    qsizetype partStart = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        const bool inWord = i < text.size() && text.at(i).unicode() < 0x80 && text.at(i).isLetterOrNumber();
        if (!inWord) {
            if (partStart > wordStart && i > partStart)
                out.push_back(text.mid(partStart, i - partStart).toLower().toStdString());
            wordStart = partStart = i + 1;
            continue;
        }
        if (i > wordStart && text.at(i).isUpper() && text.at(i - 1).isLower()) {
            out.push_back(text.mid(partStart, i - partStart).toLower().toStdString());
            partStart = i;
        }
    }
}

void SearchTokenizer::addHan(const QString &run, Purpose purpose, std::vector<std::string> &out)
{
    if (run.size() == 1 || purpose == Indexing) {
        for (const QChar c : run)
            out.push_back(QString(c).toStdString());
    }
    for (qsizetype i = 0; i + 1 < run.size(); ++i)
        out.push_back(run.mid(i, 2).toStdString());
}

} // namespace Errata
