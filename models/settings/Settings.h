#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QtCore/qnamespace.h>

namespace Errata {

// Every setting Errata keeps between runs, typed, in one place. Backed by
// QSettings (the organisation and application names set in main()), so a
// test that clears QSettings starts from the defaults. The keys are part of
// the user's saved state: renaming one forgets what users had set.
class Settings
{
public:
    static constexpr int MaxRecentKnowledgeBases = 8;

    // The KB
    static QString lastKnowledgeBase();
    static void setLastKnowledgeBase(const QString &folder);
    static QStringList recentKnowledgeBases(); // most recent first
    static void addRecentKnowledgeBase(const QString &folder);
    static QStringList openTabs(); // record ids
    static void setOpenTabs(const QStringList &ids);

    // The main window
    static QByteArray windowGeometry();
    static void setWindowGeometry(const QByteArray &geometry);
    static QByteArray windowState();
    static void setWindowState(const QByteArray &state);
    static bool reviewMode();
    static void setReviewMode(bool on);

    // The language of the user interface: a language code, or empty for
    // the system's.
    static QString languageKey() { return QStringLiteral("ui/language"); }
    static QString language();
    static void setLanguage(const QString &language);

    // The colours of the window: the desktop's, or Errata's own light or
    // dark palette. Stored as "system", "light" or "dark"; anything else
    // reads as System.
    enum class ColorScheme { System, Light, Dark };
    static ColorScheme colorScheme();
    static void setColorScheme(ColorScheme scheme);

    // The Graph dock
    static int graphDepth(); // 1 to 3
    static void setGraphDepth(int depth);
    static QString graphExportFolder();
    static void setGraphExportFolder(const QString &folder);

    // File > Publish Site, per KB (keyed by the KB's folder): where its
    // site was last written, the base URL it was published for, and
    // whether records with errors were left out.
    struct PublishTarget
    {
        QString out;
        QString baseUrl;
        bool validOnly = false;
    };
    static PublishTarget publishTarget(const QString &kb);
    static void setPublishTarget(const QString &kb, const PublishTarget &target);

    // The regex workbench and the log matcher
    enum class Tool { Workbench, Matcher };
    static bool ignoreCase(Tool tool);
    static void setIgnoreCase(Tool tool, bool on);
    static QString logFolder(Tool tool); // where the last log was opened from
    static void setLogFolder(Tool tool, const QString &folder);
    static QByteArray matcherHeader();
    static void setMatcherHeader(const QByteArray &state);

    // Review mode
    static int reviewStatus(int fallback);
    static void setReviewStatus(int status);
    static QString reviewTier();
    static void setReviewTier(const QString &tier);
    static QString reviewDomain();
    static void setReviewDomain(const QString &domain);
    static QByteArray reviewSplitter(Qt::Orientation orientation);
    static void setReviewSplitter(Qt::Orientation orientation, const QByteArray &state);
    // The name recorded with an accepted review; empty: git's user.name,
    // else the login name (review/Reviewer). Stored trimmed; an empty name
    // removes the setting.
    static QString reviewerName();
    static void setReviewerName(const QString &name);
};

} // namespace Errata
