// The column sweep of an anti-aliased stroke (LiveTickerRender's `RasterScratch.sweepColumns`,
// the reference), written once and compiled once per level: Kernels.c includes it with
// LTK_FN(name) defined, inside a `#pragma clang attribute push(target(...))`. Eight rows go in
// one 8-lane float vector where the Swift code uses two groups of four; every row keeps the
// Swift operations in the Swift order (contraction into FMA is off), and each group of four
// rows is decided and written exactly as the Swift `ColumnPen.blendFour` does (written whole
// when one of its rows is covered and all four lie in the clip, else row by row where covered),
// so the pixels are bit-identical.
//
// Not a public header: included only by Kernels.c.

typedef float LTK_FN(f8) __attribute__((vector_size(32)));
typedef int32_t LTK_FN(i8) __attribute__((vector_size(32)));
typedef uint32_t LTK_FN(u8) __attribute__((vector_size(32)));
typedef uint32_t LTK_FN(u4) __attribute__((vector_size(16)));
typedef uint16_t LTK_FN(h8) __attribute__((vector_size(16)));
#define F8 LTK_FN(f8)
#define I8 LTK_FN(i8)
#define U8 LTK_FN(u8)
#define U4 LTK_FN(u4)
#define H8 LTK_FN(h8)

/// `m ? a : b` lane-wise (m all ones or all zeros per lane).
static inline __attribute__((always_inline)) F8 LTK_FN(fsel)(I8 m, F8 a, F8 b) {
    return (F8)(((I8)a & m) | ((I8)b & ~m));
}

/// The Swift `lanesMin` / `lanesMax`: b where b is strictly beyond a, else a.
static inline __attribute__((always_inline)) F8 LTK_FN(fmin8)(F8 a, F8 b) { return LTK_FN(fsel)(b < a, b, a); }
static inline __attribute__((always_inline)) F8 LTK_FN(fmax8)(F8 a, F8 b) { return LTK_FN(fsel)(b > a, b, a); }

/// The Swift `squareRoot(_:refined:)`: x times the Moroz et al. (2018) inverse square root.
static inline __attribute__((always_inline)) F8 LTK_FN(root8)(F8 x, bool refined) {
    const U8 bits = (U8)x;
    F8 y = (F8)((U8){0} + 0x5F1FFFF9u - (bits >> 1));
    y = 0.703952253f * y * (2.38924456f - x * y * y);
    if (refined) y = y * (1.5f - (x * 0.5f) * y * y);
    return x * y;
}

/// `PixelBlend.blend` (the scalar form, for rows at the clip's edge).
static inline __attribute__((always_inline)) uint32_t LTK_FN(blend1)(uint32_t dst, uint32_t color, uint32_t a) {
    const uint32_t ia = 255 - a;
    uint32_t rb = (color & 0x00FF00FF) * a + (dst & 0x00FF00FF) * ia + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    uint32_t g = (color & 0x0000FF00) * a + (dst & 0x0000FF00) * ia + 0x00008000;
    g = ((g + ((g >> 8) & 0x0000FF00)) >> 8) & 0x0000FF00;
    return rb | g;
}

/// The Swift `ColumnPen.blendFour` for rows `row ..< row + 4` of column `column`, given their
/// coverages `a` (0…255, after the opacity) and whether any of them is covered.
static inline __attribute__((always_inline)) void LTK_FN(blend4)(
    const ltk_pen *pen, U4 a, intptr_t column, intptr_t row, H8 color_even, H8 color_odd) {
    uint32_t *dst = pen->pixels + row * pen->stride + column;
    const intptr_t s = pen->stride;
    if (row + 4 <= pen->rows) {
        const U4 d = {dst[0], dst[s], dst[2 * s], dst[3 * s]};
        const H8 a16 = (H8)(a | (a << 16));
        const H8 ia16 = 255 - a16;
        const H8 dv = (H8)d;
        H8 even = (dv & 0x00FF) * ia16 + color_even * a16 + 128;
        H8 odd = (dv >> 8) * ia16 + color_odd * a16 + 128;
        even = (even + (even >> 8)) >> 8;
        odd = (odd + (odd >> 8)) >> 8;
        const U4 out = (U4)(even | (odd << 8)) & 0x00FFFFFFu;
        dst[0] = out[0];
        dst[s] = out[1];
        dst[2 * s] = out[2];
        dst[3 * s] = out[3];
    } else {
        uint32_t *p = dst;
        for (int lane = 0; row + lane < pen->rows; lane++) {
            if (a[lane] != 0) *p = LTK_FN(blend1)(*p, pen->color, a[lane]);
            p += s;
        }
    }
}

/// First column whose centre lies less than `r` right of `x` (the Swift `firstColumn`).
static inline __attribute__((always_inline)) intptr_t LTK_FN(first_column)(float x, float r) {
    const double v = (double)(x - r - 0.5f);
    intptr_t i = (intptr_t)v;
    if ((double)i > v) i -= 1;
    return i + 1;
}

static inline __attribute__((always_inline)) float LTK_FN(least)(float a, float b) { return a < b ? a : b; }
static inline __attribute__((always_inline)) float LTK_FN(greatest)(float a, float b) { return a > b ? a : b; }

/// Column `col` of the sweep made ready to draw (the Swift `sweepColumns` up to its row loop):
/// moves the window `*lo ..< *hi` of capsules that reach the column and writes them in column
/// form (the Swift `ColumnSegment.init`) into `near`, which has room for `room`. Returns 1 with
/// `*segments` and the rows `*top ... *bottom` to visit; 0 when the column has no row to draw;
/// 2 when no capsule reaches it, `*next` being the next column one may reach; 3 when its window
/// holds more than `room` capsules (nothing written); -1 when no capsule is left.
static inline __attribute__((always_inline)) int LTK_FN(sweep_prepare)(
    const ltk_capsule *list, intptr_t count, intptr_t col, float r, float first_row, float last_row, intptr_t *lo_p,
    intptr_t *hi_p, ltk_column_segment *near, intptr_t room, intptr_t *segments, intptr_t *top, intptr_t *bottom,
    intptr_t *next) {
    const float xc = (float)col + 0.5f;
    const float left = xc - r, right = xc + r;
    intptr_t lo = *lo_p, hi = *hi_p;
    while (lo < count && list[lo].bx <= left) lo++;
    *lo_p = lo;
    if (lo == count) return -1;
    if (hi < lo) hi = lo;
    while (hi < count && list[hi].ax < right) hi++;
    *hi_p = hi;
    if (lo == hi) {
        const intptr_t first = LTK_FN(first_column)(list[lo].ax, r);
        *next = first > col + 1 ? first : col + 1;
        return 2;
    }
    if (hi - lo > room) return 3;
    float y_min = __builtin_inff(), y_max = -__builtin_inff();
    for (intptr_t k = lo; k < hi; k++) {
        const ltk_capsule *c = &list[k];
        float y0 = c->ay, y1 = c->by;
        if (c->spans_columns) {
            y0 = c->ay + (LTK_FN(greatest)(c->ax, left) - c->ax) * c->slope;
            y1 = c->ay + (LTK_FN(least)(c->bx, right) - c->ax) * c->slope;
        }
        ltk_column_segment *m = &near[k - lo];
        m->first_row = LTK_FN(least)(y0, y1) - (r + 0.5f + 1.0f / 64);
        m->last_row = LTK_FN(greatest)(y0, y1) + (r - 0.5f + 1.0f / 64);
        const float px = xc - c->ax;
        m->ux = c->ux;
        m->uy = c->uy;
        m->length = c->length;
        m->along0 = px * c->ux - c->ay * c->uy;
        m->across0 = -(c->ay * c->ux + px * c->uy);
        y_min = LTK_FN(least)(y_min, m->first_row);
        y_max = LTK_FN(greatest)(y_max, m->last_row);
    }
    if (!(y_max >= first_row && y_min <= last_row)) return 0;
    const float low = LTK_FN(greatest)(y_min, first_row);
    intptr_t t = (intptr_t)low;
    if ((float)t < low) t++;
    *top = t;
    *bottom = (intptr_t)LTK_FN(least)(y_max, last_row);
    *segments = hi - lo;
    return 1;
}

/// The squared distance from the centres of rows `row ..< row + 8` (one column) to the nearest
/// of the `segments` in `near`, at most `limit`.
static inline __attribute__((always_inline)) F8 LTK_FN(sweep_distances)(
    const ltk_column_segment *near, intptr_t segments, intptr_t row, F8 limit) {
    const F8 offsets = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f};
    const F8 zero = {0};
    const float row_a = (float)row;
    const F8 lanes = offsets + row_a;
    F8 d2 = limit;
    for (intptr_t k = 0; k < segments; k++) {
        const ltk_column_segment *c = &near[k];
        if (c->last_row < row_a || c->first_row > row_a + 7) continue;
        const F8 along = lanes * c->uy + c->along0;
        const F8 across = lanes * c->ux + c->across0;
        const F8 beyond = LTK_FN(fmax8)(LTK_FN(fmax8)(zero - along, along - c->length), zero);
        d2 = LTK_FN(fmin8)(d2, across * across + beyond * beyond);
    }
    return d2;
}

/// Rows `row ..< row + 8` of column `col` (the last to visit: `bottom`) given their squared
/// distances `d2`: each group of four rows blended as the Swift `ColumnPen.blendFour` does.
static inline __attribute__((always_inline)) void LTK_FN(sweep_blend)(
    const ltk_pen *pen, F8 d2, intptr_t col, intptr_t row, intptr_t bottom, F8 radius, F8 radius_squared,
    bool refined, H8 color_even, H8 color_odd) {
    const F8 zero = {0};
    const F8 one = (F8){0} + 1.0f;
    const I8 inside = d2 < radius_squared;
    const uint32_t covered = (uint32_t)__builtin_ia32_movmskps256((F8)inside);
    const bool second = row + 4 <= bottom;
    if ((covered & 0x0F) == 0 && (!second || (covered & 0xF0) == 0)) return;
    const F8 cov = LTK_FN(fsel)(inside, LTK_FN(fmin8)(radius - LTK_FN(root8)(d2, refined), one), zero);
    U8 a = (U8)(cov * 255 + 12582912.0f) & 0xFFu;
    const uint32_t alpha = pen->alpha;
    if (alpha < 255) {
        const U8 t = a * alpha + 128;
        a = (t + (t >> 8)) >> 8;
    }
    if (covered & 0x0F) {
        LTK_FN(blend4)(pen, __builtin_shufflevector(a, a, 0, 1, 2, 3), col, row, color_even, color_odd);
    }
    if (second && (covered & 0xF0)) {
        LTK_FN(blend4)(pen, __builtin_shufflevector(a, a, 4, 5, 6, 7), col, row + 4, color_even, color_odd);
    }
}

/// Rows `from ... bottom` of column `col`, eight a step: their distances to the `segments` in
/// `near`, then their blends (the whole row loop of a column drawn alone, and the rows one
/// column of a pair has left when the other is done).
static inline __attribute__((always_inline)) void LTK_FN(sweep_rows)(
    const ltk_pen *pen, const ltk_column_segment *near, intptr_t segments, intptr_t col, intptr_t from,
    intptr_t bottom, F8 radius, F8 radius_squared, bool refined, H8 color_even, H8 color_odd) {
    for (intptr_t y = from; y <= bottom; y += 8) {
        const F8 d2 = LTK_FN(sweep_distances)(near, segments, y, radius_squared);
        LTK_FN(sweep_blend)(pen, d2, col, y, bottom, radius, radius_squared, refined, color_even, color_odd);
    }
}

/// Where a column starts a cache line, asks for the next line of its rows (16 columns on),
/// with a margin of rows for the line's slope. A column's pixels lie a row pitch apart, each
/// in its own cache line, which the plot's row-order fill before this has mostly pushed out
/// of the caches, and the hardware prefetchers do not follow page-crossing strides.
/// Prefetches change no pixel.
static inline __attribute__((always_inline)) void LTK_FN(sweep_prefetch)(
    const ltk_pen *pen, intptr_t col, intptr_t top, intptr_t bottom) {
    if (((uintptr_t)(pen->pixels + col) & 63) != 0 || col + 16 >= pen->columns) return;
    const intptr_t from = top - 8 > 0 ? top - 8 : 0;
    const intptr_t to = bottom + 8 < pen->rows - 1 ? bottom + 8 : pen->rows - 1;
    const uint32_t *ahead = pen->pixels + from * pen->stride + col + 16;
    for (intptr_t y = from; y <= to; y++, ahead += pen->stride) __builtin_prefetch(ahead, 1);
}

/// `ltk_sweep_columns` at this level (see the header and the Swift `sweepColumns`).
///
/// Columns go in pairs where both have rows to draw: a column's work is one long chain (its
/// capsules in column form, the distances of its rows, their square roots, the blends) of some
/// 500 instructions, more than the processor looks ahead, so one column at a time left each
/// chain's latency exposed; two independent chains side by side overlap it (the 1080p
/// reference frame's four lines in a C driver, 0.30 -> 0.23 ms on a Zen 4 EPYC VM). Each
/// pixel's operations are the same as one column at a time, and two columns never store the
/// same pixel, so the pixels are too.
static void LTK_FN(sweep)(const ltk_capsule *list, intptr_t count, const ltk_pen *pen, ltk_column_segment *near) {
    const float r = pen->radius;
    const intptr_t columns = pen->columns, rows = pen->rows;
    const float last_row = (float)(rows - 1);
    const F8 radius = (F8){0} + r;
    const F8 radius_squared = (F8){0} + r * r;
    const bool refined = r > 4;
    const U4 cv = (U4){0} + (pen->color & 0x00FFFFFFu);
    const H8 color_even = (H8)cv & 0x00FF;
    const H8 color_odd = (H8)cv >> 8;
    intptr_t lo = 0, hi = 0;
    // Columns and rows before the scissor's are skipped (each pixel depends on its own column
    // and row only).
    intptr_t col = LTK_FN(first_column)(list[0].ax, r);
    if (col < pen->first_column) col = pen->first_column;
    const float first_row = (float)pen->first_row;
    // The second column of a pair in column form (a wider window: the column goes alone).
    enum { PAIR_ROOM = 64 };
    ltk_column_segment pair[PAIR_ROOM];
    while (col < columns) {
        intptr_t segments, top, bottom, next;
        const int state =
            LTK_FN(sweep_prepare)(list, count, col, r, first_row, last_row, &lo, &hi, near, count, &segments, &top, &bottom, &next);
        if (state < 0) break;
        if (state == 2) {
            col = next;
            continue;
        }
        if (state == 0) {
            col++;
            continue;
        }
        LTK_FN(sweep_prefetch)(pen, col, top, bottom);
        intptr_t pair_lo = lo, pair_hi = hi, pair_segments = 0, pair_top = 0, pair_bottom = -1;
        if (col + 1 < columns
            && LTK_FN(sweep_prepare)(list, count, col + 1, r, first_row, last_row, &pair_lo, &pair_hi, pair, PAIR_ROOM,
                                     &pair_segments, &pair_top, &pair_bottom, &next) == 1)
        {
            LTK_FN(sweep_prefetch)(pen, col + 1, pair_top, pair_bottom);
            intptr_t y = top, pair_y = pair_top;
            for (; y <= bottom && pair_y <= pair_bottom; y += 8, pair_y += 8) {
                const F8 d2 = LTK_FN(sweep_distances)(near, segments, y, radius_squared);
                const F8 pair_d2 = LTK_FN(sweep_distances)(pair, pair_segments, pair_y, radius_squared);
                LTK_FN(sweep_blend)(pen, d2, col, y, bottom, radius, radius_squared, refined, color_even, color_odd);
                LTK_FN(sweep_blend)(pen, pair_d2, col + 1, pair_y, pair_bottom, radius, radius_squared, refined, color_even, color_odd);
            }
            // At most one of the two has rows left.
            LTK_FN(sweep_rows)(pen, near, segments, col, y, bottom, radius, radius_squared, refined, color_even, color_odd);
            LTK_FN(sweep_rows)(pen, pair, pair_segments, col + 1, pair_y, pair_bottom, radius, radius_squared, refined,
                               color_even, color_odd);
            lo = pair_lo;
            hi = pair_hi;
            col += 2;
            continue;
        }
        // Alone (the next column has nothing to draw, or too many capsules for `pair`: it is
        // made ready again next, from this column's window).
        LTK_FN(sweep_rows)(pen, near, segments, col, top, bottom, radius, radius_squared, refined, color_even, color_odd);
        col++;
    }
}

#undef F8
#undef I8
#undef U8
#undef U4
#undef H8
