#pragma once

// A KB opened as `errata publish` opens it, and the SiteContext its pages
// are written from: for the tests of models/publish/. Header only, so each
// test includes it without a library of its own.

#include "models/kb/KnowledgeBase.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/record/Record.h"
#include "models/session/KnowledgeBaseSession.h"

#include <QByteArray>
#include <QDate>
#include <QDir>
#include <QFileInfo>
#include <QString>

#include <algorithm>
#include <memory>

namespace Errata::Test {

// `text` as a JSON string, for writing test records by hand.
inline QByteArray jsonString(const QString &text)
{
    QByteArray out = "\"";
    for (const QChar c : text) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += '\\' + QString(c).toUtf8();
        else if (c.unicode() < 0x20)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0')).toUtf8();
        else
            out += QString(c).toUtf8();
    }
    return out + '"';
}

// A record file of domain "d", category "c", with `extra` (",\n  \"key\": …") before its end.
inline QByteArray recordJson(const QString &id, const QString &signature, const QByteArray &extra = {})
{
    return QByteArray("{\n  \"id\": ") + jsonString(id) + ",\n  \"signature\": " + jsonString(signature)
        + ",\n  \"domain\": \"d\",\n  \"category\": \"c\"" + extra + "\n}\n";
}

class SiteFixture
{
public:
    // Opens `folder` without a cache (a test's KB changes between runs),
    // checks every record and builds the search and lookup index.
    explicit SiteFixture(const QString &folder, const SiteOptions &options = defaultOptions())
    {
        KnowledgeBaseSession::Options opening;
        opening.useCache = false;
        opening.indexAsRead = true;
        opening.today = options.today;
        m_session.read(folder, opening);
        m_session.check();
        m_session.buildIndex();
        const KnowledgeBase &kb = m_session.knowledgeBase();
        std::vector<const Record *> published;
        for (const Record *record : kb.records())
            if (!options.validOnly || !hasErrors(kb, record))
                published.push_back(record);
        std::sort(published.begin(), published.end(), [&kb](const Record *a, const Record *b) {
            return a->id() != b->id() ? a->id() < b->id()
                                      : kb.relativePath(a->filePath()) < kb.relativePath(b->filePath());
        });
        m_paths = std::make_unique<SitePaths>(kb, published);
        m_context = std::make_unique<SiteContext>(SiteContext{kb, m_session.index(), *m_paths, options,
                                                              QFileInfo(folder).fileName(),
                                                              QStringLiteral("Errata test"), published, nullptr});
    }

    static SiteOptions defaultOptions()
    {
        SiteOptions options;
        options.today = QDate(2026, 6, 1);
        return options;
    }
    static bool hasErrors(const KnowledgeBase &kb, const Record *record)
    {
        const QList<Problem> problems = kb.problems(record);
        return std::any_of(problems.begin(), problems.end(),
                           [](const Problem &p) { return p.severity == Problem::Error; });
    }

    SiteContext &context() { return *m_context; }
    KnowledgeBase &kb() { return m_session.knowledgeBase(); }
    KnowledgeBaseSession &session() { return m_session; }
    const Record *record(const QString &id) const { return m_session.knowledgeBase().find(id); }

    // The bundled sample KB.
    static QString sampleKb() { return QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb"); }

private:
    KnowledgeBaseSession m_session;
    std::unique_ptr<SitePaths> m_paths;
    std::unique_ptr<SiteContext> m_context;
};

} // namespace Errata::Test
