// Memory in transparent huge pages for framebuffers and big arrays (see the public header).
#include "CLiveTickerKernels.h"

#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

void *ltk_huge_allocate(size_t bytes) {
    const size_t huge = (size_t)2 << 20;
    void *p = NULL;
    if (bytes >= huge) {
        const size_t rounded = (bytes + huge - 1) & ~(huge - 1);
        if (posix_memalign(&p, huge, rounded) == 0) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
            // A hint: where THP is off ("never") this stays plain memory.
            (void)madvise(p, rounded, MADV_HUGEPAGE);
#endif
            return p;
        }
        p = NULL;
    }
    return posix_memalign(&p, 64, bytes ? bytes : 1) == 0 ? p : NULL;
}

void ltk_huge_free(void *memory) { free(memory); }
