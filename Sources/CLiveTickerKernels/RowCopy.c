// Row-by-row copies into display memory with the destination prefetched for writing (see the
// public header).
#include "CLiveTickerKernels.h"

#include <string.h>

void ltk_copy_rows(void *destination, intptr_t destination_pitch, const void *source, intptr_t source_pitch,
                   size_t row_bytes, intptr_t rows) {
    if (row_bytes == 0) return;
    unsigned char *out = destination;
    const unsigned char *in = source;
    for (intptr_t y = 0; y < rows; y++) {
        // Every cache line of the row is requested for writing before the copy stores to it,
        // so their fetches overlap; memcpy alone waits on a short row's lines one row at a
        // time. On uncached and write-combined memory the prefetches are ignored (x86, Arm).
        const unsigned char *last = out + row_bytes - 1;
        for (const unsigned char *line = out; line <= last; line += 64) __builtin_prefetch(line, 1, 3);
        __builtin_prefetch(last, 1, 3);
        memcpy(out, in, row_bytes);
        out += destination_pitch;
        in += source_pitch;
    }
}
