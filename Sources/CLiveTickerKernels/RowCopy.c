// Row-by-row copies into display memory (see the public header).
#include "CLiveTickerKernels.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void ltk_copy_rows(void *destination, intptr_t destination_pitch, const void *source, intptr_t source_pitch,
                   size_t row_bytes, intptr_t rows, size_t widen_before, size_t widen_after) {
    if (row_bytes == 0) return;
    unsigned char *out = destination;
    const unsigned char *in = source;
#if defined(__SSE2__)
    for (intptr_t y = 0; y < rows; y++) {
        // The row widened to whole 64-byte destination lines where the caller allows it
        // (those bytes are the frame's own, already on screen), so that its lines are stored
        // whole, streaming: no line is read for ownership first.
        uintptr_t start = (uintptr_t)out, end = start + row_bytes;
        uintptr_t low = start & ~(uintptr_t)63, high = (end + 63) & ~(uintptr_t)63;
        if (start - low > widen_before) low = start;
        if (high - end > widen_after) high = end;
        const unsigned char *from = in - (start - low);
        uintptr_t first_line = (low + 63) & ~(uintptr_t)63, last_line = high & ~(uintptr_t)63;
        if (last_line <= first_line) {
            memcpy((void *)low, from, high - low);
        } else {
            memcpy((void *)low, from, first_line - low);
            const unsigned char *line_source = from + (first_line - low);
            for (uintptr_t line = first_line; line < last_line; line += 64, line_source += 64) {
                __m128i a = _mm_loadu_si128((const __m128i *)line_source);
                __m128i b = _mm_loadu_si128((const __m128i *)(line_source + 16));
                __m128i c = _mm_loadu_si128((const __m128i *)(line_source + 32));
                __m128i d = _mm_loadu_si128((const __m128i *)(line_source + 48));
                _mm_stream_si128((__m128i *)line, a);
                _mm_stream_si128((__m128i *)(line + 16), b);
                _mm_stream_si128((__m128i *)(line + 32), c);
                _mm_stream_si128((__m128i *)(line + 48), d);
            }
            memcpy((void *)last_line, line_source, high - last_line);
        }
        out += destination_pitch;
        in += source_pitch;
    }
    // Streaming stores are weakly ordered: all of them land before the caller hands the
    // buffer to the display.
    _mm_sfence();
#else
    (void)widen_before;
    (void)widen_after;
    for (intptr_t y = 0; y < rows; y++) {
        // Every cache line of the row is requested for writing before the copy stores to it,
        // so their fetches overlap; memcpy alone waits on a short row's lines one at a time.
        ltk_prefetch_for_write(out, row_bytes);
        memcpy(out, in, row_bytes);
        out += destination_pitch;
        in += source_pitch;
    }
#endif
}
