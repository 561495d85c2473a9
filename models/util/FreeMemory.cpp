#include "models/util/FreeMemory.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace Errata {

void FreeMemory::release()
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

} // namespace Errata
