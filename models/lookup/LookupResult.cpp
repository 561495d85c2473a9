#include "lookup/LookupResult.h"

namespace Errata {

QString LookupResult::bandName(Band band)
{
    switch (band) {
    case Exact: return QStringLiteral("exact");
    case Likely: return QStringLiteral("likely");
    case Related: break;
    }
    return QStringLiteral("related");
}

QString LookupResult::regexHowName(RegexHow how)
{
    switch (how) {
    case AsWritten: return QStringLiteral("as written");
    case IgnoringCase: return QStringLiteral("ignoring case");
    case NoRegex: break;
    }
    return QString();
}

} // namespace Errata
