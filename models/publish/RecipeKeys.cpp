#include "models/publish/RecipeKeys.h"

#include "models/kb/KnowledgeBase.h"
#include "models/kb/LinkIndex.h"
#include "models/publish/SiteContext.h"
#include "models/publish/SitePaths.h"
#include "models/record/Record.h"
#include "models/util/Version.h"

#include <QCryptographicHash>

namespace Errata {

namespace {

void addText(QCryptographicHash &hash, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    hash.addData(QByteArray::number(bytes.size()) + ':'); // so that no two lists of strings hash alike
    hash.addData(bytes);
}

void addNeighbour(QCryptographicHash &hash, const SiteContext &site, const QString &id, int kind)
{
    addText(hash, id);
    hash.addData(QByteArray::number(kind));
    const Record *target = site.paths.recordById(id);
    if (!target) {
        hash.addData("missing");
        return;
    }
    addText(hash, site.paths.recordPage(*target));
    addText(hash, target->signature());
    addText(hash, target->signatureZh());
}

} // namespace

QByteArray RecipeKeys::global(const SiteContext &site)
{
    QCryptographicHash hash(QCryptographicHash::Sha1);
    hash.addData(QByteArray("errata-site-") + QByteArray::number(Recipe) + '-' + Version::text);
    addText(hash, site.generator);
    addText(hash, site.title);
    addText(hash, site.options.baseUrl);
    addText(hash, site.options.today.toString(Qt::ISODate));
    hash.addData(site.options.validOnly ? "valid-only" : "all");
    return hash.result();
}

QByteArray RecipeKeys::recordPage(const SiteContext &site, const Record &record, const QByteArray &global)
{
    QCryptographicHash hash(QCryptographicHash::Sha1);
    hash.addData(global);
    addText(hash, site.paths.recordPage(record));
    addText(hash, site.paths.recordJson(record));
    hash.addData(QByteArray::number(record.originalText().size()) + ':');
    hash.addData(record.originalText());
    for (const Problem &problem : site.kb.problems(&record)) {
        hash.addData(QByteArray::number(int(problem.severity)));
        addText(hash, problem.rule);
        addText(hash, problem.pointer);
        addText(hash, problem.message);
    }
    hash.addData("links");
    for (const Record::LinkTarget &link : record.summary().links)
        addNeighbour(hash, site, link.id, int(link.kind));
    hash.addData("backlinks");
    for (const LinkIndex::Backlink &back : site.kb.links().backlinks(record.id()))
        addNeighbour(hash, site, back.sourceId, int(back.kind));
    return hash.result();
}

} // namespace Errata
