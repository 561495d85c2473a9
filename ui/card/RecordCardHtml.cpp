#include "ui/card/RecordCardHtml.h"

#include "models/kb/KnowledgeBase.h"
#include "models/links/BacklinkList.h"
#include "models/record/Record.h"
#include "models/text/DisplayName.h"
#include "ui/style/StatusColors.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QPalette>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace Errata {

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

// A link in a double-quoted attribute: toHtmlEscaped() escapes the double
// quote (not the single one), so a URL cannot close the attribute and add
// others.
QString anchor(const QString &href, const QString &html)
{
    return QStringLiteral("<a href=\"%1\">%2</a>").arg(esc(href), html);
}

// Text that may hold line breaks (numbered steps, paragraphs): kept.
QString para(const QString &text)
{
    return esc(text).replace(QLatin1Char('\n'), QLatin1String("<br>"));
}

QString percent(const std::optional<double> &rate)
{
    return rate ? QStringLiteral("%1%").arg(qRound(*rate * 100)) : QStringLiteral("–");
}

QString section(const QString &title)
{
    return QStringLiteral("<h3>%1</h3>").arg(esc(title));
}

QString zhLine(const QString &text)
{
    return text.isEmpty() ? QString() : QStringLiteral("<p class='zh' lang='zh-CN'>%1</p>").arg(para(text));
}

bool isWebUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    return url.isValid() && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https"));
}

QString webLink(const QString &url)
{
    if (!isWebUrl(url))
        return esc(url);
    return anchor(QUrl(url).toString(QUrl::FullyEncoded), esc(url));
}

QString sourcesLine(const QStringList &sources)
{
    if (sources.isEmpty())
        return QString();
    QStringList links;
    for (const QString &source : sources)
        links << webLink(source);
    return QStringLiteral("<br><small>%1 %2</small>")
        .arg(esc(RecordCardHtml::tr("Sources:")), links.join(QStringLiteral(", ")));
}

QString recordLink(const QString &id, const KnowledgeBase &kb)
{
    const Record *target = kb.find(id);
    if (!target)
        return QStringLiteral("<span class='dangling'>%1 %2</span>")
            .arg(esc(id), esc(RecordCardHtml::tr("(not in this KB)")));
    return QStringLiteral("%1 — %2").arg(
        anchor(QStringLiteral("record:") + QString::fromLatin1(QUrl::toPercentEncoding(id, "/")), esc(id)),
        esc(target->signature()));
}

// A link that asks for the reciprocal of `missing` to be added.
QString reciprocalLink(const ReciprocalLinks::Missing &missing, const QString &text)
{
    return QStringLiteral(" <small>[%1]</small>")
        .arg(anchor(RecordCardHtml::reciprocalUrl(missing).toString(QUrl::FullyEncoded), esc(text)));
}

QString linkDetails(const Link &link)
{
    QString details;
    if (link.probability)
        details += QStringLiteral(" (%1)").arg(percent(link.probability));
    if (!link.condition.isEmpty())
        details += QStringLiteral(" — <i>%1</i>").arg(esc(link.condition));
    if (!link.typicalDelay.isEmpty())
        details += QStringLiteral(" — %1 <i>%2</i>").arg(esc(RecordCardHtml::tr("after")), esc(link.typicalDelay));
    if (!link.distinction.isEmpty())
        details += QStringLiteral(" — <i>%1</i>").arg(esc(link.distinction));
    return details;
}

// Colours from the palette, so that a dark one reads as well as a light one
// (the Chinese text was #333: nearly invisible on a dark background).
QString style(const QPalette &palette)
{
    const QString muted = palette.color(QPalette::PlaceholderText).name();
    const QString alert = StatusColors::error(palette).name();
    return QStringLiteral("<style>"
                          "h2 { margin-bottom: 2px; } h3 { margin-top: 14px; margin-bottom: 4px; }"
                          ".id { color: %1; } .tags { color: %1; }"
                          ".dangling { color: %2; text-decoration: line-through; }"
                          ".stale { color: %2; } .rate { font-weight: bold; }"
                          "td { padding-right: 12px; }"
                          "</style>")
        .arg(muted, alert);
}

} // namespace

QString RecordCardHtml::build(const Record &record, const KnowledgeBase &kb, QDate today)
{
    return style(QGuiApplication::palette()) + header(record) + recognition(record) + verdict(record, today)
        + rootCause(record) + deadEnds(record) + workarounds(record) + versionsAndOs(record) + links(record, kb)
        + backlinks(record, kb) + docs(record);
}

QString RecordCardHtml::header(const Record &record)
{
    return QStringLiteral("<h2>%1</h2>").arg(esc(record.signature())) + zhLine(record.signatureZh())
        + QStringLiteral("<p class='id'><code>%1</code> · %2</p>")
              .arg(esc(DisplayName::of(record.id())),
                   esc(QStringList{record.domain(), record.category(), record.subcategory()}
                           .filter(QRegularExpression(QStringLiteral("\\S")))
                           .join(QStringLiteral(" / "))));
}

// How the error is recognised: the regex, the other wordings, the tags.
QString RecordCardHtml::recognition(const Record &record)
{
    QString html;
    if (!record.regex().isEmpty())
        html += QStringLiteral("<p>%1 <code>%2</code></p>").arg(esc(tr("Regex:")), esc(record.regex()));
    const QStringList aliases = record.aliases();
    if (!aliases.isEmpty()) {
        QString items;
        for (const QString &alias : aliases)
            items += QStringLiteral("<li>%1</li>").arg(esc(alias));
        html += QStringLiteral("<p>%1</p><ul>%2</ul>").arg(esc(tr("Also seen as:")), items);
    }
    const QStringList tags = record.tags();
    if (!tags.isEmpty())
        html += QStringLiteral("<p class='tags'>%1 %2</p>").arg(esc(tr("Tags:")), esc(tags.join(QStringLiteral(", "))));
    return html;
}

QString RecordCardHtml::verdict(const Record &record, QDate today)
{
    const QDate confirmed = record.lastConfirmed();
    const bool stale = confirmed.isValid() && confirmed.daysTo(today) > 365;
    const auto raw = [&record](const char *key) { return esc(Record::toQString(Record::member(record.json(), key))); };
    const QString confirmedText = raw("last_confirmed");
    QString rows;
    const auto row = [&rows](const QString &name, const QString &value) {
        rows += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(esc(name), value);
    };
    row(tr("Resolvable"), esc(record.resolvable()));
    row(tr("Fix success rate"), QStringLiteral("<span class='rate'>%1</span>").arg(percent(record.fixSuccessRate())));
    row(tr("Confidence"), percent(record.confidence()));
    row(tr("Verification"), esc(record.verificationTier()));
    const auto evidence = record.evidenceCount();
    row(tr("Evidence"), evidence ? QString::number(*evidence) : QStringLiteral("–"));
    row(tr("First seen"), raw("first_seen"));
    row(tr("Last confirmed"),
        stale ? QStringLiteral("<span class='stale'>%1 (%2)</span>").arg(confirmedText, esc(tr("stale")))
              : confirmedText);
    row(tr("Last updated"), raw("last_updated"));
    return section(tr("Verdict")) + QStringLiteral("<table>%1</table>").arg(rows);
}

QString RecordCardHtml::rootCause(const Record &record)
{
    if (record.rootCause().isEmpty() && record.rootCauseZh().isEmpty())
        return QString();
    QString type = record.rootCauseType().isEmpty()
        ? QString()
        : QStringLiteral(" <small>(%1)</small>").arg(esc(record.rootCauseType()));
    return section(tr("Root cause")) + QStringLiteral("<p>%1%2</p>").arg(para(record.rootCause()), type)
        + zhLine(record.rootCauseZh());
}

QString RecordCardHtml::deadEnds(const Record &record)
{
    const QList<DeadEnd> list = record.deadEnds();
    if (list.isEmpty())
        return QString();
    QString items;
    for (const DeadEnd &deadEnd : list) {
        items += QStringLiteral("<li><b>%1</b> <span class='rate'>%2 %3</span><br>%4%5%6</li>")
                     .arg(esc(deadEnd.action), esc(tr("fails")), percent(deadEnd.failRate), para(deadEnd.whyFails),
                          deadEnd.condition.isEmpty() ? QString()
                                                      : QStringLiteral("<br><i>%1</i>").arg(para(deadEnd.condition)),
                          sourcesLine(deadEnd.sources));
    }
    return section(tr("Dead ends — do not try")) + QStringLiteral("<ul>%1</ul>").arg(items);
}

QString RecordCardHtml::workarounds(const Record &record)
{
    const QList<Workaround> list = record.workarounds();
    if (list.isEmpty())
        return QString();
    const QStringList chinese = record.workaroundsZh();
    QString items;
    for (int i = 0; i < list.size(); ++i) {
        const Workaround &w = list.at(i);
        const bool howRepeats = w.how.isEmpty() || w.how == w.action;
        items += QStringLiteral("<li><b>%1</b> <span class='rate'>%2 %3</span>%4%5%6%7%8</li>")
                     .arg(esc(w.action), esc(tr("works")), percent(w.successRate),
                          howRepeats ? QString() : QStringLiteral("<br>%1").arg(para(w.how)),
                          w.condition.isEmpty() ? QString() : QStringLiteral("<br><i>%1</i>").arg(para(w.condition)),
                          w.tradeoff.isEmpty()
                              ? QString()
                              : QStringLiteral("<br>%1 %2").arg(esc(tr("Trade-off:")), para(w.tradeoff)),
                          i < chinese.size() ? zhLine(chinese.at(i)) : QString(), sourcesLine(w.sources));
    }
    return section(tr("Workarounds")) + QStringLiteral("<ol>%1</ol>").arg(items);
}

QString RecordCardHtml::versionsAndOs(const Record &record)
{
    QString html;
    const QList<VersionEntry> versions = record.versions();
    if (!versions.isEmpty()) {
        QString items;
        for (const VersionEntry &version : versions)
            items += QStringLiteral("<li><code>%1</code> %2%3</li>")
                         .arg(esc(version.version), esc(version.status),
                              version.behaviorChange.isEmpty()
                                  ? QString()
                                  : QStringLiteral(" — %1").arg(esc(version.behaviorChange)));
        html += section(tr("Versions")) + QStringLiteral("<ul>%1</ul>").arg(items);
    }
    const auto notes = record.osNotes();
    if (!notes.isEmpty()) {
        QString items;
        for (const auto &[os, note] : notes)
            items += QStringLiteral("<li><b>%1</b>: %2</li>").arg(esc(os), esc(note));
        html += section(tr("Operating systems")) + QStringLiteral("<ul>%1</ul>").arg(items);
    }
    return html;
}

QUrl RecordCardHtml::reciprocalUrl(const ReciprocalLinks::Missing &missing)
{
    QUrl url;
    url.setScheme(QStringLiteral("reciprocal"));
    url.setPath(QStringLiteral("add"));
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("source"), missing.sourceId);
    query.addQueryItem(QStringLiteral("kind"), QString::fromLatin1(Link::key(missing.kind)));
    query.addQueryItem(QStringLiteral("target"), missing.targetId);
    url.setQuery(query);
    return url;
}

bool RecordCardHtml::parseReciprocalUrl(const QUrl &url, ReciprocalLinks::Missing *missing)
{
    if (url.scheme() != QLatin1String("reciprocal"))
        return false;
    const QUrlQuery query(url);
    const QString kind = query.queryItemValue(QStringLiteral("kind"), QUrl::FullyDecoded);
    missing->sourceId = query.queryItemValue(QStringLiteral("source"), QUrl::FullyDecoded);
    missing->targetId = query.queryItemValue(QStringLiteral("target"), QUrl::FullyDecoded);
    if (kind == QLatin1String(Link::key(Link::LeadsTo)))
        missing->kind = Link::LeadsTo;
    else if (kind == QLatin1String(Link::key(Link::PrecededBy)))
        missing->kind = Link::PrecededBy;
    else
        return false;
    return !missing->sourceId.isEmpty() && !missing->targetId.isEmpty();
}

QString RecordCardHtml::links(const Record &record, const KnowledgeBase &kb)
{
    const struct
    {
        Link::Kind kind;
        const char *title;
    } kinds[] = {{Link::LeadsTo, QT_TRANSLATE_NOOP("Errata::RecordCardHtml", "Leads to")},
                 {Link::PrecededBy, QT_TRANSLATE_NOOP("Errata::RecordCardHtml", "Preceded by")},
                 {Link::ConfusedWith, QT_TRANSLATE_NOOP("Errata::RecordCardHtml", "Often confused with")}};
    const QList<ReciprocalLinks::Missing> missing = ReciprocalLinks::of(kb, record.id());
    QString html;
    for (const auto &kind : kinds) {
        QString items;
        for (const Link &link : record.links(kind.kind)) {
            QString offer;
            const ReciprocalLinks::Missing way{record.id(), kind.kind, link.targetId};
            if (missing.contains(way))
                offer = reciprocalLink(way,
                                       tr("add reciprocal link: %1 in %2")
                                           .arg(QLatin1String(Link::key(way.missingKind())), link.targetId));
            items += QStringLiteral("<li>%1%2%3</li>").arg(recordLink(link.targetId, kb), linkDetails(link), offer);
        }
        if (!items.isEmpty())
            html += section(tr(kind.title)) + QStringLiteral("<ul>%1</ul>").arg(items);
    }
    return html;
}

QString RecordCardHtml::backlinks(const Record &record, const KnowledgeBase &kb)
{
    QString items;
    for (const BacklinkList::Entry &entry : BacklinkList::of(kb, record.id())) {
        QString offer;
        if (!entry.reciprocated) {
            const ReciprocalLinks::Missing way{entry.sourceId, entry.link.kind, record.id()};
            offer = reciprocalLink(way,
                                   tr("add reciprocal link: %1 here").arg(QLatin1String(Link::key(way.missingKind()))));
        }
        items += QStringLiteral("<li>%1 <small>(%2)</small>%3%4</li>")
                     .arg(recordLink(entry.sourceId, kb), esc(QString::fromLatin1(Link::key(entry.link.kind))),
                          linkDetails(entry.link), offer);
    }
    return items.isEmpty() ? QString() : section(tr("Linked from")) + QStringLiteral("<ul>%1</ul>").arg(items);
}

QString RecordCardHtml::docs(const Record &record)
{
    const QString url = record.officialDocUrl();
    if (url.isEmpty() && record.errorCode().isEmpty())
        return QString();
    QString html = section(tr("Documentation"));
    if (!url.isEmpty())
        html += QStringLiteral("<p>%1%2</p>")
                    .arg(webLink(url),
                         record.officialDocSection().isEmpty()
                             ? QString()
                             : QStringLiteral(" — %1").arg(esc(record.officialDocSection())));
    if (!record.errorCode().isEmpty())
        html += QStringLiteral("<p>%1 <code>%2</code></p>").arg(esc(tr("Error code:")), esc(record.errorCode()));
    return html;
}

} // namespace Errata
