// Dispatch and per-level builds of the kernels in KernelBody.h (see the public header).
//
// Exactness: contraction of a·b + c into one fused multiply-add rounds once instead of twice and
// would change which area is largest; it is off for the whole file, and the AVX2 level does not
// even enable the FMA instructions.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CLiveTickerKernels.h"
#include "Finite.h"

#include <stdlib.h>
#include <string.h>

/// The plain scan `ltk_extremes` promises, for ranges shorter than one block.
static bool ltk_extremes_scalar(const double *y, const double *x, intptr_t lo, intptr_t hi,
                                intptr_t *min_index, intptr_t *max_index) {
    double low = y[lo], high = y[lo], check = 0;
    intptr_t at_low = lo, at_high = lo;
    for (intptr_t i = lo; i < hi; i++) {
        const double v = y[i];
        check += v - v;
        if (v < low) { low = v; at_low = i; }
        if (v > high) { high = v; at_high = i; }
        if (x) check += x[i] - x[i];
    }
    *min_index = at_low;
    *max_index = at_high;
    return check == 0;
}

/// Writes one bucket's picks (MinMax: min and max in index order; M4: first, min, max, last),
/// duplicates collapsed, and returns the count written. Shared by every level.
static inline __attribute__((always_inline)) intptr_t ltk_emit(
    bool m4, intptr_t start, intptr_t end, intptr_t low, intptr_t high, intptr_t *out) {
    const intptr_t first = low < high ? low : high, second = low < high ? high : low;
    intptr_t w = 0;
    if (m4) {
        out[w++] = start;
        if (first != start) out[w++] = first;
        if (second != first) out[w++] = second;
        if (end - 1 != second) out[w++] = end - 1;
    } else {
        out[w++] = first;
        if (second != first) out[w++] = second;
    }
    return w;
}

/// EvenSplit: the ends `lo + ⌊n·k/count⌋` (k = 1…count) of `count` equal-count buckets of
/// `lo ..< lo + n`, with additions only (the Swift path's boundaries exactly). Shared by every
/// level.
typedef struct {
    intptr_t quotient, step, count, remainder, end;
} ltk_split;

static inline __attribute__((always_inline)) ltk_split ltk_split_make(intptr_t lo, intptr_t n, intptr_t count) {
    return (ltk_split){.quotient = n / count, .step = n % count, .count = count, .remainder = 0, .end = lo};
}

/// The next bucket's end.
static inline __attribute__((always_inline)) intptr_t ltk_split_next(ltk_split *split) {
    split->end += split->quotient;
    split->remainder += split->step;
    if (split->remainder >= split->count) {
        split->remainder -= split->count;
        split->end += 1;
    }
    return split->end;
}

/// `ltk_bucket_extremes` over the plain scan (levels without a vector build).
static intptr_t ltk_scalar_buckets(const double *y, const double *x, intptr_t lo, intptr_t n, intptr_t count,
                                   bool m4, bool check, intptr_t *out) {
    ltk_split split = ltk_split_make(lo, n, count);
    intptr_t start = lo, w = 0;
    for (intptr_t k = 0; k < count; k++) {
        const intptr_t end = ltk_split_next(&split);
        if (end <= start) continue;
        intptr_t low, high;
        const bool finite = ltk_extremes_scalar(y, check ? x : NULL, start, end, &low, &high);
        if (check && !finite) return -1;
        w += ltk_emit(m4, start, end, low, high, out + w);
        start = end;
    }
    return w;
}

/// `ltk_read_sum` below the vector levels: four plain sums side by side.
static double ltk_read_sum_scalar(const double *y, intptr_t n) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    intptr_t j = 0;
    for (; j + 4 <= n; j += 4) {
        s0 += y[j];
        s1 += y[j + 1];
        s2 += y[j + 2];
        s3 += y[j + 3];
    }
    for (; j < n; j++) s0 += y[j];
    return (s0 + s1) + (s2 + s3);
}

// The sweep's layout pass reads eight capsules at a 36-byte pitch (SweepBody.h).
_Static_assert(sizeof(ltk_capsule) == 36, "ltk_capsule is eight floats and a flag, 36 bytes");

/// Floats in each of the sweep's per-capsule arrays (``ltk_sweep_work_bytes``): the capsules
/// plus eight lanes of padding, rounded up to whole vectors.
static inline intptr_t ltk_sweep_pitch(intptr_t count) { return (count + 8 + 7) & ~(intptr_t)7; }

intptr_t ltk_sweep_work_bytes(intptr_t count) {
    // Nine capsule arrays (eight fields and the spans flags) and seven column-form arrays.
    return 16 * ltk_sweep_pitch(count < 0 ? 0 : count) * (intptr_t)sizeof(float);
}

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

// MARK: AVX2 (4 lanes of f64, 256-bit)
#pragma clang attribute push(__attribute__((target("avx2,popcnt,bmi,bmi2"))), apply_to = function)
#define LTK_W 4
// Ranges under one block (16 values) take the plain scan: with AVX2's three-instruction
// selects the four-lane narrow scan was slower than it on 7- and 13-value buckets (min of 300
// calls over 10⁵ values on a 2-core AVX-512 Xeon VM), and 16 values already fill a block.
#define LTK_NARROW_FROM 16
#define LTK_FN(name) ltk_avx2_##name
#define LTK_MOVEMASK(m) ((unsigned)_mm256_movemask_pd((__m256d)(m)))
#include "KernelBody.h"
#include "SweepBody.h"
#include "CapsuleBody.h"
#undef LTK_W
#undef LTK_NARROW_FROM
#undef LTK_FN
#undef LTK_MOVEMASK
#pragma clang attribute pop

/// `ltk_fill_words` at the AVX2 and AVX-512 levels: two 256-bit stores a step, unaligned (a
/// run starts at any column), then the last few words one at a time.
__attribute__((target("avx2"))) static void ltk_avx2_fill(uint32_t *words, uint32_t value, intptr_t count) {
    const __m256i v = _mm256_set1_epi32((int)value);
    intptr_t i = 0;
    for (; i + 16 <= count; i += 16) {
        _mm256_storeu_si256((__m256i *)(words + i), v);
        _mm256_storeu_si256((__m256i *)(words + i + 8), v);
    }
    if (i + 8 <= count) {
        _mm256_storeu_si256((__m256i *)(words + i), v);
        i += 8;
    }
    for (; i < count; i++) words[i] = value;
}

/// Column `c`'s pixel of `ltk_fill_selecting`: `tint` where its bit is set, else `base`.
static inline uint32_t ltk_selected_pixel(const uint64_t *bits, intptr_t c, uint32_t base, uint32_t tint) {
    return (bits[c >> 6] >> (c & 63)) & 1 ? tint : base;
}

/// `ltk_fill_selecting` at the AVX2 level: a whole word of the bitset that is all clear or all
/// set is a run of one colour (eight 256-bit stores); elsewhere eight pixels a step, their byte
/// of the bitset spread to a lane mask.
__attribute__((target("avx2"))) static void ltk_avx2_fill_selecting(
    uint32_t *row, intptr_t from, intptr_t to, intptr_t selected, const uint64_t *bits, uint32_t base, uint32_t tint) {
    const __m256i b = _mm256_set1_epi32((int)base), t = _mm256_set1_epi32((int)tint);
    const __m256i lanes = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    intptr_t c = from;
    for (; c < selected && (c & 7) != 0; c++) row[c] = ltk_selected_pixel(bits, c, base, tint);
    while (c + 8 <= selected) {
        const uint64_t w = bits[c >> 6];
        if ((c & 63) == 0 && c + 64 <= selected && (w == 0 || w == ~(uint64_t)0)) {
            const __m256i v = w == 0 ? b : t;
            for (int k = 0; k < 64; k += 8) _mm256_storeu_si256((__m256i *)(row + c + k), v);
            c += 64;
            continue;
        }
        const int byte = (int)((w >> (c & 63)) & 0xFF);
        const __m256i m = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(byte), lanes), lanes);
        _mm256_storeu_si256((__m256i *)(row + c), _mm256_blendv_epi8(b, t, m));
        c += 8;
    }
    for (; c < selected; c++) row[c] = ltk_selected_pixel(bits, c, base, tint);
    if (c < to) ltk_avx2_fill(row + c, base, to - c);
}

// MARK: AVX-512 (8 lanes of f64, 512-bit)
#pragma clang attribute push(__attribute__((target("avx512f,avx512dq,avx512bw,avx512vl,avx2,popcnt,bmi,bmi2"))), apply_to = function)
#define LTK_W 8
// A block is 32 values here, so MinMaxLTTB's preselection at 10⁵ → 1920 (26-value buckets)
// fell to the plain scan: 158 µs against AVX2's 115 (same machine). The four-lane narrow
// scan, with AVX-512's mask selects, takes 91 µs there and 111 µs (against 153) on 13-value
// buckets.
#define LTK_NARROW_FROM 4
#define LTK_FN(name) ltk_avx512_##name
#define LTK_MOVEMASK(m) ((unsigned)_mm512_test_epi64_mask((__m512i)(m), (__m512i)(m)))
#include "KernelBody.h"
// The sweep keeps eight rows per vector here too (256-bit, with AVX-512VL's encodings): its
// steps of eight rows are what the reference's pixels are decided by.
#include "SweepBody.h"
#include "CapsuleBody.h"
#undef LTK_W
#undef LTK_NARROW_FROM
#undef LTK_FN
#undef LTK_MOVEMASK
#pragma clang attribute pop

/// The sixteen columns from `step` (a multiple of 16) of `ltk_fill_selecting` at the AVX-512
/// level, only those inside `from ..< selected` stored: each picked by its bit as an opmask.
__attribute__((target("avx512f,avx512bw,avx512vl,avx2"))) static inline void ltk_avx512_select_step(
    uint32_t *row, intptr_t step, intptr_t from, intptr_t selected, const uint64_t *bits, __m512i b, __m512i t) {
    const __m512i v = _mm512_mask_blend_epi32((__mmask16)(bits[step >> 6] >> (step & 63)), b, t);
    const unsigned first = step < from ? (unsigned)(from - step) : 0;
    const unsigned end = selected - step < 16 ? (unsigned)(selected - step) : 16;
    _mm512_mask_storeu_epi32(row + step, (__mmask16)(((1u << end) - 1) & ~((1u << first) - 1)), v);
}

/// `ltk_fill_selecting` at the AVX-512 level: sixteen pixels a step (one 64-byte store), each
/// picked by its bit of the bitset as an opmask, with no branch on the bits: a mixed word
/// costs what a run of one colour does. The steps at the ends store only their own lanes.
__attribute__((target("avx512f,avx512bw,avx512vl,avx2"))) static void ltk_avx512_fill_selecting(
    uint32_t *row, intptr_t from, intptr_t to, intptr_t selected, const uint64_t *bits, uint32_t base, uint32_t tint) {
    const __m512i b = _mm512_set1_epi32((int)base), t = _mm512_set1_epi32((int)tint);
    // Steps of sixteen columns up to a word's start, whole words, then the steps left; none
    // when no selected column is in the run (the bitset holds no words past `selected`).
    intptr_t step = from < selected ? from & ~(intptr_t)15 : selected;
    for (; step < selected && ((step & 63) != 0 || step < from); step += 16)
        ltk_avx512_select_step(row, step, from, selected, bits, b, t);
    for (; step + 64 <= selected; step += 64) {
        const uint64_t w = bits[step >> 6];
        _mm512_storeu_si512(row + step, _mm512_mask_blend_epi32((__mmask16)w, b, t));
        _mm512_storeu_si512(row + step + 16, _mm512_mask_blend_epi32((__mmask16)(w >> 16), b, t));
        _mm512_storeu_si512(row + step + 32, _mm512_mask_blend_epi32((__mmask16)(w >> 32), b, t));
        _mm512_storeu_si512(row + step + 48, _mm512_mask_blend_epi32((__mmask16)(w >> 48), b, t));
    }
    for (; step < selected; step += 16) ltk_avx512_select_step(row, step, from, selected, bits, b, t);
    intptr_t c = selected;
    for (; c + 16 <= to; c += 16) _mm512_storeu_si512(row + c, b);
    if (c < to) _mm512_mask_storeu_epi32(row + c, (__mmask16)((1u << (to - c)) - 1), b);
}

/// XCR0: which register states the operating system saves on a context switch.
static uint64_t ltk_xcr0(void) {
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}

int ltk_level_supported(int level) {
    if (level == LTK_LEVEL_BASELINE) return 1;
    if (level != LTK_LEVEL_AVX2 && level != LTK_LEVEL_AVX512) return 0;
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const bool osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (!osxsave || !avx) return 0;
    const uint64_t xcr0 = ltk_xcr0();
    if ((xcr0 & 0x6) != 0x6) return 0;  // SSE and AVX (YMM) state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    const bool avx2 = (b >> 5) & 1, bmi1 = (b >> 3) & 1, bmi2 = (b >> 8) & 1;
    if (!avx2 || !bmi1 || !bmi2) return 0;
    if (level == LTK_LEVEL_AVX2) return 1;
    const bool f = (b >> 16) & 1, dq = (b >> 17) & 1, bw = (b >> 30) & 1, vl = (b >> 31) & 1;
    if (!(f && dq && bw && vl)) return 0;
    return (xcr0 & 0xE0) == 0xE0;  // opmask, upper ZMM0–15, ZMM16–31 state
}

/// Whether the CPU has AVX-512 VBMI2 (CPUID leaf 7, ECX bit 6), on top of the AVX-512 level.
static int ltk_vbmi2_supported(void) {
    unsigned a, b, c, d;
    return ltk_level_supported(LTK_LEVEL_AVX512) && __get_cpuid_count(7, 0, &a, &b, &c, &d) && ((c >> 6) & 1);
}

bool ltk_extremes(int level, const double *y, const double *x, intptr_t lo, intptr_t hi,
                  intptr_t *min_index, intptr_t *max_index) {
    const bool prefetch = ltk_read_way(level, hi - lo) == LTK_READ_AHEAD;
    if (level == LTK_LEVEL_AVX512) return ltk_avx512_extremes(y, x, lo, hi, prefetch, min_index, max_index);
    if (level == LTK_LEVEL_AVX2) return ltk_avx2_extremes(y, x, lo, hi, prefetch, min_index, max_index);
    return ltk_extremes_scalar(y, x, lo, hi, min_index, max_index);
}

intptr_t ltk_bucket_extremes_read(int level, int way, const double *y, const double *x, intptr_t lo, intptr_t n,
                                  intptr_t count, bool m4, bool check, intptr_t *out) {
    const bool vector = level == LTK_LEVEL_AVX512 || level == LTK_LEVEL_AVX2;
    const bool prefetch = way == LTK_READ_AHEAD;
    if (vector && way == LTK_READ_NARROW) return ltk_avx2_buckets(y, x, lo, n, count, m4, check, false, out);
    if (level == LTK_LEVEL_AVX512) return ltk_avx512_buckets(y, x, lo, n, count, m4, check, prefetch, out);
    if (level == LTK_LEVEL_AVX2) return ltk_avx2_buckets(y, x, lo, n, count, m4, check, prefetch, out);
    return ltk_scalar_buckets(y, x, lo, n, count, m4, check, out);
}

double ltk_read_sum_read(int level, int way, const double *y, intptr_t n) {
    const bool vector = level == LTK_LEVEL_AVX512 || level == LTK_LEVEL_AVX2;
    const bool prefetch = way == LTK_READ_AHEAD;
    if (vector && way == LTK_READ_NARROW) return ltk_avx2_read_sum(y, n, false);
    if (level == LTK_LEVEL_AVX512) return ltk_avx512_read_sum(y, n, prefetch);
    if (level == LTK_LEVEL_AVX2) return ltk_avx2_read_sum(y, n, prefetch);
    return ltk_read_sum_scalar(y, n);
}

/// Whether this CPU is a Zen 4: AMD, family 19h (base 0Fh + extended 0Ah), with AVX-512 (which
/// Zen 3, the same family, lacks). A Zen 4's bucket scans run faster at every size without the
/// software prefetch, at the level's own width: MinMax and M4 → 1920 over 10⁵, 10⁶, 6·10⁶ and
/// 10⁷ values (huge pages), each way timed in turn per round, 60–80 rounds, median of the
/// per-round times over the fastest read: at 10⁷ MinMax 1.19–1.20 → 1.03–1.04 times the read,
/// M4 1.08–1.11 → 0.95–0.99; at 10⁶ MinMax 1.86 → 1.65, M4 1.69–1.72 → 1.54; at 10⁵ 8–12 %
/// faster (a C driver over this file, 2-core EPYC VM). Inside the caches the prefetches are
/// only instructions; past them a Zen 4's own prefetchers keep up, and the loop without them
/// keeps more loads in flight. (The 256-bit read, `LTK_READ_NARROW`, which was this CPU's way
/// past 8 M values before the scan's block starts became one add, is 0–10 % behind at 10⁷ and
/// 10–18 % at 10⁶.) On a Zen 5 the prefetch is what reaches the memory's rate at 10⁷ (3.8 →
/// 5.5 G values/s), so other CPUs keep it.
static int ltk_is_zen4(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return 0;
    const bool amd = b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163;  // "AuthenticAMD"
    if (!amd || !__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned family = ((a >> 8) & 0xF) + ((a >> 20) & 0xFF);
    return family == 0x19 && ltk_level_supported(LTK_LEVEL_AVX512);
}

bool ltk_lttb(int level, const double *y, const double *x, intptr_t n, intptr_t m, intptr_t *out) {
    if (level == LTK_LEVEL_AVX512) return ltk_avx512_lttb(y, x, n, m, out);
    if (level == LTK_LEVEL_AVX2) return ltk_avx2_lttb(y, x, n, m, out);
    return false;  // baseline: the Swift kernel runs instead
}

bool ltk_sweep_columns(int level, const ltk_capsule *list, intptr_t count, const ltk_pen *pen, void *work) {
    if (count <= 0) return true;
    if (level == LTK_LEVEL_AVX512) {
        ltk_avx512_sweep(list, count, pen, work);
        return true;
    }
    if (level == LTK_LEVEL_AVX2) {
        ltk_avx2_sweep(list, count, pen, work);
        return true;
    }
    return false;  // baseline: the Swift sweep runs instead
}

intptr_t ltk_inside_capsules(int level, const double *xs, const double *ys, intptr_t n, const ltk_stroke_box *box,
                             ltk_capsule *out, intptr_t room, const ltk_capsule *previous, bool *forwards,
                             bool *backwards) {
    if (level == LTK_LEVEL_AVX512)
        return ltk_avx512_capsules(xs, ys, n, box, out, room, previous, forwards, backwards);
    if (level == LTK_LEVEL_AVX2) return ltk_avx2_capsules(xs, ys, n, box, out, room, previous, forwards, backwards);
    return 0;  // baseline: the Swift capsules are made instead
}

bool ltk_fill_words(int level, uint32_t *words, uint32_t value, intptr_t count) {
    if (level != LTK_LEVEL_AVX2 && level != LTK_LEVEL_AVX512) return false;  // the Swift fill runs
    ltk_avx2_fill(words, value, count);
    return true;
}

bool ltk_fill_selecting(int level, uint32_t *row, intptr_t from, intptr_t to, const uint64_t *bits, intptr_t words,
                        uint32_t base, uint32_t tint) {
    if (level != LTK_LEVEL_AVX2 && level != LTK_LEVEL_AVX512) return false;  // the Swift row loop runs
    if (from >= to) return true;
    // The columns the bitset holds, cut to the run; past them every pixel is `base`.
    const intptr_t selected = words * 64 < to ? (words * 64 > from ? words * 64 : from) : to;
    if (level == LTK_LEVEL_AVX512) ltk_avx512_fill_selecting(row, from, to, selected, bits, base, tint);
    else ltk_avx2_fill_selecting(row, from, to, selected, bits, base, tint);
    return true;
}

#else  // not x86-64: only the baseline (the Swift code) exists.

int ltk_level_supported(int level) { return level == LTK_LEVEL_BASELINE; }

static int ltk_vbmi2_supported(void) { return 0; }

bool ltk_extremes(int level, const double *y, const double *x, intptr_t lo, intptr_t hi,
                  intptr_t *min_index, intptr_t *max_index) {
    (void)level;
    return ltk_extremes_scalar(y, x, lo, hi, min_index, max_index);
}

intptr_t ltk_bucket_extremes_read(int level, int way, const double *y, const double *x, intptr_t lo, intptr_t n,
                                  intptr_t count, bool m4, bool check, intptr_t *out) {
    (void)level; (void)way;
    return ltk_scalar_buckets(y, x, lo, n, count, m4, check, out);
}

double ltk_read_sum_read(int level, int way, const double *y, intptr_t n) {
    (void)level; (void)way;
    return ltk_read_sum_scalar(y, n);
}

static int ltk_is_zen4(void) { return 0; }

bool ltk_lttb(int level, const double *y, const double *x, intptr_t n, intptr_t m, intptr_t *out) {
    (void)level; (void)y; (void)x; (void)n; (void)m; (void)out;
    return false;
}

bool ltk_sweep_columns(int level, const ltk_capsule *list, intptr_t count, const ltk_pen *pen, void *work) {
    (void)level; (void)list; (void)count; (void)pen; (void)work;
    return false;
}

intptr_t ltk_inside_capsules(int level, const double *xs, const double *ys, intptr_t n, const ltk_stroke_box *box,
                             ltk_capsule *out, intptr_t room, const ltk_capsule *previous, bool *forwards,
                             bool *backwards) {
    (void)level; (void)xs; (void)ys; (void)n; (void)box; (void)out; (void)room;
    (void)previous; (void)forwards; (void)backwards;
    return 0;
}

bool ltk_fill_words(int level, uint32_t *words, uint32_t value, intptr_t count) {
    (void)level; (void)words; (void)value; (void)count;
    return false;
}

bool ltk_fill_selecting(int level, uint32_t *row, intptr_t from, intptr_t to, const uint64_t *bits, intptr_t words,
                        uint32_t base, uint32_t tint) {
    (void)level; (void)row; (void)from; (void)to; (void)bits; (void)words; (void)base; (void)tint;
    return false;
}

#endif

int ltk_level_select(int *requested) {
    int wanted = -1;
    const char *name = getenv("LIVETICKER_SIMD");
    if (name) {
        if (strcmp(name, "sse2") == 0 || strcmp(name, "baseline") == 0) wanted = LTK_LEVEL_BASELINE;
        else if (strcmp(name, "avx2") == 0) wanted = LTK_LEVEL_AVX2;
        else if (strcmp(name, "avx512") == 0) wanted = LTK_LEVEL_AVX512;
    }
    if (requested) *requested = wanted;
    if (wanted >= 0 && ltk_level_supported(wanted)) return wanted;
    if (ltk_level_supported(LTK_LEVEL_AVX512)) return LTK_LEVEL_AVX512;
    if (ltk_level_supported(LTK_LEVEL_AVX2)) return LTK_LEVEL_AVX2;
    return LTK_LEVEL_BASELINE;
}

/// `*slot`, set to `ask()` on the first call (-1: not asked yet): CPUID is asked once per
/// process. Relaxed atomics: every thread that races computes the same answer.
static int ltk_ask_once(int *slot, int (*ask)(void)) {
    int answer = __atomic_load_n(slot, __ATOMIC_RELAXED);
    if (answer < 0) {
        answer = ask();
        __atomic_store_n(slot, answer, __ATOMIC_RELAXED);
    }
    return answer;
}

static int ltk_level_select_unrequested(void) { return ltk_level_select(NULL); }

int ltk_level_active(void) {
    static int chosen = -1;
    return ltk_ask_once(&chosen, ltk_level_select_unrequested);
}

int ltk_has_vbmi2(void) {
    static int known = -1;
    return ltk_ask_once(&known, ltk_vbmi2_supported);
}

/// `ltk_is_zen4`, asked once per process (as ``ltk_level_active``).
static bool ltk_zen4(void) {
    static int zen4 = -1;
    return ltk_ask_once(&zen4, ltk_is_zen4) != 0;
}

int ltk_read_way(int level, intptr_t n) {
    (void)n;  // every size reads one way on the CPUs measured so far (see ltk_is_zen4)
    const bool vector = level == LTK_LEVEL_AVX512 || level == LTK_LEVEL_AVX2;
    return vector && ltk_zen4() ? LTK_READ_PLAIN : LTK_READ_AHEAD;
}

/// The average bucket lengths between which a Zen 4 scans buckets at 256 bits at the AVX-512
/// level (`ltk_bucket_read_way`). Measured on a 2-core Zen 4 EPYC VM, the two widths timed in
/// turn over the same data (a C driver over this file, 40 rounds, the median of per-round time
/// ratios, 256-bit over 512-bit): 52 and 104 values a bucket (MinMax at 10⁵) 0.84 and 0.86;
/// 208 (M4 at 10⁵) 0.95; 250 and 260 1.00 and 0.95; 416 and 520 1.03; 1 041 (MinMax at 10⁶)
/// 1.11. Below 32 (BLOCK at that level) buckets take the 512-bit narrow scan, as fast (1.03
/// at 26 values a bucket).
#define LTK_ZEN4_NARROW_FROM 32
#define LTK_ZEN4_WIDE_FROM 256

int ltk_bucket_read_way(int level, intptr_t n, intptr_t count) {
    const int way = ltk_read_way(level, n);
    if (level != LTK_LEVEL_AVX512 || count <= 0 || !ltk_zen4()) return way;
    const intptr_t average = n / count;
    return average >= LTK_ZEN4_NARROW_FROM && average < LTK_ZEN4_WIDE_FROM ? LTK_READ_NARROW : way;
}

intptr_t ltk_bucket_extremes(int level, const double *y, const double *x, intptr_t lo, intptr_t n,
                             intptr_t count, bool m4, bool check, intptr_t *out) {
    return ltk_bucket_extremes_read(level, ltk_bucket_read_way(level, n, count), y, x, lo, n, count, m4, check, out);
}

double ltk_read_sum(int level, const double *y, intptr_t n) {
    return ltk_read_sum_read(level, ltk_read_way(level, n), y, n);
}
