#pragma once

#include <QByteArray>
#include <QList>

namespace Errata {

// The text of a merge that has conflicts, as git writes it: the lines both sides agree on once, and each run of lines
// where they differ between git's markers (seven characters, a space and a label, alone on a line: "<<<<<<< ours",
// "=======", ">>>>>>> theirs"), so that git, editors and the loader (ConflictMarkers) recognise them. Marker lines end
// as the text's lines do (CRLF or LF).
class ConflictText
{
public:
    static constexpr int MarkerSize = 7;

    // Lines of a text, 0-based, `first` to `last` included.
    struct Span
    {
        int first = 0;
        int last = 0;
    };

    // "<<<<<<< ours", "=======", ">>>>>>> theirs": without a line end.
    static QByteArray oursMarker();
    static QByteArray separator();
    static QByteArray theirsMarker();

    // One text from `ours` and `theirs` (two versions of one document, the
    // same but where they conflict, in one layout): a line diff between
    // them, each changed run between markers. The lines of `oursSpans` (in
    // `ours`) and `theirsSpans` (in `theirs`) are put between markers whole
    // even where they are alike on both sides, so that a conflicting member
    // is shown whole: `"versions": [` belongs with its items. The diff pairs
    // a line of a span only with a line of a span, so that a member one
    // side removed does not borrow the lines of the alike member after it.
    // Runs that touch are one conflict. Valid UTF-8 is expected.
    static QByteArray join(const QByteArray &ours, const QList<Span> &oursSpans, const QByteArray &theirs,
                           const QList<Span> &theirsSpans);
};

} // namespace Errata
