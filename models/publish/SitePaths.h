#pragma once

#include <QHash>
#include <QString>

#include <vector>

namespace Errata {

class KnowledgeBase;
class Record;

// Where each page and file of a site lives, relative to the site's root
// ("records/docker/exec-format-error.html"), without the language prefix
// (languagePrefix() adds "zh/"). Every path a page links to comes from here,
// never from a record's text joined to a folder.
//
// A record's page is records/<id>.html and its JSON api/v1/records/<id>.json
// when its id is a safe path of plain characters (RecordId::isSafe, ASCII
// letters, digits and "._~+-" only, no segment "_" first, at most 200
// characters a segment) and no record before it (by file path) has the same
// id, even differing only in case (a Windows or macOS share would make them
// one file). Every other record goes to records/_/<hash>.html, the hash the
// first 16 hex digits of the SHA-1 of its file path below the KB's root:
// stable across runs, unique, and never a path a safe id can take. Domains
// likewise: domains/<domain>.html or domains/_/<hash of the name>.html.
class SitePaths
{
public:
    SitePaths(const KnowledgeBase &kb, const std::vector<const Record *> &published);

    QString recordPage(const Record &record) const;
    QString recordJson(const Record &record) const;
    // The published record whose page the id names (the first of several
    // with that id), or nullptr: what a link to `id` leads to.
    const Record *recordById(const QString &id) const;
    static QString domainPage(const QString &domain);

    // The relative URL from the page at `from` to the file at `to` (both
    // from the site's root, language prefixes included), each segment
    // percent-encoded: "../../assets/site.css".
    static QString href(const QString &from, const QString &to);
    // `path` below `baseUrl`, percent-encoded ("https://kb.example/records/a.html"),
    // or "" when there is no base URL.
    static QString absolute(const QString &baseUrl, const QString &path);
    // Whether `segment` can be a file or folder name of the site as it is.
    static bool isPlainSegment(const QString &segment);

private:
    struct Place
    {
        QString stem; // "docker/exec-format-error" or "_/0123456789abcdef"
    };
    QHash<const Record *, Place> m_places;
    QHash<QString, const Record *> m_byId;
};

} // namespace Errata
