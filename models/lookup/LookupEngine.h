#pragma once

#include "models/lookup/LookupResult.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace Errata {

class LookupIndex;

// Answers "what is this error?" for any text: one line, a stack trace, a
// whole CI log. See docs/record-format.md, "Lookup", for the score.
//
//   LookupEngine engine(session.index().lookup());
//   LookupResult result = engine.lookup(pastedText, 10);
//
// The engine reads the index and the records it names; both must outlive
// it and not change while a lookup runs. Regexes are compiled when first
// needed and kept, so the first lookups are slower than the next. lookup()
// may be called from several threads at once.
class LookupEngine
{
    Q_DECLARE_TR_FUNCTIONS(Errata::LookupEngine)

public:
    explicit LookupEngine(const LookupIndex &index);
    ~LookupEngine();
    LookupEngine(const LookupEngine &) = delete;
    LookupEngine &operator=(const LookupEngine &) = delete;

    LookupResult lookup(const QString &text, int limit = 10) const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Errata
