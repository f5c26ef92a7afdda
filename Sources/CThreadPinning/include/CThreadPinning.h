#ifndef CTHREADPINNING_H
#define CTHREADPINNING_H

/// The CPUs a thread may run on, as the kernel keeps them (a glibc `cpu_set_t`, 1024 CPUs).
typedef struct {
    unsigned long words[1024 / (8 * sizeof(unsigned long))];
} liveticker_cpu_mask;

/// Holds the calling thread to the CPU it is running on (processes it starts afterwards inherit
/// the mask), after saving its former CPUs in `*former`. Returns 1 when pinned, 0 when the CPU
/// could not be read or the mask not set (the thread is then left as it was).
int liveticker_pin_thread(liveticker_cpu_mask *former);

/// Gives the calling thread back the CPUs `liveticker_pin_thread` saved.
void liveticker_unpin_thread(const liveticker_cpu_mask *former);

#endif
