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
        // time.
        ltk_prefetch_for_write(out, row_bytes);
        memcpy(out, in, row_bytes);
        out += destination_pitch;
        in += source_pitch;
    }
}
