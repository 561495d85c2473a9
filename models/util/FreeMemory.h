#pragma once

namespace Errata {

// Gives the memory the allocator holds free back to the system. After a pass over every record (loading, the lookup
// side, the checks, writing the cache), what it made and dropped stays in the allocator's free lists and counts in
// the process's memory, enough to put the window over its target (docs/performance.md, "Memory: peak RSS ≤ 3× the raw
// JSON"). Called at the end of those passes, on their own threads, never the window's: it walks the whole heap. Does
// nothing where the C library has no such call (not glibc).
class FreeMemory
{
public:
    static void release();
};

} // namespace Errata
