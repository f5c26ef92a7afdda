// The measure of an area's columns under a polyline (see the public header and the Swift
// reference, LiveTickerRender's `RasterScratch.measureAreaColumns`).
//
// Exactness: every value is computed with the Swift code's operations in its order, with
// `Swift.min(a, b)` as `b < a ? b : a` and `Swift.max(a, b)` as `b >= a ? b : a` (which keep the
// same operand on ties and NaN), and no contraction into fused multiply-adds.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CLiveTickerKernels.h"
#include "Finite.h"

static inline double ltk_dmin(double a, double b) { return b < a ? b : a; }
static inline double ltk_dmax(double a, double b) { return b >= a ? b : a; }
static inline float ltk_fmin(float a, float b) { return b < a ? b : a; }
static inline float ltk_fmax(float a, float b) { return b >= a ? b : a; }
static inline intptr_t ltk_imin(intptr_t a, intptr_t b) { return b < a ? b : a; }
static inline intptr_t ltk_imax(intptr_t a, intptr_t b) { return b >= a ? b : a; }

/// The Swift `ceilToInt` / `floorToInt` (|v| < 2⁶³: the callers' values are clamped).
static inline intptr_t ltk_ceil_int(double v) {
    const intptr_t i = (intptr_t)v;
    return (double)i < v ? i + 1 : i;
}
static inline intptr_t ltk_floor_int(double v) {
    const intptr_t i = (intptr_t)v;
    return (double)i > v ? i - 1 : i;
}

/// Where `ltk_area_columns` stands between segments: the columns touched so far.
typedef struct {
    intptr_t col_min, col_max;
} ltk_area_touched;

/// The Swift `clampY`: clip-relative, clamped just outside the clip.
static inline double ltk_clamp_y(double v, const ltk_area_frame *f) {
    return ltk_dmin(ltk_dmax(v - f->origin_y, -2), f->y_limit);
}

/// One segment `(px, py)–(x, y)` between finite points, as the Swift loop's body measures it.
static inline void ltk_area_segment(double px, double py, double x, double y, const ltk_area_frame *f, float *low,
                                    float *high, ltk_area_touched *touched) {
    const double ox = f->origin_x;
    // Column centres (c + 0.5, clip-relative) inside [min x, max x].
    const double xa = ltk_dmin(ltk_dmax(ltk_dmin(px, x) - ox, -2), f->x_limit);
    const double xb = ltk_dmin(ltk_dmax(ltk_dmax(px, x) - ox, -2), f->x_limit);
    const intptr_t first = ltk_imax(f->first_measured, ltk_ceil_int(xa - 0.5));
    const intptr_t last = ltk_imin(f->last_measured, ltk_floor_int(xb - 0.5));
    if (first > last) return;
    touched->col_min = ltk_imin(touched->col_min, first);
    touched->col_max = ltk_imax(touched->col_max, last);
    // Halved differences cannot overflow even for ±1.7e308.
    const double hdx = x * 0.5 - px * 0.5;
    for (intptr_t col = first; col <= last; col++) {
        double lo, hi;
        if (hdx == 0) {
            lo = ltk_clamp_y(ltk_dmin(py, y), f);
            hi = ltk_clamp_y(ltk_dmax(py, y), f);
        } else {
            const double t = ltk_dmin(ltk_dmax((((double)col + 0.5 + ox) * 0.5 - px * 0.5) / hdx, 0), 1);
            lo = ltk_clamp_y(py * (1 - t) + y * t, f);
            hi = lo;
        }
        low[col] = ltk_fmin(low[col], (float)ltk_dmin(lo, f->base));
        high[col] = ltk_fmax(high[col], (float)ltk_dmax(hi, f->base));
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Swift's `min(a, b)` (`b < a ? b : a`) and, for values that are not NaN, `max(a, b)`
/// (`b >= a ? b : a`), four lanes at once: `minpd` / `maxpd` return their second operand
/// unless the first is strictly beyond it.
#define LTK_VMIN(a, b) _mm256_min_pd((b), (a))
#define LTK_VMAX(a, b) _mm256_max_pd((a), (b))

/// `ltk_area_columns` at the AVX2 and AVX-512 levels: four segments a step put in column form
/// together (their first two columns' runs, every value with the scalar operations in their
/// order), then stored in order; a segment over more than two columns, a vertical one or one
/// beside a gap goes through the scalar body instead. Most segments of a line with a point or
/// so per column cover one column; whether they cover none, one or two is taken at random, so
/// both columns are stored whatever the count, one outside the segment storing +∞ / −∞ (no
/// change) into the first measured column.
__attribute__((target("avx2"))) static void ltk_avx2_area_columns(
    const double *xs, const double *ys, intptr_t n, const ltk_area_frame *f, float *low, float *high,
    ltk_area_touched *touched) {
    const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1), half = _mm256_set1_pd(0.5);
    const __m256d two = _mm256_set1_pd(-2), ox = _mm256_set1_pd(f->origin_x), oy = _mm256_set1_pd(f->origin_y);
    const __m256d x_limit = _mm256_set1_pd(f->x_limit), y_limit = _mm256_set1_pd(f->y_limit);
    const __m256d base = _mm256_set1_pd(f->base);
    const __m256d first_measured = _mm256_set1_pd((double)f->first_measured);
    const __m256d last_measured = _mm256_set1_pd((double)f->last_measured);
    const intptr_t fm = f->first_measured;
    intptr_t k = 1;  // segment k joins points k − 1 and k
    for (; k + 4 <= n; k += 4) {
        const __m256d px = _mm256_loadu_pd(xs + k - 1), x = _mm256_loadu_pd(xs + k);
        const __m256d py = _mm256_loadu_pd(ys + k - 1), y = _mm256_loadu_pd(ys + k);
        // Finite: v − v is 0 exactly then (NaN otherwise, which compares unequal).
        const __m256d finite = _mm256_and_pd(
            _mm256_and_pd(_mm256_cmp_pd(_mm256_sub_pd(px, px), zero, _CMP_EQ_OQ),
                          _mm256_cmp_pd(_mm256_sub_pd(x, x), zero, _CMP_EQ_OQ)),
            _mm256_and_pd(_mm256_cmp_pd(_mm256_sub_pd(py, py), zero, _CMP_EQ_OQ),
                          _mm256_cmp_pd(_mm256_sub_pd(y, y), zero, _CMP_EQ_OQ)));
        const int valid = _mm256_movemask_pd(finite);
        if (valid == 0) continue;
        const __m256d xa = LTK_VMIN(LTK_VMAX(_mm256_sub_pd(LTK_VMIN(px, x), ox), two), x_limit);
        const __m256d xb = LTK_VMIN(LTK_VMAX(_mm256_sub_pd(LTK_VMAX(px, x), ox), two), x_limit);
        // ⌈ ⌉ and ⌊ ⌋ of values clamped to a few pixels beyond the clip: the Swift
        // `ceilToInt` / `floorToInt`, exactly.
        const __m256d first = LTK_VMAX(first_measured, _mm256_round_pd(_mm256_sub_pd(xa, half), _MM_FROUND_TO_POS_INF));
        const __m256d last = LTK_VMIN(last_measured, _mm256_round_pd(_mm256_sub_pd(xb, half), _MM_FROUND_TO_NEG_INF));
        const __m256d hdx = _mm256_sub_pd(_mm256_mul_pd(x, half), _mm256_mul_pd(px, half));
        const __m256d slanted = _mm256_cmp_pd(hdx, zero, _CMP_NEQ_UQ);
        const __m256d narrow = _mm256_cmp_pd(_mm256_sub_pd(last, first), one, _CMP_LE_OQ);
        const int simple = _mm256_movemask_pd(_mm256_and_pd(_mm256_and_pd(finite, slanted), narrow));
        // Both columns' heights: t, the height there, clamped, then the run to the baseline.
        const __m256d pxh = _mm256_mul_pd(px, half);
        const __m256d second = _mm256_add_pd(first, one);
        __m256d t0 = _mm256_div_pd(_mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_add_pd(first, half), ox), half), pxh), hdx);
        __m256d t1 = _mm256_div_pd(_mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_add_pd(second, half), ox), half), pxh), hdx);
        t0 = LTK_VMIN(LTK_VMAX(t0, zero), one);
        t1 = LTK_VMIN(LTK_VMAX(t1, zero), one);
        __m256d v0 = _mm256_add_pd(_mm256_mul_pd(py, _mm256_sub_pd(one, t0)), _mm256_mul_pd(y, t0));
        __m256d v1 = _mm256_add_pd(_mm256_mul_pd(py, _mm256_sub_pd(one, t1)), _mm256_mul_pd(y, t1));
        v0 = LTK_VMIN(LTK_VMAX(_mm256_sub_pd(v0, oy), two), y_limit);
        v1 = LTK_VMIN(LTK_VMAX(_mm256_sub_pd(v1, oy), two), y_limit);
        float low0[4], high0[4], low1[4], high1[4];
        _mm_storeu_ps(low0, _mm256_cvtpd_ps(LTK_VMIN(v0, base)));
        _mm_storeu_ps(high0, _mm256_cvtpd_ps(LTK_VMAX(v0, base)));
        _mm_storeu_ps(low1, _mm256_cvtpd_ps(LTK_VMIN(v1, base)));
        _mm_storeu_ps(high1, _mm256_cvtpd_ps(LTK_VMAX(v1, base)));
        int32_t firsts[4], lasts[4];
        _mm_storeu_si128((__m128i *)firsts, _mm256_cvttpd_epi32(first));
        _mm_storeu_si128((__m128i *)lasts, _mm256_cvttpd_epi32(last));
        for (int lane = 0; lane < 4; lane++) {
            if (!((valid >> lane) & 1)) continue;
            if (!((simple >> lane) & 1)) {
                ltk_area_segment(xs[k + lane - 1], ys[k + lane - 1], xs[k + lane], ys[k + lane], f, low, high, touched);
                continue;
            }
            const intptr_t a = firsts[lane], b = lasts[lane];
            const bool covers = a <= b, both = a + 1 <= b;
            touched->col_min = covers ? ltk_imin(touched->col_min, a) : touched->col_min;
            touched->col_max = covers ? ltk_imax(touched->col_max, b) : touched->col_max;
            const intptr_t at0 = covers ? a : fm, at1 = both ? a + 1 : fm;
            low[at0] = ltk_fmin(low[at0], covers ? low0[lane] : __builtin_inff());
            high[at0] = ltk_fmax(high[at0], covers ? high0[lane] : -__builtin_inff());
            low[at1] = ltk_fmin(low[at1], both ? low1[lane] : __builtin_inff());
            high[at1] = ltk_fmax(high[at1], both ? high1[lane] : -__builtin_inff());
        }
    }
    for (; k < n; k++) {
        const double px = xs[k - 1], py = ys[k - 1], x = xs[k], y = ys[k];
        if (ltk_finite(px) && ltk_finite(py) && ltk_finite(x) && ltk_finite(y))
            ltk_area_segment(px, py, x, y, f, low, high, touched);
    }
}
#endif

bool ltk_area_columns(int level, const double *xs, const double *ys, intptr_t n, const ltk_area_frame *frame,
                      float *low, float *high, intptr_t *touched_min, intptr_t *touched_max) {
#if defined(__x86_64__)
    if (level != LTK_LEVEL_AVX2 && level != LTK_LEVEL_AVX512) return false;  // the Swift loop runs
    ltk_area_touched touched = {INTPTR_MAX, INTPTR_MIN};
    ltk_avx2_area_columns(xs, ys, n, frame, low, high, &touched);
    *touched_min = touched.col_min;
    *touched_max = touched.col_max;
    return true;
#else
    (void)level; (void)xs; (void)ys; (void)n; (void)frame; (void)low; (void)high; (void)touched_min; (void)touched_max;
    return false;
#endif
}

/// Links column `column`'s run (its whole interior rows `top ..< end`, its fractional ends'
/// rows and opacities, −1 for none) into the lists, as the Swift `linkAreaInteriors` does.
static inline void ltk_area_link_column(intptr_t column, intptr_t top, intptr_t end, intptr_t upper_row,
                                        uint32_t upper_alpha, intptr_t lower_row, uint32_t lower_alpha,
                                        intptr_t window_lo, intptr_t window_hi, const ltk_area_lists *lists,
                                        intptr_t *row_min, intptr_t *row_max) {
    if (lists->edge_head) {
        if (upper_row >= 0 && upper_alpha != 0 && upper_row >= window_lo && upper_row < window_hi) {
            const int32_t node = (int32_t)(column * 2);
            lists->edge_alpha[node] = (uint8_t)upper_alpha;
            lists->edge_next[node] = lists->edge_head[upper_row];
            lists->edge_head[upper_row] = node;
        }
        if (lower_row >= 0 && lower_alpha != 0 && lower_row >= window_lo && lower_row < window_hi) {
            const int32_t node = (int32_t)(column * 2 + 1);
            lists->edge_alpha[node] = (uint8_t)lower_alpha;
            lists->edge_next[node] = lists->edge_head[lower_row];
            lists->edge_head[lower_row] = node;
        }
    }
    const intptr_t first = ltk_imax(top, window_lo), last = ltk_imin(end, window_hi);
    if (first >= last) return;
    lists->enter_next[column] = lists->enter_head[first];
    lists->enter_head[first] = (int32_t)column;
    lists->leave_next[column] = lists->leave_head[last];
    lists->leave_head[last] = (int32_t)column;
    *row_min = ltk_imin(*row_min, first);
    *row_max = ltk_imax(*row_max, last);
}

/// One column's run as the Swift `areaRun` and `forEachEnd` make it, then linked.
static inline void ltk_area_link_scalar(intptr_t column, const float *low, const float *high, intptr_t rows,
                                        float alpha, intptr_t window_lo, intptr_t window_hi,
                                        const ltk_area_lists *lists, intptr_t *row_min, intptr_t *row_max) {
    const float lo = ltk_fmax(low[column], 0), hi = ltk_fmin(high[column], (float)rows);
    if (!(lo < hi)) return;
    const intptr_t lo_row = (intptr_t)lo, hi_row = (intptr_t)hi;
    intptr_t top, end, upper_row = -1, lower_row = -1;
    float upper = 0, lower = 0;
    if (lo_row == hi_row || (lo_row + 1 == hi_row && (float)hi_row == hi)) {
        top = end = upper_row = lo_row;
        upper = hi - lo;
    } else {
        const bool fractional_top = (float)lo_row != lo;
        if (fractional_top) {
            upper_row = lo_row;
            upper = (float)(lo_row + 1) - lo;
        }
        if (hi_row < rows && (float)hi_row != hi) {
            lower_row = hi_row;
            lower = hi - (float)hi_row;
        }
        top = fractional_top ? lo_row + 1 : lo_row;
        end = hi_row;
    }
    ltk_area_link_column(column, top, end, upper_row, (uint32_t)(upper * alpha + 0.5f), lower_row,
                         (uint32_t)(lower * alpha + 0.5f), window_lo, window_hi, lists, row_min, row_max);
}

#if defined(__x86_64__)
/// `ltk_area_link` at the AVX2 and AVX-512 levels: eight columns' runs a step (each lane with
/// the scalar operations), then linked in column order.
__attribute__((target("avx2"))) static void ltk_avx2_area_link(
    const float *low, const float *high, intptr_t first_column, intptr_t last_column, intptr_t rows, float alpha,
    intptr_t window_lo, intptr_t window_hi, const ltk_area_lists *lists, intptr_t *row_min, intptr_t *row_max) {
    const __m256 zero = _mm256_setzero_ps(), rows_f = _mm256_set1_ps((float)rows);
    const __m256 alpha_f = _mm256_set1_ps(alpha), half = _mm256_set1_ps(0.5f);
    const __m256i one = _mm256_set1_epi32(1), none = _mm256_set1_epi32(-1), rows_i = _mm256_set1_epi32((int)rows);
    intptr_t c = first_column;
    for (; c + 8 <= last_column + 1; c += 8) {
        // Swift's max(low, 0) and min(high, rows): `maxps` / `minps` return their second
        // operand unless the first is strictly beyond it (no NaN reaches here).
        const __m256 lo = _mm256_max_ps(_mm256_loadu_ps(low + c), zero);
        const __m256 hi = _mm256_min_ps(rows_f, _mm256_loadu_ps(high + c));
        const int valid = _mm256_movemask_ps(_mm256_cmp_ps(lo, hi, _CMP_LT_OQ));
        if (valid == 0) continue;
        const __m256i lo_row = _mm256_cvttps_epi32(lo), hi_row = _mm256_cvttps_epi32(hi);
        const __m256 lo_row_f = _mm256_cvtepi32_ps(lo_row), hi_row_f = _mm256_cvtepi32_ps(hi_row);
        const __m256i lo_next = _mm256_add_epi32(lo_row, one);
        const __m256i single = _mm256_or_si256(
            _mm256_cmpeq_epi32(lo_row, hi_row),
            _mm256_and_si256(_mm256_cmpeq_epi32(lo_next, hi_row), _mm256_castps_si256(_mm256_cmp_ps(hi_row_f, hi, _CMP_EQ_OQ))));
        const __m256i fractional_top = _mm256_castps_si256(_mm256_cmp_ps(lo_row_f, lo, _CMP_NEQ_UQ));
        const __m256i has_lower = _mm256_andnot_si256(
            single, _mm256_and_si256(_mm256_cmpgt_epi32(rows_i, hi_row), _mm256_castps_si256(_mm256_cmp_ps(hi_row_f, hi, _CMP_NEQ_UQ))));
        // The upper end: the whole run inside one pixel, else the fractional top.
        const __m256 upper = _mm256_blendv_ps(
            _mm256_and_ps(_mm256_castsi256_ps(fractional_top), _mm256_sub_ps(_mm256_cvtepi32_ps(lo_next), lo)),
            _mm256_sub_ps(hi, lo), _mm256_castsi256_ps(single));
        const __m256i upper_row = _mm256_blendv_epi8(
            _mm256_blendv_epi8(none, lo_row, fractional_top), lo_row, single);
        const __m256 lower = _mm256_and_ps(_mm256_castsi256_ps(has_lower), _mm256_sub_ps(hi, hi_row_f));
        const __m256i lower_row = _mm256_blendv_epi8(none, hi_row, has_lower);
        const __m256i top = _mm256_blendv_epi8(_mm256_blendv_epi8(lo_row, lo_next, fractional_top), lo_row, single);
        const __m256i end = _mm256_blendv_epi8(hi_row, lo_row, single);
        const __m256i upper_alpha = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(upper, alpha_f), half));
        const __m256i lower_alpha = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(lower, alpha_f), half));
        int32_t tops[8], ends[8], upper_rows[8], lower_rows[8], upper_alphas[8], lower_alphas[8];
        _mm256_storeu_si256((__m256i *)tops, top);
        _mm256_storeu_si256((__m256i *)ends, end);
        _mm256_storeu_si256((__m256i *)upper_rows, upper_row);
        _mm256_storeu_si256((__m256i *)lower_rows, lower_row);
        _mm256_storeu_si256((__m256i *)upper_alphas, upper_alpha);
        _mm256_storeu_si256((__m256i *)lower_alphas, lower_alpha);
        for (int lane = 0; lane < 8; lane++) {
            if (!((valid >> lane) & 1)) continue;
            ltk_area_link_column(c + lane, tops[lane], ends[lane], upper_rows[lane], (uint32_t)upper_alphas[lane],
                                 lower_rows[lane], (uint32_t)lower_alphas[lane], window_lo, window_hi, lists, row_min,
                                 row_max);
        }
    }
    for (; c <= last_column; c++)
        ltk_area_link_scalar(c, low, high, rows, alpha, window_lo, window_hi, lists, row_min, row_max);
}
#endif

bool ltk_area_link(int level, const float *low, const float *high, intptr_t first_column, intptr_t last_column,
                   intptr_t rows, uint32_t alpha, intptr_t window_lo, intptr_t window_hi, const ltk_area_lists *lists,
                   intptr_t *row_min, intptr_t *row_max) {
#if defined(__x86_64__)
    if (level != LTK_LEVEL_AVX2 && level != LTK_LEVEL_AVX512) return false;  // the Swift loop runs
    intptr_t low_row = INTPTR_MAX, high_row = INTPTR_MIN;
    ltk_avx2_area_link(low, high, first_column, last_column, rows, (float)alpha, window_lo, window_hi, lists, &low_row,
                       &high_row);
    *row_min = low_row;
    *row_max = high_row;
    return true;
#else
    (void)level; (void)low; (void)high; (void)first_column; (void)last_column; (void)rows; (void)alpha;
    (void)window_lo; (void)window_hi; (void)lists; (void)row_min; (void)row_max;
    return false;
#endif
}
