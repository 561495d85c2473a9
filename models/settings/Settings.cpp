#include "models/settings/Settings.h"

#include <QCryptographicHash>
#include <QDir>
#include <QSettings>

#include <algorithm>

namespace Errata {

namespace {

namespace Keys {
const QString LastKb = QStringLiteral("kb/last");
const QString Recent = QStringLiteral("kb/recent");
const QString Tabs = QStringLiteral("kb/openTabs");
const QString Geometry = QStringLiteral("window/geometry");
const QString State = QStringLiteral("window/state");
const QString Review = QStringLiteral("window/review");
const QString ColorScheme = QStringLiteral("ui/colorScheme");
const QString GraphDepth = QStringLiteral("graph/depth");
const QString GraphExportFolder = QStringLiteral("graph/exportFolder");
const QString MatcherHeader = QStringLiteral("matcher/header");
const QString ReviewStatus = QStringLiteral("review/status");
const QString ReviewTier = QStringLiteral("review/tier");
const QString ReviewDomain = QStringLiteral("review/domain");
const QString ReviewHorizontal = QStringLiteral("review/horizontalSplitter");
const QString ReviewVertical = QStringLiteral("review/verticalSplitter");
const QString ReviewerName = QStringLiteral("review/reviewerName");
} // namespace Keys

// "publish/<16 hex>/": a group per KB folder, named by a hash of its path so
// that any path makes a valid key.
QString publishGroup(const QString &kb)
{
    const QByteArray path = QDir::cleanPath(QDir(kb).absolutePath()).toUtf8();
    return QStringLiteral("publish/")
        + QString::fromLatin1(QCryptographicHash::hash(path, QCryptographicHash::Sha1).toHex().left(16))
        + QLatin1Char('/');
}

QString toolGroup(Settings::Tool tool)
{
    return tool == Settings::Tool::Workbench ? QStringLiteral("workbench/") : QStringLiteral("matcher/");
}

QVariant value(const QString &key, const QVariant &fallback = {})
{
    return QSettings().value(key, fallback);
}

void setValue(const QString &key, const QVariant &value)
{
    QSettings().setValue(key, value);
}

} // namespace

QString Settings::lastKnowledgeBase()
{
    return value(Keys::LastKb).toString();
}

void Settings::setLastKnowledgeBase(const QString &folder)
{
    setValue(Keys::LastKb, folder);
}

QStringList Settings::recentKnowledgeBases()
{
    return value(Keys::Recent).toStringList();
}

void Settings::addRecentKnowledgeBase(const QString &folder)
{
    QStringList recent = recentKnowledgeBases();
    recent.removeAll(folder);
    recent.prepend(folder);
    setValue(Keys::Recent, recent.mid(0, MaxRecentKnowledgeBases));
}

QStringList Settings::openTabs()
{
    return value(Keys::Tabs).toStringList();
}

void Settings::setOpenTabs(const QStringList &ids)
{
    setValue(Keys::Tabs, ids);
}

QByteArray Settings::windowGeometry()
{
    return value(Keys::Geometry).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray &geometry)
{
    setValue(Keys::Geometry, geometry);
}

QByteArray Settings::windowState()
{
    return value(Keys::State).toByteArray();
}

void Settings::setWindowState(const QByteArray &state)
{
    setValue(Keys::State, state);
}

bool Settings::reviewMode()
{
    return value(Keys::Review, false).toBool();
}

void Settings::setReviewMode(bool on)
{
    setValue(Keys::Review, on);
}

QString Settings::language()
{
    return value(languageKey()).toString();
}

void Settings::setLanguage(const QString &language)
{
    if (language.isEmpty())
        QSettings().remove(languageKey());
    else
        setValue(languageKey(), language);
}

Settings::ColorScheme Settings::colorScheme()
{
    const QString stored = value(Keys::ColorScheme).toString();
    if (stored == QLatin1String("light"))
        return ColorScheme::Light;
    if (stored == QLatin1String("dark"))
        return ColorScheme::Dark;
    return ColorScheme::System;
}

void Settings::setColorScheme(ColorScheme scheme)
{
    switch (scheme) {
    case ColorScheme::System: QSettings().remove(Keys::ColorScheme); return;
    case ColorScheme::Light: setValue(Keys::ColorScheme, QStringLiteral("light")); return;
    case ColorScheme::Dark: setValue(Keys::ColorScheme, QStringLiteral("dark")); return;
    }
}

int Settings::graphDepth()
{
    return std::clamp(value(Keys::GraphDepth, 1).toInt(), 1, 3);
}

void Settings::setGraphDepth(int depth)
{
    setValue(Keys::GraphDepth, depth);
}

Settings::PublishTarget Settings::publishTarget(const QString &kb)
{
    const QString group = publishGroup(kb);
    return {value(group + QStringLiteral("out")).toString(), value(group + QStringLiteral("baseUrl")).toString(),
            value(group + QStringLiteral("validOnly"), false).toBool()};
}

void Settings::setPublishTarget(const QString &kb, const PublishTarget &target)
{
    const QString group = publishGroup(kb);
    setValue(group + QStringLiteral("kb"), QDir::cleanPath(QDir(kb).absolutePath()));
    setValue(group + QStringLiteral("out"), target.out);
    setValue(group + QStringLiteral("baseUrl"), target.baseUrl);
    setValue(group + QStringLiteral("validOnly"), target.validOnly);
}

QString Settings::graphExportFolder()
{
    return value(Keys::GraphExportFolder).toString();
}

void Settings::setGraphExportFolder(const QString &folder)
{
    setValue(Keys::GraphExportFolder, folder);
}

bool Settings::ignoreCase(Tool tool)
{
    return value(toolGroup(tool) + QStringLiteral("ignoreCase"), false).toBool();
}

void Settings::setIgnoreCase(Tool tool, bool on)
{
    setValue(toolGroup(tool) + QStringLiteral("ignoreCase"), on);
}

QString Settings::logFolder(Tool tool)
{
    return value(toolGroup(tool) + QStringLiteral("logFolder")).toString();
}

void Settings::setLogFolder(Tool tool, const QString &folder)
{
    setValue(toolGroup(tool) + QStringLiteral("logFolder"), folder);
}

QByteArray Settings::matcherHeader()
{
    return value(Keys::MatcherHeader).toByteArray();
}

void Settings::setMatcherHeader(const QByteArray &state)
{
    setValue(Keys::MatcherHeader, state);
}

int Settings::reviewStatus(int fallback)
{
    return value(Keys::ReviewStatus, fallback).toInt();
}

void Settings::setReviewStatus(int status)
{
    setValue(Keys::ReviewStatus, status);
}

QString Settings::reviewTier()
{
    return value(Keys::ReviewTier).toString();
}

void Settings::setReviewTier(const QString &tier)
{
    setValue(Keys::ReviewTier, tier);
}

QString Settings::reviewDomain()
{
    return value(Keys::ReviewDomain).toString();
}

void Settings::setReviewDomain(const QString &domain)
{
    setValue(Keys::ReviewDomain, domain);
}

QByteArray Settings::reviewSplitter(Qt::Orientation orientation)
{
    return value(orientation == Qt::Horizontal ? Keys::ReviewHorizontal : Keys::ReviewVertical).toByteArray();
}

void Settings::setReviewSplitter(Qt::Orientation orientation, const QByteArray &state)
{
    setValue(orientation == Qt::Horizontal ? Keys::ReviewHorizontal : Keys::ReviewVertical, state);
}

QString Settings::reviewerName()
{
    return value(Keys::ReviewerName).toString().trimmed();
}

void Settings::setReviewerName(const QString &name)
{
    if (name.trimmed().isEmpty())
        QSettings().remove(Keys::ReviewerName);
    else
        setValue(Keys::ReviewerName, name.trimmed());
}

} // namespace Errata
