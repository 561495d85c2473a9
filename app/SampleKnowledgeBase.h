#pragma once

#include <QString>

namespace Errata {

// The sample KB bundled in the resources (":/sample-kb"), and its writable
// copy in the user data folder, made the first time it is needed.
class SampleKnowledgeBase
{
public:
    static QString copyPath();
    // Makes the copy unless it exists; returns its path, or an empty string
    // with `error` set when it cannot be written.
    static QString ensureCopy(QString *error);
};

} // namespace Errata
