#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Errata {

// Times the whole `errata lookup --kb DIR --format json TEXT` process, as a
// user's shell or an editor plugin runs it, on a warm KB cache: one call
// first writes the cache (in a folder of its own, XDG_CACHE_HOME, so the
// user's cache is left alone), then `runs` timed calls cycle through the
// texts.
class LookupProcessRuns
{
public:
    struct Result
    {
        QList<double> ms;     // wall time of each timed run
        QStringList firstIds; // the first result's id of each timed run ("" when none)
        QStringList texts;    // the text of each timed run
        QStringList failures; // runs that did not start, crashed, exited 2 or printed no JSON
    };

    // `binary` is the errata program; `texts` must not be empty.
    static Result run(const QString &binary, const QString &folder, const QStringList &texts, int runs);
};

} // namespace Errata
