// A counting allocator for the Bench: the executable's own malloc family, which glibc's
// dynamic linker prefers over libc's, counts each call and forwards to glibc's internal
// implementations (__libc_malloc and friends). One relaxed atomic increment per allocation.
// Sanitizer builds bring their own allocator, so there the counter is left out.
#include "CAllocationCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define LT_NO_COUNTING 1
#endif
#endif

static _Atomic uint64_t lt_count;

uint64_t lt_allocation_count(void) { return atomic_load_explicit(&lt_count, memory_order_relaxed); }

#ifdef LT_NO_COUNTING
int lt_allocation_counting_available(void) { return 0; }
#else
int lt_allocation_counting_available(void) { return 1; }

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static inline void lt_counted(void) { atomic_fetch_add_explicit(&lt_count, 1, memory_order_relaxed); }

void *malloc(size_t size) {
    lt_counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    lt_counted();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    lt_counted();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    lt_counted();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    lt_counted();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    lt_counted();
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
#endif
