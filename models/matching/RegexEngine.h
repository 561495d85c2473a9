#pragma once

#include "models/matching/RegexMatch.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>

namespace re2 {
class RE2;
}

namespace Errata {

class RegexBudget;

// A record's regex compiled with RE2, with errors a curator can act on.
//
// Example: RegexEngine("(?<=foo)bar") is invalid and errorMessage() says that
// RE2 does not support look-behind, with errorPosition() 0 pointing at "(?<=".
class RegexEngine
{
    // Messages are in English unless a translator is installed (the desktop
    // program installs one; the command line keeps English).
    Q_DECLARE_TR_FUNCTIONS(Errata::RegexEngine)

public:
    enum Case { CaseSensitive, CaseInsensitive };

    static constexpr qint64 DefaultMaxMemory = 8 << 20;

    explicit RegexEngine(const QString &pattern, Case sensitivity = CaseSensitive, qint64 maxMemory = DefaultMaxMemory);
    ~RegexEngine();
    RegexEngine(const RegexEngine &) = delete;
    RegexEngine &operator=(const RegexEngine &) = delete;

    bool isValid() const;
    QString pattern() const { return m_pattern; }
    QString errorMessage() const { return m_errorMessage; }
    int errorPosition() const { return m_errorPosition; } // in characters, -1 if unknown
    int captureCount() const;

    // True when the regex matches somewhere in `text`.
    bool matches(const QString &text) const;
    bool matchesUtf8(const QByteArray &text) const;
    bool matchesEmptyString() const;

    // Every non-overlapping match, at most `limit` of them.
    QList<RegexMatch> findAll(const QByteArray &utf8Text, int limit = 100000) const;
    QList<RegexMatch> findAll(const QString &text, int limit = 100000) const;
    // The same within the time budget of `entry` (charged with each search):
    // stopped between two matches once it is spent (the entry is then
    // stopped), and a text too slow to search at once (timed on its first
    // LogSearch::PieceBytes) searched piece by piece (the entry is then
    // marked InPieces: a match spanning two pieces may be missing).
    QList<RegexMatch> findAll(const QByteArray &utf8Text, int limit, RegexBudget &budget, int entry) const;

    const re2::RE2 *re2() const { return m_re.get(); }

private:
    void explainError();

    QString m_pattern;
    std::unique_ptr<re2::RE2> m_re;
    QString m_errorMessage;
    int m_errorPosition = -1;
};

} // namespace Errata
