#pragma once

#include <QString>

#include <optional>

namespace Errata {

// One entry of a record's transition_graph. A link is either an object with
// "error_id" or, as the format allows, a bare id string (`bare` is then true
// and only targetId is set).
struct Link
{
    enum Kind { LeadsTo, PrecededBy, ConfusedWith };

    Kind kind = LeadsTo;
    QString targetId;
    int position = 0; // in its JSON array, where items that are no link also count
    bool bare = false;
    std::optional<double> probability;
    QString condition;
    QString typicalDelay;
    QString distinction;

    static const char *key(Kind kind); // "leads_to", "preceded_by", "frequently_confused_with"
    static Kind reverse(Kind kind);    // LeadsTo <-> PrecededBy; ConfusedWith stays
};

inline const char *Link::key(Kind kind)
{
    switch (kind) {
    case LeadsTo: return "leads_to";
    case PrecededBy: return "preceded_by";
    case ConfusedWith: return "frequently_confused_with";
    }
    return "";
}

inline Link::Kind Link::reverse(Kind kind)
{
    if (kind == LeadsTo)
        return PrecededBy;
    if (kind == PrecededBy)
        return LeadsTo;
    return ConfusedWith;
}

} // namespace Errata
