#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <cstddef>

namespace Errata {

// Questions about the raw text of a JSON document that a parsed document can
// no longer answer: where a value stands (for line:column in messages) and
// how deeply it nests (checked before parsing, so that recursive code never
// sees a document nested 100,000 levels deep).
//
// Example: for the text {"a": [1, {"b": 2}]} the pointer "/a/1/b" is at the
// offset of "2"; positionOf() turns that offset into line 1, column 17.
class JsonText
{
public:
    struct Position
    {
        int line = 0;   // 1-based
        int column = 0; // 1-based, counted in characters (UTF-8 code points); a leading BOM counts none
    };

    explicit JsonText(const QByteArray &text);

    // Byte offset of the value that `pointer` designates, or -1 when the
    // text has no such value. The empty pointer designates the whole document.
    qsizetype offsetOf(const QString &pointer) const;
    // Only these pointers (and their ancestors) will be asked for: the one
    // pass over the text then skips everything else. Call before offsetOf.
    void restrictTo(const QStringList &pointers);
    // As offsetOf, but falls back to the closest ancestor that exists.
    qsizetype nearestOffsetOf(const QString &pointer) const;
    // Byte offsets of the key (its opening quote) of the member that
    // `pointer` designates, in text order: two or more when its object
    // writes the key more than once. Only the containers on the way are read.
    QList<qsizetype> keyOffsetsOf(const QString &pointer) const;
    // In time independent of the line's length: a text written on one line
    // (as `jq -c` writes it) with many findings is as fast as a pretty one.
    // The first call indexes the text once (O(size)); each call then costs
    // a binary search and at most CheckpointBytes bytes of counting.
    Position positionOf(qsizetype offset) const;

    // Offset of the first bracket that opens nesting level maxDepth + 1, or -1.
    static qsizetype firstTooDeep(const QByteArray &text, int maxDepth);
    // The same, for one offset: counts from the start (O(offset)).
    static Position positionOf(const QByteArray &text, qsizetype offset);

    // Every this many bytes the index of positions keeps the number of
    // characters before that byte.
    static constexpr qsizetype CheckpointBytes = 256;

private:
    qsizetype skipString(qsizetype at) const;
    QString decodeKey(qsizetype start, qsizetype end) const;
    template<typename OnKey, typename OnValue>
    void walk(OnKey onKey, OnValue onValue) const;
    void buildIndex() const;
    qsizetype skipContainer(qsizetype at) const;
    void buildPositionIndex() const;
    qsizetype charactersBefore(qsizetype offset) const;

    QByteArray m_text;
    // Filled on first use.
    mutable QList<qsizetype> m_lineStarts;
    // m_checkpoints[i]: the characters (code points) in the first i * CheckpointBytes bytes.
    mutable QList<qsizetype> m_checkpoints;
    mutable QHash<QString, qsizetype> m_offsets;
    mutable bool m_indexed = false;
    QSet<QString> m_wanted; // empty: index every value
};

} // namespace Errata
