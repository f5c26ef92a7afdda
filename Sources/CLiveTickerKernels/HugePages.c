// Memory in transparent huge pages for framebuffers and big arrays (see the public header).
#include "CLiveTickerKernels.h"

#include <stdint.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

/// One huge page: 2 MB.
static const size_t ltk_huge_page = (size_t)2 << 20;

/// `bytes` rounded up to whole huge pages.
static size_t ltk_huge_rounded(size_t bytes) { return (bytes + ltk_huge_page - 1) & ~(ltk_huge_page - 1); }

void *ltk_huge_allocate(size_t bytes) {
    void *p = NULL;
    if (bytes >= ltk_huge_page) {
        const size_t rounded = ltk_huge_rounded(bytes);
        if (posix_memalign(&p, ltk_huge_page, rounded) == 0) {
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

#if defined(__linux__)
void *ltk_zeroed_huge_allocate(size_t bytes) {
    const size_t rounded = ltk_huge_rounded(bytes ? bytes : 1);
    // One huge page more than asked, so an aligned start lies inside; the ends are unmapped.
    uint8_t *mapped = mmap(NULL, rounded + ltk_huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return NULL;
    uint8_t *start = (uint8_t *)(((uintptr_t)mapped + ltk_huge_page - 1) & ~(uintptr_t)(ltk_huge_page - 1));
    if (start > mapped) munmap(mapped, (size_t)(start - mapped));
    uint8_t *end = mapped + rounded + ltk_huge_page;
    if (end > start + rounded) munmap(start + rounded, (size_t)(end - (start + rounded)));
#if defined(MADV_HUGEPAGE)
    (void)madvise(start, rounded, MADV_HUGEPAGE);
#endif
    // Anonymous pages read as zero; one store a page backs each now (storing zero keeps it so).
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    for (size_t offset = 0; offset < rounded; offset += page) ((volatile uint8_t *)start)[offset] = 0;
    return start;
}

void ltk_zeroed_huge_free(void *memory, size_t bytes) {
    if (memory) munmap(memory, ltk_huge_rounded(bytes ? bytes : 1));
}
#else
void *ltk_zeroed_huge_allocate(size_t bytes) { return calloc(1, bytes ? bytes : 1); }

void ltk_zeroed_huge_free(void *memory, size_t bytes) {
    (void)bytes;
    free(memory);
}
#endif
