// Thread affinity for the Bench (sched_getcpu and the cpu_set_t macros need _GNU_SOURCE, which
// the Swift Glibc module does not define).
#define _GNU_SOURCE
#include "CThreadPinning.h"

#include <sched.h>
#include <string.h>

_Static_assert(sizeof(liveticker_cpu_mask) == sizeof(cpu_set_t), "the mask is a cpu_set_t");

int liveticker_pin_thread(liveticker_cpu_mask *former) {
    const int cpu = sched_getcpu();
    if (cpu < 0 || cpu >= CPU_SETSIZE) return 0;
    cpu_set_t saved, one;
    if (sched_getaffinity(0, sizeof saved, &saved) != 0) return 0;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) return 0;
    memcpy(former, &saved, sizeof saved);
    return 1;
}

void liveticker_unpin_thread(const liveticker_cpu_mask *former) {
    cpu_set_t saved;
    memcpy(&saved, former, sizeof saved);
    (void)sched_setaffinity(0, sizeof saved, &saved);
}
