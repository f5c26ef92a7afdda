// Counts heap allocations of the process it is linked into, for the Bench's "allocations per
// frame" figure. Linked only into the Bench executable (never into liveticker or the tests).
#pragma once
#include <stdint.h>

/// Number of malloc/calloc/realloc/posix_memalign/aligned_alloc/memalign calls so far.
uint64_t lt_allocation_count(void);

/// 1 when the counting allocator is active in this build, 0 when it was left out (sanitizer
/// builds bring their own allocator).
int lt_allocation_counting_available(void);
