// The column sweep of an anti-aliased stroke (LiveTickerRender's `RasterScratch.sweepColumns`,
// the reference), written once and compiled once per level: Kernels.c includes it with
// LTK_FN(name) defined, inside a `#pragma clang attribute push(target(...))`. Eight rows go in
// one 8-lane float vector where the Swift code uses two groups of four; every row keeps the
// Swift operations in the Swift order (contraction into FMA is off), and a pixel is changed
// only where the Swift `ColumnPen.blendFour` changes it, by the same blend, so the pixels are
// bit-identical. Which pixels are stored may differ: a row of coverage 0 blends to itself, so
// a step's eight rows inside the clip are written whole, covered or not, where the Swift code
// writes a group of four only when one of its rows is covered.
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

/// `m ? a : b` lane-wise (m all ones or all zeros per lane): one `vblendvps`, which picks by
/// each lane's sign bit, where the and/andnot/or form took three instructions (the 1080p
/// reference frame's four lines in a C driver, AVX2 on a Zen 3 EPYC VM: −1.5 %).
static inline __attribute__((always_inline)) F8 LTK_FN(fsel)(I8 m, F8 a, F8 b) {
    return (F8)__builtin_ia32_blendvps256((__v8sf)b, (__v8sf)a, (__v8sf)m);
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

#ifndef LTK_BLEND_LANES
/// `PixelBlend.blend` of every lane of `d` (destination pixels) with the pen's colour at the
/// lane's coverage in `a` (0…255), four or eight lanes: `H` is the 16-bit vector as wide as
/// `d`, and `ce` / `co` the colour's even and odd bytes in its lanes. Each 16-bit lane gets
/// d·(255 − a) + c·a + 128 and the exact division by 255 of `PixelBlend`; the result's top
/// byte is garbage until masked. One formula for `blend4` and `blend8`.
#define LTK_BLEND_LANES(H, d, a, ce, co)                              \
    ({                                                                \
        const H a16_ = (H)((a) | ((a) << 16));                        \
        const H ia16_ = 255 - a16_;                                   \
        const H dv_ = (H)(d);                                         \
        H even_ = (dv_ & 0x00FF) * ia16_ + (ce) * a16_ + 128;         \
        H odd_ = (dv_ >> 8) * ia16_ + (co) * a16_ + 128;              \
        even_ = (even_ + (even_ >> 8)) >> 8;                          \
        odd_ = (odd_ + (odd_ >> 8)) >> 8;                             \
        even_ | (odd_ << 8);                                          \
    })
#endif

/// The Swift `ColumnPen.blendFour` for rows `row ..< row + 4` of column `column`, given their
/// coverages `a` (0…255, after the opacity) and whether any of them is covered.
static inline __attribute__((always_inline)) void LTK_FN(blend4)(
    const ltk_pen *pen, U4 a, intptr_t column, intptr_t row, H8 color_even, H8 color_odd) {
    uint32_t *dst = pen->pixels + row * pen->stride + column;
    const intptr_t s = pen->stride;
    if (row + 4 <= pen->rows) {
        const U4 d = {dst[0], dst[s], dst[2 * s], dst[3 * s]};
        const U4 out = (U4)LTK_BLEND_LANES(H8, d, a, color_even, color_odd) & 0x00FFFFFFu;
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

/// Both groups of four rows `row ..< row + 8` of column `column` at once, each written whole
/// (all eight lie in the clip; a group without a covered row has coverage 0 in every lane, and
/// its pixels are stored unchanged): `blend4` twice, lane for lane, with the eight
/// destinations read by eight loads and one 16-lane pass of the arithmetic.
///
/// Eight loads, not a gather: on a Zen 4 the AVX-512 level's sweep took 4 % less time with
/// them (a C driver stroking the 1080p reference frame's four lines, both builds in one
/// process, frames alternating, 3 × 1 500 frames: p10 ×0.957 each time), and Zen 2 and 3 run
/// AVX2's gather as a long microcoded sequence (the same driver on a Zen 3 EPYC VM, p10 of
/// 1 000 frames: 0.324–0.332 ms with it, 0.309–0.320 without).
static inline __attribute__((always_inline)) void LTK_FN(blend8)(
    const ltk_pen *pen, U8 a, intptr_t column, intptr_t row, H8 color_even, H8 color_odd) {
    typedef uint16_t H16 __attribute__((vector_size(32)));
    uint32_t *dst = pen->pixels + row * pen->stride + column;
    const intptr_t s = pen->stride;
    const U8 d = {dst[0], dst[s], dst[2 * s], dst[3 * s], dst[4 * s], dst[5 * s], dst[6 * s], dst[7 * s]};
    const H16 ce = __builtin_shufflevector(color_even, color_even, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
    const H16 co = __builtin_shufflevector(color_odd, color_odd, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
    const U8 out = (U8)LTK_BLEND_LANES(H16, d, a, ce, co) & 0x00FFFFFFu;
    dst[0] = out[0];
    dst[s] = out[1];
    dst[2 * s] = out[2];
    dst[3 * s] = out[3];
    dst[4 * s] = out[4];
    dst[5 * s] = out[5];
    dst[6 * s] = out[6];
    dst[7 * s] = out[7];
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

typedef float LTK_FN(f8u) __attribute__((vector_size(32), aligned(4)));
typedef float LTK_FN(f4u) __attribute__((vector_size(16), aligned(4)));
typedef int32_t LTK_FN(i4u) __attribute__((vector_size(16), aligned(4)));
#define F8U LTK_FN(f8u)
#define F4U LTK_FN(f4u)
#define I4U LTK_FN(i4u)

/// Stores eight floats at `p` (any 4-byte alignment).
static inline __attribute__((always_inline)) void LTK_FN(store8)(float *p, F8 v) { *(F8U *)p = v; }

/// Four floats from `a` in lanes 0–3 and four from `b` in lanes 4–7.
static inline __attribute__((always_inline)) F8 LTK_FN(load_halves)(const float *a, const float *b) {
    return __builtin_shufflevector(*(const F4U *)a, *(const F4U *)b, 0, 1, 2, 3, 4, 5, 6, 7);
}

/// Four ints from `a` in lanes 0–3 and four from `b` in lanes 4–7.
static inline __attribute__((always_inline)) I8 LTK_FN(load_halves_i)(const int32_t *a, const int32_t *b) {
    return __builtin_shufflevector(*(const I4U *)a, *(const I4U *)b, 0, 1, 2, 3, 4, 5, 6, 7);
}

/// The capsules laid out by field (one array each, ``ltk_sweep_work_bytes``): the `count`
/// capsules, then padding whose ends lie at +∞, so that the window scans stop at `count`
/// without a bound test and four lanes read from any capsule of a window stay inside.
typedef struct {
    const float *ax, *ay, *bx, *by, *ux, *uy, *length, *slope;
    const int32_t *spans;  // all ones where the capsule spans columns, else zero
} LTK_FN(capsule_fields);

/// Column forms (the Swift `ColumnSegment`), laid out by field: the nearby capsules of one
/// column, or of two (the second's from index 4 on).
typedef struct {
    float *ux, *uy, *length, *along0, *across0, *first_row, *last_row;
} LTK_FN(segment_fields);

/// Moves the window `*lo ..< *hi` to the capsules that reach the column centred at `xc`:
/// every capsule before it ends at or left of `xc − r`, every one from `*hi` on starts at or
/// right of `xc + r` (both ends are sorted). The padding's +∞ ends stop both scans at `count`.
static inline __attribute__((always_inline)) void LTK_FN(sweep_window)(
    const LTK_FN(capsule_fields) *list, float left, float right, intptr_t *lo_p, intptr_t *hi_p) {
    intptr_t lo = *lo_p, hi = *hi_p;
    while (list->bx[lo] <= left) lo++;
    if (hi < lo) hi = lo;
    while (list->ax[hi] < right) hi++;
    *lo_p = lo;
    *hi_p = hi;
}

/// The rows `*top ... *bottom` to visit in a column whose capsules' rows (as reals) span
/// `y_min ... y_max`, inside `first_row ... last_row`; false, leaving them as they are, when none is.
static inline __attribute__((always_inline)) bool LTK_FN(sweep_row_span)(
    float y_min, float y_max, float first_row, float last_row, intptr_t *top, intptr_t *bottom) {
    if (!(y_max >= first_row && y_min <= last_row)) return false;
    const float low = LTK_FN(greatest)(y_min, first_row);
    intptr_t t = (intptr_t)low;
    if ((float)t < low) t++;
    *top = t;
    *bottom = (intptr_t)LTK_FN(least)(y_max, last_row);
    return true;
}

/// Column `col` of the sweep made ready to draw (the Swift `sweepColumns` up to its row loop):
/// moves the window `*lo ..< *hi` of capsules that reach the column and writes them in column
/// form (the Swift `ColumnSegment.init`) into `near`, which has room for `room`. Returns 1 with
/// `*segments` and the rows `*top ... *bottom` to visit; 0 when the column has no row to draw;
/// 2 when no capsule reaches it, `*next` being the next column one may reach; 3 when its window
/// holds more than `room` capsules (nothing written); -1 when no capsule is left.
static inline __attribute__((always_inline)) int LTK_FN(sweep_prepare)(
    const LTK_FN(capsule_fields) *list, intptr_t count, intptr_t col, float r, float first_row, float last_row,
    intptr_t *lo_p, intptr_t *hi_p, const LTK_FN(segment_fields) *near, intptr_t room, intptr_t *segments,
    intptr_t *top, intptr_t *bottom, intptr_t *next) {
    const float xc = (float)col + 0.5f;
    const float left = xc - r, right = xc + r;
    LTK_FN(sweep_window)(list, left, right, lo_p, hi_p);
    const intptr_t lo = *lo_p, hi = *hi_p;
    if (lo == count) return -1;
    if (lo == hi) {
        const intptr_t first = LTK_FN(first_column)(list->ax[lo], r);
        *next = first > col + 1 ? first : col + 1;
        return 2;
    }
    if (hi - lo > room) return 3;
    float y_min = __builtin_inff(), y_max = -__builtin_inff();
    for (intptr_t k = lo; k < hi; k++) {
        const float ax = list->ax[k], ay = list->ay[k], ux = list->ux[k], uy = list->uy[k];
        float y0 = ay, y1 = list->by[k];
        if (list->spans[k]) {
            y0 = ay + (LTK_FN(greatest)(ax, left) - ax) * list->slope[k];
            y1 = ay + (LTK_FN(least)(list->bx[k], right) - ax) * list->slope[k];
        }
        const intptr_t m = k - lo;
        near->first_row[m] = LTK_FN(least)(y0, y1) - (r + 0.5f + 1.0f / 64);
        near->last_row[m] = LTK_FN(greatest)(y0, y1) + (r - 0.5f + 1.0f / 64);
        const float px = xc - ax;
        near->ux[m] = ux;
        near->uy[m] = uy;
        near->length[m] = list->length[k];
        near->along0[m] = px * ux - ay * uy;
        near->across0[m] = -(ay * ux + px * uy);
        y_min = LTK_FN(least)(y_min, near->first_row[m]);
        y_max = LTK_FN(greatest)(y_max, near->last_row[m]);
    }
    if (!LTK_FN(sweep_row_span)(y_min, y_max, first_row, last_row, top, bottom)) return 0;
    *segments = hi - lo;
    return 1;
}

/// Columns `col` and `col + 1` in column form at once, from windows of at most four capsules
/// each (`lo ..< lo + n` and `lo2 ..< lo2 + n2`): the first's into lanes 0–3 of `near`, the
/// second's into lanes 4–7, each lane with the operations of ``sweep_prepare`` in their order.
/// Sets `extent` to the first's row extent (`[0]` lowest, `[1]` highest) and the second's
/// (`[2]`, `[3]`): minima and maxima are exact whatever the order, but for the sign of a zero,
/// which no row decision tells apart.
static inline __attribute__((always_inline)) void LTK_FN(sweep_prepare_two)(
    const LTK_FN(capsule_fields) *list, intptr_t lo, intptr_t n, intptr_t lo2, intptr_t n2, intptr_t col, float r,
    const LTK_FN(segment_fields) *near, float extent[4]) {
    const float xa = (float)col + 0.5f, xb = (float)(col + 1) + 0.5f;
    const F8 xc = {xa, xa, xa, xa, xb, xb, xb, xb};
    const F8 radius = (F8){0} + r;
    const F8 left = xc - radius, right = xc + radius;
    const F8 ax = LTK_FN(load_halves)(list->ax + lo, list->ax + lo2);
    const F8 ay = LTK_FN(load_halves)(list->ay + lo, list->ay + lo2);
    const F8 bx = LTK_FN(load_halves)(list->bx + lo, list->bx + lo2);
    const F8 by = LTK_FN(load_halves)(list->by + lo, list->by + lo2);
    const F8 ux = LTK_FN(load_halves)(list->ux + lo, list->ux + lo2);
    const F8 uy = LTK_FN(load_halves)(list->uy + lo, list->uy + lo2);
    const F8 slope = LTK_FN(load_halves)(list->slope + lo, list->slope + lo2);
    const I8 spans = LTK_FN(load_halves_i)(list->spans + lo, list->spans + lo2);
    // greatest(ax, left) and least(bx, right): `a > b ? a : b` and `a < b ? a : b`.
    const F8 from = LTK_FN(fsel)(ax > left, ax, left);
    const F8 to = LTK_FN(fsel)(bx < right, bx, right);
    const F8 y0 = LTK_FN(fsel)(spans, ay + (from - ax) * slope, ay);
    const F8 y1 = LTK_FN(fsel)(spans, ay + (to - ax) * slope, by);
    const F8 first = LTK_FN(fsel)(y0 < y1, y0, y1) - (r + 0.5f + 1.0f / 64);
    const F8 last = LTK_FN(fsel)(y0 > y1, y0, y1) + (r - 0.5f + 1.0f / 64);
    const F8 px = xc - ax;
    LTK_FN(store8)(near->ux, ux);
    LTK_FN(store8)(near->uy, uy);
    LTK_FN(store8)(near->length, LTK_FN(load_halves)(list->length + lo, list->length + lo2));
    LTK_FN(store8)(near->along0, px * ux - ay * uy);
    LTK_FN(store8)(near->across0, -(ay * ux + px * uy));
    LTK_FN(store8)(near->first_row, first);
    LTK_FN(store8)(near->last_row, last);
    // Lanes past a window take no part in its extent.
    const I8 lane = {0, 1, 2, 3, 0, 1, 2, 3};
    const I8 inside = lane < (I8){(int32_t)n, (int32_t)n, (int32_t)n, (int32_t)n, (int32_t)n2, (int32_t)n2, (int32_t)n2,
                                  (int32_t)n2};
    const F8 inf = (F8){0} + __builtin_inff();
    F8 low = LTK_FN(fsel)(inside, first, inf), high = LTK_FN(fsel)(inside, last, -inf);
    low = LTK_FN(fmin8)(low, __builtin_shufflevector(low, low, 2, 3, 0, 1, 6, 7, 4, 5));
    high = LTK_FN(fmax8)(high, __builtin_shufflevector(high, high, 2, 3, 0, 1, 6, 7, 4, 5));
    low = LTK_FN(fmin8)(low, __builtin_shufflevector(low, low, 1, 0, 3, 2, 5, 4, 7, 6));
    high = LTK_FN(fmax8)(high, __builtin_shufflevector(high, high, 1, 0, 3, 2, 5, 4, 7, 6));
    extent[0] = low[0];
    extent[1] = high[0];
    extent[2] = low[4];
    extent[3] = high[4];
}

/// The squared distance from the centres of rows `row ..< row + 8` (one column) to the nearest
/// of the `segments` in `near`, at most `limit`.
///
/// A segment whose rows (`first_row ... last_row`) miss the eight changes nothing: those rows
/// lie more than the radius from it, with a 1/64 px margin, so its squared distance there is
/// at least `limit`. Of up to four segments (a line with a point or so per column) each is
/// measured: the test that would skip one is taken or not at random and mispredicted more
/// often than the eight lanes it saves cost (the 1080p reference frame's four lines in a C
/// driver, AVX2 on a Zen 3 EPYC VM: 0.352 -> 0.328 ms). Of more, only those whose rows reach.
static inline __attribute__((always_inline)) F8 LTK_FN(sweep_distances)(
    const LTK_FN(segment_fields) *near, intptr_t segments, intptr_t row, F8 limit) {
    const F8 offsets = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f};
    const F8 zero = {0};
    const float row_a = (float)row;
    const F8 lanes = offsets + row_a;
    F8 d2 = limit;
    for (intptr_t k = 0; k < segments; k++) {
        if (segments > 4 && (near->last_row[k] < row_a || near->first_row[k] > row_a + 7)) continue;
        const F8 along = lanes * near->uy[k] + near->along0[k];
        const F8 across = lanes * near->ux[k] + near->across0[k];
        const F8 beyond = LTK_FN(fmax8)(LTK_FN(fmax8)(zero - along, along - near->length[k]), zero);
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
    const bool second = row + 4 <= bottom;
    const F8 cov = LTK_FN(fsel)(inside, LTK_FN(fmin8)(radius - LTK_FN(root8)(d2, refined), one), zero);
    U8 a = (U8)(cov * 255 + 12582912.0f) & 0xFFu;
    const uint32_t alpha = pen->alpha;
    if (alpha < 255) {
        const U8 t = a * alpha + 128;
        a = (t + (t >> 8)) >> 8;
    }
    // Both groups at once wherever the eight rows lie in the clip, covered or not (coverage 0
    // stores a pixel unchanged; a second group past `bottom` is zeroed here): which groups are
    // covered changes from step to step at random, and branching on it (to skip a group, or
    // the whole step) was mispredicted often enough to cost more than the blends it saved (the
    // C driver of `blend8`'s note on a Zen 4: p10 ×0.98 at the AVX2 level, and at AVX-512 a
    // further ×0.98 after the loads, without the skips).
    if (row + 8 <= pen->rows) {
        if (!second) a = __builtin_shufflevector(a, (U8){0}, 0, 1, 2, 3, 8, 9, 10, 11);
        LTK_FN(blend8)(pen, a, col, row, color_even, color_odd);
        return;
    }
    // The clip's last rows: a group only where one of its rows is covered, each row inside
    // the clip blended alone.
    const uint32_t covered = (uint32_t)__builtin_ia32_movmskps256((F8)inside);
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
    const ltk_pen *pen, const LTK_FN(segment_fields) *near, intptr_t segments, intptr_t col, intptr_t from,
    intptr_t bottom, F8 radius, F8 radius_squared, bool refined, H8 color_even, H8 color_odd) {
    for (intptr_t y = from; y <= bottom; y += 8) {
        const F8 d2 = LTK_FN(sweep_distances)(near, segments, y, radius_squared);
        LTK_FN(sweep_blend)(pen, d2, col, y, bottom, radius, radius_squared, refined, color_even, color_odd);
    }
}

/// Rows `top ... bottom` of column `col` and `pair_top ... pair_bottom` of column `col + 1`,
/// eight of each a step while both have rows left, then the rest of either.
static inline __attribute__((always_inline)) void LTK_FN(sweep_two_columns)(
    const ltk_pen *pen, const LTK_FN(segment_fields) *near, intptr_t segments, intptr_t top, intptr_t bottom,
    const LTK_FN(segment_fields) *pair, intptr_t pair_segments, intptr_t pair_top, intptr_t pair_bottom, intptr_t col,
    F8 radius, F8 radius_squared, bool refined, H8 color_even, H8 color_odd) {
    intptr_t y = top, pair_y = pair_top;
    for (; y <= bottom && pair_y <= pair_bottom; y += 8, pair_y += 8) {
        const F8 d2 = LTK_FN(sweep_distances)(near, segments, y, radius_squared);
        const F8 pair_d2 = LTK_FN(sweep_distances)(pair, pair_segments, pair_y, radius_squared);
        LTK_FN(sweep_blend)(pen, d2, col, y, bottom, radius, radius_squared, refined, color_even, color_odd);
        LTK_FN(sweep_blend)(pen, pair_d2, col + 1, pair_y, pair_bottom, radius, radius_squared, refined, color_even,
                            color_odd);
    }
    // At most one of the two has rows left.
    LTK_FN(sweep_rows)(pen, near, segments, col, y, bottom, radius, radius_squared, refined, color_even, color_odd);
    LTK_FN(sweep_rows)(pen, pair, pair_segments, col + 1, pair_y, pair_bottom, radius, radius_squared, refined,
                       color_even, color_odd);
}

/// Lays the `count` capsules out by field in `work` (``ltk_sweep_work_bytes``), followed by
/// padding whose ends lie at +∞, and returns the arrays; `near` gets the rest of `work`, room
/// for `count` column forms and the lanes of one vector beyond. O(count).
static inline __attribute__((always_inline)) LTK_FN(capsule_fields) LTK_FN(sweep_layout)(
    const ltk_capsule *list, intptr_t count, float *work, LTK_FN(segment_fields) *near) {
    const intptr_t pitch = ltk_sweep_pitch(count);
    float *ax = work, *ay = ax + pitch, *bx = ay + pitch, *by = bx + pitch, *ux = by + pitch, *uy = ux + pitch;
    float *length = uy + pitch, *slope = length + pitch;
    int32_t *spans = (int32_t *)(slope + pitch);
    intptr_t k = 0;
    // Eight capsules a step: their first eight fields (32 bytes each) transposed in registers,
    // and their flags (the byte after) gathered.
    const __m256i flag_offsets = _mm256_setr_epi32(0, 36, 72, 108, 144, 180, 216, 252);
    for (; k + 8 <= count; k += 8) {
        const float *c = (const float *)&list[k];
        const __m256 r0 = _mm256_loadu_ps(c), r1 = _mm256_loadu_ps(c + 9), r2 = _mm256_loadu_ps(c + 18);
        const __m256 r3 = _mm256_loadu_ps(c + 27), r4 = _mm256_loadu_ps(c + 36), r5 = _mm256_loadu_ps(c + 45);
        const __m256 r6 = _mm256_loadu_ps(c + 54), r7 = _mm256_loadu_ps(c + 63);
        const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
        const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
        const __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
        const __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
        const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
        const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
        const __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
        const __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
        _mm256_storeu_ps(ax + k, _mm256_permute2f128_ps(u0, u4, 0x20));
        _mm256_storeu_ps(ay + k, _mm256_permute2f128_ps(u1, u5, 0x20));
        _mm256_storeu_ps(bx + k, _mm256_permute2f128_ps(u2, u6, 0x20));
        _mm256_storeu_ps(by + k, _mm256_permute2f128_ps(u3, u7, 0x20));
        _mm256_storeu_ps(ux + k, _mm256_permute2f128_ps(u0, u4, 0x31));
        _mm256_storeu_ps(uy + k, _mm256_permute2f128_ps(u1, u5, 0x31));
        _mm256_storeu_ps(length + k, _mm256_permute2f128_ps(u2, u6, 0x31));
        _mm256_storeu_ps(slope + k, _mm256_permute2f128_ps(u3, u7, 0x31));
        const __m256i flags = _mm256_i32gather_epi32((const int *)(c + 8), flag_offsets, 1);
        const __m256i set = _mm256_and_si256(flags, _mm256_set1_epi32(0xFF));
        _mm256_storeu_si256((__m256i *)(spans + k), _mm256_xor_si256(_mm256_cmpeq_epi32(set, _mm256_setzero_si256()),
                                                                    _mm256_set1_epi32(-1)));
    }
    for (; k < count; k++) {
        const ltk_capsule *c = &list[k];
        ax[k] = c->ax;
        ay[k] = c->ay;
        bx[k] = c->bx;
        by[k] = c->by;
        ux[k] = c->ux;
        uy[k] = c->uy;
        length[k] = c->length;
        slope[k] = c->slope;
        spans[k] = c->spans_columns ? -1 : 0;
    }
    for (intptr_t k = count; k < pitch; k++) {
        ax[k] = bx[k] = __builtin_inff();
        ay[k] = by[k] = ux[k] = uy[k] = length[k] = slope[k] = 0;
        spans[k] = 0;
    }
    float *rest = (float *)(spans + pitch);
    *near = (LTK_FN(segment_fields)){rest, rest + pitch, rest + 2 * pitch, rest + 3 * pitch, rest + 4 * pitch,
                                     rest + 5 * pitch, rest + 6 * pitch};
    return (LTK_FN(capsule_fields)){ax, ay, bx, by, ux, uy, length, slope, spans};
}

/// `ltk_sweep_columns` at this level (see the header and the Swift `sweepColumns`).
///
/// Columns go in pairs where both have rows to draw: a column's work is one long chain (its
/// capsules in column form, the distances of its rows, their square roots, the blends) of some
/// 500 instructions, more than the processor looks ahead, so one column at a time left each
/// chain's latency exposed; two independent chains side by side overlap it (the 1080p
/// reference frame's four lines in a C driver, 0.30 -> 0.23 ms on a Zen 4 EPYC VM). Where
/// both columns' windows hold at most four capsules (a line with about a point per column
/// has two or three), the two are put in column form together, one vector of eight lanes
/// (the same driver, 0.212 -> 0.195 ms, the layout pass's 0.007 ms included); else each column
/// alone, one capsule at a time. Each pixel's operations are the same as one column at a time,
/// and two columns never store the same pixel, so the pixels are too.
///
/// No software prefetch: asking ahead for the next cache line of a column's rows gained 4 % of
/// the lines stage when it came (2026-12-01, an older sweep); with this one, on a Zen 4 EPYC
/// VM, the 1080p reference frame was faster without it (`Bench --section frame --no-peers`,
/// three sets of 5-7 alternating runs, the median run: 0.613 / 0.639 / 0.626 ms with it,
/// 0.604 / 0.620 / 0.613 without).
static void LTK_FN(sweep)(const ltk_capsule *capsules, intptr_t count, const ltk_pen *caller_pen, float *work) {
    // A local copy: the pixel stores (uint32_t) may alias the caller's pen (its colour and
    // opacity are uint32_t too), so each step reloaded its fields; a copy whose address never
    // escapes stays in registers (the same driver, AVX2 on Zen 3: −1.2 %).
    const ltk_pen pen_copy = *caller_pen;
    const ltk_pen *pen = &pen_copy;
    LTK_FN(segment_fields) near;
    const LTK_FN(capsule_fields) list = LTK_FN(sweep_layout)(capsules, count, work, &near);
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
    intptr_t col = LTK_FN(first_column)(capsules[0].ax, r);
    if (col < pen->first_column) col = pen->first_column;
    const float first_row = (float)pen->first_row;
    // The second column of a pair in column form (a wider window: the column goes alone), and
    // two columns of at most four capsules each.
    enum { PAIR_ROOM = 64 };
    float pair_work[7 * PAIR_ROOM], two_work[7 * 8];
    const LTK_FN(segment_fields) pair = {
        pair_work, pair_work + PAIR_ROOM, pair_work + 2 * PAIR_ROOM, pair_work + 3 * PAIR_ROOM,
        pair_work + 4 * PAIR_ROOM, pair_work + 5 * PAIR_ROOM, pair_work + 6 * PAIR_ROOM};
    const LTK_FN(segment_fields) two = {
        two_work, two_work + 8, two_work + 16, two_work + 24, two_work + 32, two_work + 40, two_work + 48};
    const LTK_FN(segment_fields) two_second = {
        two_work + 4, two_work + 12, two_work + 20, two_work + 28, two_work + 36, two_work + 44, two_work + 52};
    while (col < columns) {
        if (col + 1 < columns) {
            // Both columns' windows, and when each holds one to four capsules, both in column
            // form at once.
            const float xa = (float)col + 0.5f, xb = (float)(col + 1) + 0.5f;
            intptr_t lo1 = lo, hi1 = hi;
            LTK_FN(sweep_window)(&list, xa - r, xa + r, &lo1, &hi1);
            // The window is this column's whichever path draws it (the scalar one then scans
            // no further).
            lo = lo1;
            hi = hi1;
            const intptr_t n = hi1 - lo1;
            if (n > 0 && n <= 4) {
                intptr_t lo2 = lo1, hi2 = hi1;
                LTK_FN(sweep_window)(&list, xb - r, xb + r, &lo2, &hi2);
                const intptr_t n2 = hi2 - lo2;
                if (n2 > 0 && n2 <= 4) {
                    float extent[4];
                    LTK_FN(sweep_prepare_two)(&list, lo1, n, lo2, n2, col, r, &two, extent);
                    // No rows unless a column's span reaches the clip's (left as they are then).
                    intptr_t top = 0, bottom = -1, top2 = 0, bottom2 = -1;
                    (void)LTK_FN(sweep_row_span)(extent[0], extent[1], first_row, last_row, &top, &bottom);
                    (void)LTK_FN(sweep_row_span)(extent[2], extent[3], first_row, last_row, &top2, &bottom2);
                    LTK_FN(sweep_two_columns)(pen, &two, n, top, bottom, &two_second, n2, top2, bottom2, col, radius,
                                              radius_squared, refined, color_even, color_odd);
                    lo = lo2;
                    hi = hi2;
                    col += 2;
                    continue;
                }
            }
        }
        intptr_t segments, top, bottom, next;
        const int state = LTK_FN(sweep_prepare)(
            &list, count, col, r, first_row, last_row, &lo, &hi, &near, count, &segments, &top, &bottom, &next);
        if (state < 0) break;
        if (state == 2) {
            col = next;
            continue;
        }
        if (state == 0) {
            col++;
            continue;
        }
        intptr_t pair_lo = lo, pair_hi = hi, pair_segments = 0, pair_top = 0, pair_bottom = -1;
        if (col + 1 < columns
            && LTK_FN(sweep_prepare)(&list, count, col + 1, r, first_row, last_row, &pair_lo, &pair_hi, &pair, PAIR_ROOM,
                                     &pair_segments, &pair_top, &pair_bottom, &next) == 1)
        {
            LTK_FN(sweep_two_columns)(pen, &near, segments, top, bottom, &pair, pair_segments, pair_top, pair_bottom, col,
                                      radius, radius_squared, refined, color_even, color_odd);
            lo = pair_lo;
            hi = pair_hi;
            col += 2;
            continue;
        }
        // Alone (the next column has nothing to draw, or too many capsules for `pair`: it is
        // made ready again next, from this column's window).
        LTK_FN(sweep_rows)(pen, &near, segments, col, top, bottom, radius, radius_squared, refined, color_even, color_odd);
        col++;
    }
}

#undef F8
#undef I8
#undef U8
#undef U4
#undef H8
#undef F8U
#undef F4U
#undef I4U
