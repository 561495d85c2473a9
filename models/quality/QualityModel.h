#pragma once

#include "models/quality/QualityReport.h"

#include <QDate>

namespace Errata {

class KnowledgeBase;

// Computes a QualityReport from a validated KB: every count is the number of
// findings of the validate rules it names (QualityReport::Metric), so the
// totals agree with `errata validate`; the date rules (stale, aging) are
// checked again against `today` so that the report does not depend on the
// day the KB was validated. Orphans come from the KB's link index.
class QualityModel
{
public:
    static QualityReport compute(const KnowledgeBase &kb, QDate today);
};

} // namespace Errata
