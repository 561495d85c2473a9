#pragma once

#include <QStringList>

namespace Errata {

// errata status [--kb DIR] [--format text|json] [--today YYYY-MM-DD]
// The records of a KB in a git checkout that changed against HEAD, each
// with its state (modified, added, untracked, deleted, renamed, conflicted)
// and its findings. JSON: {"branch", "records": [{"id", "path", "status",
// "old_path"?, "findings": [...]}]}.
// Exit code 0: nothing changed, or the changes are free of errors; 1: a
// changed record has errors or a conflict; 2: bad usage, an unreadable
// folder, or a folder outside any git checkout.
class StatusCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
