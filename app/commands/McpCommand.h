#pragma once

#include <QStringList>

namespace Errata {

// errata mcp [--kb DIR]
// A Model Context Protocol server over stdio for coding agents: JSON-RPC
// 2.0 messages, one per line, on standard input, the answers on standard
// output, and nothing else there; what it has to say (the KB served, files
// that cannot be read) goes to standard error. The KB (default: the current
// folder) is read through the cache, then followed on disk while the server
// runs (McpKnowledgeBase). The protocol is McpServer's; stdin is read on a
// thread of its own (McpStdinReader) and cut into messages by
// McpLineBuffer, which refuses a message of more than 4 MiB; tool calls run
// on McpCallPool's threads, their answers written, a whole line at a time,
// from the main thread as they end. Ends at the end of standard input, once
// the calls sent are answered (exit code 0), or when standard output is
// closed; exit code 2 for bad usage or an unreadable KB folder.
class McpCommand
{
public:
    static int run(const QStringList &arguments);
};

} // namespace Errata
