// One kernel body, written once with clang vector extensions and compiled once per level.
// Kernels.c includes it with LTK_W (lanes of f64) and LTK_FN(name) (a per-level name) defined,
// inside a `#pragma clang attribute push(target(...))`, so every function here is compiled for
// that level's instructions only. Element-wise IEEE operations only, in the Swift reference's
// operand order; contraction into FMA is off (Kernels.c), so results are bit-identical.
//
// Not a public header: included only by Kernels.c.

typedef double LTK_FN(vd) __attribute__((vector_size(LTK_W * 8)));
typedef long long LTK_FN(vl) __attribute__((vector_size(LTK_W * 8)));
#define VD LTK_FN(vd)
#define VL LTK_FN(vl)
#define BLOCK (4 * LTK_W)
/// How far ahead (in values) the extremes scan prefetches: 8 KB.
#define LTK_SCAN_PREFETCH 1024
// Halving shuffles across the lanes of a vector: step 1 swaps its two 256-bit halves (8 lanes
// only), step 2 its 128-bit pairs, step 3 neighbouring lanes. A reduction applies `op` with
// each step in turn, leaving its result in every lane (log2 W steps instead of W − 1).
#define LTK_HALVE(v, step) __builtin_shufflevector(v, v, LTK_HALVE_##step)
#if LTK_W == 8
#define LTK_HALVE_1 4, 5, 6, 7, 0, 1, 2, 3
#define LTK_HALVE_2 2, 3, 0, 1, 6, 7, 4, 5
#define LTK_HALVE_3 1, 0, 3, 2, 5, 4, 7, 6
#define LTK_REDUCE(op, v) v = op(v, LTK_HALVE(v, 1)); v = op(v, LTK_HALVE(v, 2)); v = op(v, LTK_HALVE(v, 3))
#else
#define LTK_HALVE_2 2, 3, 0, 1
#define LTK_HALVE_3 1, 0, 3, 2
#define LTK_REDUCE(op, v) v = op(v, LTK_HALVE(v, 2)); v = op(v, LTK_HALVE(v, 3))
#endif
typedef double LTK_FN(v4) __attribute__((vector_size(32)));
#define V4 LTK_FN(v4)

static inline __attribute__((always_inline)) VD LTK_FN(load)(const double *p) {
    VD v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}

static inline __attribute__((always_inline)) VD LTK_FN(splat)(double s) {
    VD v = {0};
    return v + s;
}

/// `m ? a : b` lane-wise (m is all ones or all zeros per lane): one blend.
static inline __attribute__((always_inline)) VD LTK_FN(sel)(VL m, VD a, VD b) {
    return (VD)(((VL)a & m) | ((VL)b & ~m));
}

/// The selects `minpd`/`maxpd` implement (b where b is strictly beyond a, else a): NaN in b
/// is skipped; the same as the Swift `smaller`/`larger`.
static inline __attribute__((always_inline)) VD LTK_FN(vmin)(VD a, VD b) { return LTK_FN(sel)(b < a, b, a); }
static inline __attribute__((always_inline)) VD LTK_FN(vmax)(VD a, VD b) { return LTK_FN(sel)(b > a, b, a); }

/// (0, 1, …, W−1) + k.
static inline __attribute__((always_inline)) VD LTK_FN(iota)(double k) {
    VD v;
    for (int i = 0; i < LTK_W; i++) v[i] = (double)i + k;
    return v;
}

/// Whether every lane of a sum of `v − v` terms (0 for finite v, NaN otherwise) is still 0,
/// or, for a plain sum, whether it stayed finite.
static inline __attribute__((always_inline)) bool LTK_FN(all_finite)(VD sum) {
    VD z = sum - sum;
    bool ok = true;
    for (int i = 0; i < LTK_W; i++) ok &= (z[i] == 0);
    return ok;
}

/// The first position in `b ..< b + BLOCK` holding `value` (`==`, so −0 matches +0), or `b`
/// when none does: compares and one trailing-zero count, no loop exit to mispredict.
static inline __attribute__((always_inline)) intptr_t LTK_FN(first_equal)(const double *y, intptr_t b, double value) {
    const VD v = LTK_FN(splat)(value);
    uint64_t bits = 0;
    for (int t = 0; t < 4; t++) {
        const VL eq = LTK_FN(load)(y + b + t * LTK_W) == v;
        bits |= (uint64_t)LTK_MOVEMASK(eq) << (t * LTK_W);
    }
    return b + (bits ? (intptr_t)__builtin_ctzll(bits) : 0);
}

/// Four steps of eight left-to-right sums: four values from each of `p[0 ..< 8]` at `t`, a 4×4
/// transpose per four pointers, and four adds in step order into `low` (sums 0–3) and `high`
/// (sums 4–7), so lane g's chain stays left to right.
static inline __attribute__((always_inline)) void LTK_FN(sum_steps)(const double *const *p, intptr_t t, V4 *low, V4 *high) {
    V4 r0, r1, r2, r3, r4, r5, r6, r7;
    __builtin_memcpy(&r0, p[0] + t, 32); __builtin_memcpy(&r1, p[1] + t, 32);
    __builtin_memcpy(&r2, p[2] + t, 32); __builtin_memcpy(&r3, p[3] + t, 32);
    __builtin_memcpy(&r4, p[4] + t, 32); __builtin_memcpy(&r5, p[5] + t, 32);
    __builtin_memcpy(&r6, p[6] + t, 32); __builtin_memcpy(&r7, p[7] + t, 32);
    const V4 a0 = __builtin_shufflevector(r0, r1, 0, 4, 2, 6), b0 = __builtin_shufflevector(r0, r1, 1, 5, 3, 7);
    const V4 c0 = __builtin_shufflevector(r2, r3, 0, 4, 2, 6), d0 = __builtin_shufflevector(r2, r3, 1, 5, 3, 7);
    const V4 a1 = __builtin_shufflevector(r4, r5, 0, 4, 2, 6), b1 = __builtin_shufflevector(r4, r5, 1, 5, 3, 7);
    const V4 c1 = __builtin_shufflevector(r6, r7, 0, 4, 2, 6), d1 = __builtin_shufflevector(r6, r7, 1, 5, 3, 7);
    V4 lo = *low, hi = *high;
    lo += __builtin_shufflevector(a0, c0, 0, 1, 4, 5);
    hi += __builtin_shufflevector(a1, c1, 0, 1, 4, 5);
    lo += __builtin_shufflevector(b0, d0, 0, 1, 4, 5);
    hi += __builtin_shufflevector(b1, d1, 0, 1, 4, 5);
    lo += __builtin_shufflevector(a0, c0, 2, 3, 6, 7);
    hi += __builtin_shufflevector(a1, c1, 2, 3, 6, 7);
    lo += __builtin_shufflevector(b0, d0, 2, 3, 6, 7);
    hi += __builtin_shufflevector(b1, d1, 2, 3, 6, 7);
    *low = lo;
    *high = hi;
}

/// Left-to-right sums (from 0, as the reference) of the next buckets `bound[g+1] ..< bound[g+2]`
/// for `g < group`, of y into `sums` and, when `x` is not NULL, of x into `x_sums`: eight
/// independent chains per array advanced side by side over the length the buckets share (each
/// still strictly left to right, so bit-equal to a plain loop), then each finished alone.
///
/// y's and x's chains share one loop: sixteen chains in flight hide the adds' latency twice as
/// well as two loops of eight (LTTB with x at 10⁷ points → 1920, Bench on a 2-core Zen 4 EPYC:
/// 1.26 → 1.41–1.48 G points/s, picks unchanged; 10⁵ and 10⁶ within the noise).
static void LTK_FN(group_sums)(const double *y, const double *x, const intptr_t *bound, intptr_t group, double *sums,
                               double *x_sums) {
    V4 y_low = {0, 0, 0, 0}, y_high = y_low, x_low = y_low, x_high = y_low;
    intptr_t shared = 0;
    if (group == 8) {
        shared = bound[2] - bound[1];
        for (int g = 1; g < 8; g++) {
            const intptr_t len = bound[g + 2] - bound[g + 1];
            shared = len < shared ? len : shared;
        }
        const double *py[8], *px[8];
        for (int g = 0; g < 8; g++) py[g] = y + bound[g + 1];
        intptr_t t = 0;
        if (x) {
            for (int g = 0; g < 8; g++) px[g] = x + bound[g + 1];
            for (; t + 4 <= shared; t += 4) {
                LTK_FN(sum_steps)(py, t, &y_low, &y_high);
                LTK_FN(sum_steps)(px, t, &x_low, &x_high);
            }
        } else {
            for (; t + 4 <= shared; t += 4) LTK_FN(sum_steps)(py, t, &y_low, &y_high);
        }
        shared = t;
    }
    for (intptr_t g = 0; g < group; g++) {
        double total = g < 4 ? y_low[g] : y_high[g - 4];
        double x_total = g < 4 ? x_low[g] : x_high[g - 4];
        for (intptr_t p = bound[g + 1] + shared; p < bound[g + 2]; p++) {
            total += y[p];
            if (x) x_total += x[p];
        }
        sums[g] = total;
        if (x) x_sums[g] = x_total;
    }
}

/// Asks for each cache line of the block LTK_SCAN_PREFETCH values after `block`. The address
/// is formed as an integer, so no out-of-bounds pointer is, and a prefetch never faults (past
/// the array's end included) and changes no result.
static inline __attribute__((always_inline)) void LTK_FN(prefetch_block)(const double *block) {
    const uintptr_t ahead = (uintptr_t)block + LTK_SCAN_PREFETCH * sizeof(double);
    for (int line = 0; line < BLOCK; line += 8) __builtin_prefetch((const void *)(ahead + line * sizeof(double)));
}

/// `ltk_read_sum` at this level: four vector sums side by side, reading each cache line once
/// as the extremes scan does (with its prefetch when `prefetch`), so the Bench's read floor
/// reads memory as the scan does.
static double LTK_FN(read_sum)(const double *y, intptr_t n, bool prefetch) {
    VD s0 = LTK_FN(splat)(0), s1 = s0, s2 = s0, s3 = s0;
    intptr_t j = 0;
    for (; j + BLOCK <= n; j += BLOCK) {
        if (prefetch) LTK_FN(prefetch_block)(y + j);
        s0 += LTK_FN(load)(y + j);
        s1 += LTK_FN(load)(y + j + LTK_W);
        s2 += LTK_FN(load)(y + j + 2 * LTK_W);
        s3 += LTK_FN(load)(y + j + 3 * LTK_W);
    }
    const VD t = (s0 + s1) + (s2 + s3);
    double total = 0;
    for (int k = 0; k < LTK_W; k++) total += t[k];
    for (; j < n; j++) total += y[j];
    return total;
}

/// What one range's scan leaves for its finish: per lane the running extremes and the start of
/// the block where each was reached, and the finiteness verdict.
typedef struct {
    VD run_min, run_max, min_block, max_block;
    intptr_t lo, hi;
    bool finite;
} LTK_FN(scan_state);
#define SCAN LTK_FN(scan_state)

/// One block of a scan: the four vectors from `s` folded into the running extremes, each lane
/// recording `at` (the block's start, in every lane) where it went strictly beyond, and into the
/// two finiteness sums.
static inline __attribute__((always_inline)) void LTK_FN(scan_block)(
    const double *y, intptr_t s, VD at, bool prefetch, VD *run_min, VD *run_max, VD *min_block, VD *max_block,
    VD *check0, VD *check1) {
    // Asks for each cache line of the block 8 KB ahead. Why: past the last-level cache (10⁷
    // values, 80 MB) the hardware prefetchers alone kept this loop at 3.4–3.9 G values/s where
    // a plain sum with wide loads streams 5.3; with this, 5.0–5.5 (2-core AMD EPYC, Zen 5, huge
    // pages, a C driver over this file). Where it does not pay, the caller asks for none
    // (LTK_READ_PLAIN, see Kernels.c).
    if (prefetch) LTK_FN(prefetch_block)(y + s);
    const VD a = LTK_FN(load)(y + s), b = LTK_FN(load)(y + s + LTK_W);
    const VD c = LTK_FN(load)(y + s + 2 * LTK_W), d = LTK_FN(load)(y + s + 3 * LTK_W);
    const VD low = LTK_FN(vmin)(LTK_FN(vmin)(a, b), LTK_FN(vmin)(c, d));
    const VD high = LTK_FN(vmax)(LTK_FN(vmax)(a, b), LTK_FN(vmax)(c, d));
    // NaN or ±∞ makes a sum non-finite; a finite overflow only answers "not finite".
    *check0 += a + b;
    *check1 += c + d;
    const VL lower = low < *run_min, higher = high > *run_max;
    *run_min = LTK_FN(sel)(lower, low, *run_min);
    *min_block = LTK_FN(sel)(lower, at, *min_block);
    *run_max = LTK_FN(sel)(higher, high, *run_max);
    *max_block = LTK_FN(sel)(higher, at, *max_block);
}

/// The scan of `y[lo ..< hi]` (`hi − lo ≥ BLOCK`), with the software prefetch when `prefetch`.
/// Lane-wise running extremes over blocks of 4 vectors, and per lane the start of the block in
/// which that lane last went strictly beyond (so the earliest block reaching the lane's final
/// value). The block of the earliest position holding the overall extreme is the smallest
/// recorded start among the lanes holding it; rescanning that one block (the finish) finds the
/// position. The last block ends at hi and may overlap the one before: a value seen twice
/// cannot be strictly beyond itself, and the smallest recorded start is still the earliest.
static inline __attribute__((always_inline)) void LTK_FN(scan)(
    const double *y, const double *x, intptr_t lo, intptr_t hi, bool prefetch, SCAN *state) {
    VD run_min = LTK_FN(splat)(y[lo]), run_max = run_min;
    VD min_block = LTK_FN(splat)((double)lo), max_block = min_block;
    VD check0 = LTK_FN(splat)(0), check1 = check0;
    const intptr_t last = hi - BLOCK;
    // The block starts as a vector stepped by one add (exact: integers below 2^53), not a
    // conversion and a broadcast per block: three fewer operations in a loop whose count of
    // operations in flight decides how far ahead of its loads a core runs past the caches
    // (10⁷ values → 1920 on a 2-core Zen 4 EPYC, dlopen'ed builds alternating in one C driver:
    // MinMax and M4 1–3.5 % faster per round).
    VD at = min_block;
    const VD step = LTK_FN(splat)((double)BLOCK);
    for (intptr_t j = lo; j < last; j += BLOCK) {
        LTK_FN(scan_block)(y, j, at, prefetch, &run_min, &run_max, &min_block, &max_block, &check0, &check1);
        at += step;
    }
    LTK_FN(scan_block)(
        y, last, LTK_FN(splat)((double)last), prefetch, &run_min, &run_max, &min_block, &max_block, &check0, &check1);
    bool finite = LTK_FN(all_finite)(check0 + check1);
    if (x) {
        VD xc = LTK_FN(splat)(0);
        intptr_t k = lo;
        for (; k + LTK_W <= hi; k += LTK_W) {
            const VD v = LTK_FN(load)(x + k);
            xc += v - v;
        }
        double tail = 0;
        for (; k < hi; k++) tail += x[k] - x[k];
        finite = finite && LTK_FN(all_finite)(xc) && tail == 0;
    }
    state->run_min = run_min;
    state->run_max = run_max;
    state->min_block = min_block;
    state->max_block = max_block;
    state->lo = lo;
    state->hi = hi;
    state->finite = finite;
}

/// The positions a scan found: the lanes' extremes, the smallest block start among lanes
/// equal to each, and that block rescanned. A chain of dependent steps (reduce, select,
/// reduce, load, compare), which is why the bucket loop runs several finishes side by side.
static inline __attribute__((always_inline)) void LTK_FN(finish)(
    const double *y, const SCAN *state, intptr_t *min_index, intptr_t *max_index) {
    const VD run_min = state->run_min, run_max = state->run_max;
    // Across the lanes by halving shuffles, the extremes broadcast to every lane on the way
    // (log2 W steps per reduction instead of W − 1 scalar ones; the finishes are most of
    // MinMax's time at 10⁵ → 1920, where a bucket is about 100 values). Every lane starts at
    // the range's first value and takes only values strictly beyond, so the lanes hold NaN only
    // when that value is NaN, and then all of them do: any order of the min/max steps gives the
    // scalar loop's value. ±0 compare equal, as below.
    VD lo = run_min, hi = run_max;
    LTK_REDUCE(LTK_FN(vmin), lo);
    LTK_REDUCE(LTK_FN(vmax), hi);
    const double vmin = lo[0], vmax = hi[0];
    // Selects, not branches: which lane holds the extreme is data-dependent.
    const VD never = LTK_FN(splat)((double)state->hi);
    VD min_at = LTK_FN(sel)(run_min == lo, state->min_block, never);
    VD max_at = LTK_FN(sel)(run_max == hi, state->max_block, never);
    LTK_REDUCE(LTK_FN(vmin), min_at);
    LTK_REDUCE(LTK_FN(vmin), max_at);
    const double bmin = min_at[0], bmax = max_at[0];
    // Indices also when the verdict is "not finite": a finite run whose check sum overflowed
    // (±1.7e308) still needs them (the per-run path ignores the verdict).
    *min_index = LTK_FN(first_equal)(y, (intptr_t)bmin, vmin);
    *max_index = LTK_FN(first_equal)(y, (intptr_t)bmax, vmax);
}

/// The extremes of a narrow range, `LTK_NARROW_FROM ≤ hi − lo < BLOCK` (the level sets
/// LTK_NARROW_FROM, at least 4): four values at a time (a range this short fills too few
/// 8-lane vectors to pay for their reductions), the last four ending at hi (overlapping those
/// before), each lane keeping its extremes and the position it first reached them (each lane's
/// positions rise, so strictly beyond keeps the earliest); then the earliest position among the
/// lanes equal to each extreme. No branch depends on the data, as the plain scan's do (a random
/// walk's new highs mispredict): narrow buckets are what MinMaxLTTB's preselection at 10⁵
/// points asks for. The verdict sums `v − v` (0 for finite v), so a finite ±1.7e308 never
/// reads as non-finite here.
static inline __attribute__((always_inline)) bool LTK_FN(narrow)(
    const double *y, const double *x, intptr_t lo, intptr_t hi, intptr_t *min_index, intptr_t *max_index) {
    typedef long long L4 __attribute__((vector_size(32)));
    V4 run_min, run_max;
    __builtin_memcpy(&run_min, y + lo, 32);
    run_max = run_min;
    V4 check = run_min - run_min;
    const V4 lane = {0, 1, 2, 3};
    V4 min_at = lane + (double)lo, max_at = min_at;
    for (intptr_t j = lo + 4; j < hi; j += 4) {
        const intptr_t s = j < hi - 4 ? j : hi - 4;
        V4 v;
        __builtin_memcpy(&v, y + s, 32);
        const V4 at = lane + (double)s;
        check += v - v;
        const L4 lower = v < run_min, higher = v > run_max;
        run_min = (V4)(((L4)v & lower) | ((L4)run_min & ~lower));
        min_at = (V4)(((L4)at & lower) | ((L4)min_at & ~lower));
        run_max = (V4)(((L4)v & higher) | ((L4)run_max & ~higher));
        max_at = (V4)(((L4)at & higher) | ((L4)max_at & ~higher));
    }
    if (x) {
        for (intptr_t j = lo; j < hi; j += 4) {
            const intptr_t s = j < hi - 4 ? j : hi - 4;
            V4 v;
            __builtin_memcpy(&v, x + s, 32);
            check += v - v;
        }
    }
    double vmin = run_min[0], vmax = run_max[0];
    for (int i = 1; i < 4; i++) {
        vmin = run_min[i] < vmin ? run_min[i] : vmin;
        vmax = run_max[i] > vmax ? run_max[i] : vmax;
    }
    double pmin = (double)hi, pmax = (double)hi;
    for (int i = 0; i < 4; i++) {
        const double at_min = run_min[i] == vmin ? min_at[i] : (double)hi;
        const double at_max = run_max[i] == vmax ? max_at[i] : (double)hi;
        pmin = at_min < pmin ? at_min : pmin;
        pmax = at_max < pmax ? at_max : pmax;
    }
    *min_index = (intptr_t)pmin;
    *max_index = (intptr_t)pmax;
    const V4 z = check - check;
    return z[0] == 0 && z[1] == 0 && z[2] == 0 && z[3] == 0;
}

/// `ltk_extremes` at this level (one range per call: M4's x columns), with the scan's software
/// prefetch when `prefetch`.
static bool LTK_FN(extremes)(const double *y, const double *x, intptr_t lo, intptr_t hi, bool prefetch,
                             intptr_t *min_index, intptr_t *max_index) {
    if (hi - lo < LTK_NARROW_FROM) return ltk_extremes_scalar(y, x, lo, hi, min_index, max_index);
    if (hi - lo < BLOCK) return LTK_FN(narrow)(y, x, lo, hi, min_index, max_index);
    SCAN state;
    LTK_FN(scan)(y, x, lo, hi, prefetch, &state);
    LTK_FN(finish)(y, &state, min_index, max_index);
    return state.finite;
}

/// Finishes the `queued` pending scans in order and writes their picks; returns the count
/// written.
static inline __attribute__((always_inline)) intptr_t LTK_FN(drain)(
    const double *y, bool m4, const SCAN *pending, int queued, intptr_t *out) {
    intptr_t w = 0;
    for (int q = 0; q < queued; q++) {
        intptr_t low, high;
        LTK_FN(finish)(y, &pending[q], &low, &high);
        w += ltk_emit(m4, pending[q].lo, pending[q].hi, low, high, out + w);
    }
    return w;
}

/// MinMax (`m4` false) or M4 over `count` equal-count buckets of `y[lo ..< lo + n]`, as the
/// public `ltk_bucket_extremes` (see the header), in one call: a bucket of ~100 values pays no
/// call or dispatch. Scans of narrow buckets run eight buckets ahead of their finishes, so the
/// finishes' latency chains (≈ 60 cycles each) overlap instead of following each bucket's scan
/// one by one (at 10⁵ → 1920 they were a third of the time). Buckets of `LTK_FINISH_AT_ONCE`
/// values or more are finished right after their scan: their scan is far longer than a finish,
/// so there is no latency to hide, and a finish then rescans blocks read moments before rather
/// than eight buckets of a memory-bound stream ago (measured at 10⁷ → 1920: MinMax 1.12–1.19 →
/// 1.07–1.15 times one read pass, M4 1.10–1.16 → 1.08–1.15, alternating runs of a C driver on
/// a 2-core Zen 4 EPYC; 10⁶ unchanged). `prefetch`: the scans' software prefetch (see `scan`).
#define LTK_FINISH_AT_ONCE 1024
static intptr_t LTK_FN(buckets)(const double *y, const double *x, intptr_t lo, intptr_t n, intptr_t count,
                                bool m4, bool check, bool prefetch, intptr_t *out) {
    enum { AHEAD = 8 };
    const int ahead = n / count >= LTK_FINISH_AT_ONCE ? 1 : AHEAD;
    SCAN pending[AHEAD];
    int queued = 0;
    ltk_split split = ltk_split_make(lo, n, count);
    intptr_t start = lo, w = 0;
    for (intptr_t k = 0; k < count; k++) {
        const intptr_t end = ltk_split_next(&split);
        if (end <= start) continue;
        if (end - start < BLOCK) {
            // Narrow buckets, in order after what is queued: the narrow scan from
            // LTK_NARROW_FROM values, the plain scan below that.
            w += LTK_FN(drain)(y, m4, pending, queued, out + w);
            queued = 0;
            intptr_t low, high;
            const bool finite = end - start < LTK_NARROW_FROM
                ? ltk_extremes_scalar(y, check ? x : NULL, start, end, &low, &high)
                : LTK_FN(narrow)(y, check ? x : NULL, start, end, &low, &high);
            if (check && !finite) return -1;
            w += ltk_emit(m4, start, end, low, high, out + w);
        } else {
            LTK_FN(scan)(y, check ? x : NULL, start, end, prefetch, &pending[queued]);
            if (check && !pending[queued].finite) return -1;
            if (++queued == ahead) {
                w += LTK_FN(drain)(y, m4, pending, queued, out + w);
                queued = 0;
            }
        }
        start = end;
    }
    return w + LTK_FN(drain)(y, m4, pending, queued, out + w);
}

/// LTTB's boundaries for buckets `first ..< first + 10` (the reference's truncated products,
/// clipped to n): bucket b spans bound[b − first] ..< bound[b − first + 1].
static inline __attribute__((always_inline)) void LTK_FN(lttb_bounds)(
    double every, intptr_t n, intptr_t first, intptr_t *bound) {
    for (int k = 0; k < 10; k++) {
        const intptr_t b = (intptr_t)(every * (double)(first + k)) + 1;
        bound[k] = b < n ? b : n;
    }
}

/// One LTTB bucket, `y[from ..< to]`: the position of the largest triangle with the previous
/// pick `a` and the mean of the next bucket (`sum` over `y[to ..< next_end]`; its x the mean
/// position, or with `x` the mean of `x[to ..< next_end]`, `sum_x`). Per bucket the areas are
/// computed W at a time in four independent lane sets, each lane keeping its largest
/// magnitude (strictly beyond, so its earliest position) and the block it came from; the lanes
/// are merged by magnitude, ties to the smallest position, then the bucket's last few positions
/// (after every vector position) win only when strictly beyond. −1 when a product or an area
/// is not finite (the caller then takes the exact Swift path).
///
/// `x` is NULL (x = index) or not at every call site once inlined, so each form compiles
/// without the other's branches.
static inline __attribute__((always_inline)) intptr_t LTK_FN(lttb_pick)(
    const double *y, const double *x, intptr_t from, intptr_t to, intptr_t next_end, double sum, double sum_x,
    intptr_t a) {
    const double ay = y[a];
    const VD lane0 = LTK_FN(iota)(0), lane1 = LTK_FN(iota)(LTK_W);
    const VD lane2 = LTK_FN(iota)(2 * LTK_W), lane3 = LTK_FN(iota)(3 * LTK_W);
    const VL magnitude_mask = (VL){0} + 0x7FFFFFFFFFFFFFFFLL;
    const double mean_y = sum / (double)(next_end - to);
    const double mean_x = x ? sum_x / (double)(next_end - to) : (double)(to + next_end - 1) / 2;
    const double ax = x ? x[a] : (double)a;
    const double d1 = ax - mean_x;
    const double d2 = mean_y - ay;
    const double offset = d1 * ay;
    // Without x, ax − j are integers below 2^53 (exact), (ax − j)·d2 is checked finite here and
    // d1·y can only overflow to ±∞ (an infinite best, reported below), so no area is NaN. With
    // x, ax − x[j] may overflow or be NaN and is multiplied by d2 (0 · ∞): a NaN area is noticed
    // lane by lane (`unordered`), as the reference's magnitude key ranks NaN above every number
    // and gives up.
    if (!ltk_finite(offset) || (!x && !ltk_finite(__builtin_fabs(d2) * (double)(to - a)))) return -1;
    const VD vd1 = LTK_FN(splat)(d1), vd2 = LTK_FN(splat)(d2), voff = LTK_FN(splat)(offset);
    const VD vax = LTK_FN(splat)(ax);
    VL unordered = (VL){0};
    // |d1·y − (ax − x)·d2 − offset| per position, in the reference's operand order.
#define LTK_MAG(values, dist) ((VD)((VL)(vd1 * (values) - (dist) * vd2 - voff) & magnitude_mask))
    // ax − x for the W positions from `at`, whose lanes are `lane` (lane k of set s is s·W + k).
#define LTK_DIST(at, set, lane) (x ? vax - LTK_FN(load)(x + (at) + (set) * LTK_W) : LTK_FN(splat)(ax - (double)(at)) - (lane))
#define LTK_NOTE(m) if (x) unordered |= ((m) != (m))
    VD best0 = LTK_FN(splat)(-1), best1 = best0, best2 = best0, best3 = best0;
    VD at0 = LTK_FN(splat)(0), at1 = at0, at2 = at0, at3 = at0;
    intptr_t j = from;
    for (; j + BLOCK <= to; j += BLOCK) {
        const VD at = LTK_FN(splat)((double)j);
        const VD m0 = LTK_MAG(LTK_FN(load)(y + j), LTK_DIST(j, 0, lane0));
        const VD m1 = LTK_MAG(LTK_FN(load)(y + j + LTK_W), LTK_DIST(j, 1, lane1));
        const VD m2 = LTK_MAG(LTK_FN(load)(y + j + 2 * LTK_W), LTK_DIST(j, 2, lane2));
        const VD m3 = LTK_MAG(LTK_FN(load)(y + j + 3 * LTK_W), LTK_DIST(j, 3, lane3));
        LTK_NOTE(m0); LTK_NOTE(m1); LTK_NOTE(m2); LTK_NOTE(m3);
        const VL g0 = m0 > best0, g1 = m1 > best1, g2 = m2 > best2, g3 = m3 > best3;
        best0 = LTK_FN(sel)(g0, m0, best0); at0 = LTK_FN(sel)(g0, at, at0);
        best1 = LTK_FN(sel)(g1, m1, best1); at1 = LTK_FN(sel)(g1, at, at1);
        best2 = LTK_FN(sel)(g2, m2, best2); at2 = LTK_FN(sel)(g2, at, at2);
        best3 = LTK_FN(sel)(g3, m3, best3); at3 = LTK_FN(sel)(g3, at, at3);
    }
    // Whole vectors left: lane set 0 (index = recorded start + lane, as for set 0 above).
    for (; j + LTK_W <= to; j += LTK_W) {
        const VD m0 = LTK_MAG(LTK_FN(load)(y + j), LTK_DIST(j, 0, lane0));
        LTK_NOTE(m0);
        const VL g0 = m0 > best0;
        best0 = LTK_FN(sel)(g0, m0, best0);
        at0 = LTK_FN(sel)(g0, LTK_FN(splat)((double)j), at0);
    }
#if LTK_W == 8
    // 8 lanes: the last few positions (up to 7, each a scalar step with a
    // data-dependent pick) as one vector ending at `to`, in lane set 1, overlapping
    // positions already seen. A position seen twice gives the same magnitude, so the
    // merge's earliest-position rule keeps its first sighting; set 1's lanes still see
    // rising positions, so its strict `>` keeps the earliest. (With 4 lanes the tail is
    // at most 3 steps, and the extra vector did not pay: min of 300 calls on an
    // AVX-512 Xeon.)
    if (j < to && to - from >= LTK_W) {
        const intptr_t last = to - LTK_W;
        const VD m1 = LTK_MAG(LTK_FN(load)(y + last), LTK_DIST(last, 0, lane0));
        LTK_NOTE(m1);
        const VL g1 = m1 > best1;
        // Recorded as last − W: set 1's offsets (W + lane) then give last + lane.
        best1 = LTK_FN(sel)(g1, m1, best1);
        at1 = LTK_FN(sel)(g1, LTK_FN(splat)((double)(last - LTK_W)), at1);
        j = to;
    }
#endif
#undef LTK_MAG
#undef LTK_DIST
#undef LTK_NOTE
    // Merge: the largest magnitude over every lane, then the smallest position holding it
    // (lanes hold no NaN: `>` never takes one). Two reductions of one lane-wise operation a
    // step are a shorter chain than one reduction of (magnitude, position) pairs, which
    // needs three compares and two selects a step, and this merge is on the chain from one
    // bucket's pick to the next.
    VD top = LTK_FN(vmax)(LTK_FN(vmax)(best0, best1), LTK_FN(vmax)(best2, best3));
    LTK_REDUCE(LTK_FN(vmax), top);
    const VD none = LTK_FN(splat)(__builtin_inf());
    VD low = LTK_FN(vmin)(
        LTK_FN(vmin)(LTK_FN(sel)(best0 == top, at0 + lane0, none), LTK_FN(sel)(best1 == top, at1 + lane1, none)),
        LTK_FN(vmin)(LTK_FN(sel)(best2 == top, at2 + lane2, none), LTK_FN(sel)(best3 == top, at3 + lane3, none)));
    LTK_REDUCE(LTK_FN(vmin), low);
    double best = top[0];
    double pick = low[0];
    // Lanes never offered a position hold −1 (every magnitude is ≥ 0), so when the
    // bucket had no whole vector the tail below always replaces the pick.
    // The tail lies after every vector position: it wins only when strictly beyond.
    intptr_t chosen = (intptr_t)pick;
    bool nan_area = false;
    for (; j < to; j++) {
        const double area = d1 * y[j] - (ax - (x ? x[j] : (double)j)) * d2 - offset;
        const double v = __builtin_fabs(area);
        if (x) nan_area |= v != v;
        if (v > best) { best = v; chosen = j; }
    }
    if (x) {
        for (int k = 0; k < LTK_W; k++) nan_area |= unordered[k] != 0;
        if (nan_area) return -1;
    }
    if (!ltk_finite(best)) return -1;
    return chosen;
}

/// The boundaries of `group` ≤ 8 buckets from `first` (``lttb_bounds``) and the sums of their
/// next buckets (of y in `sums`, and with `x` of x in `x_sums`); false when a y sum is not
/// finite (a sum is finite only if every value in it is). An x sum that is not finite makes
/// the pick's offset d1·ay infinite or NaN, which the pick reports.
static inline __attribute__((always_inline)) bool LTK_FN(lttb_group)(
    const double *y, const double *x, intptr_t n, double every, intptr_t first, intptr_t group, intptr_t *bound,
    double *sums, double *x_sums) {
    LTK_FN(lttb_bounds)(every, n, first, bound);
    LTK_FN(group_sums)(y, x, bound, group, sums, x_sums);
    double sum_check = 0;
    for (int g = 0; g < group; g++) sum_check += sums[g] - sums[g];
    return sum_check == 0;
}

/// The LTTB chain from bucket `first` (previous pick `a`) up to bucket `last`, writing bucket
/// b's pick to out[b + 1], eight buckets' next-bucket sums at a time. With `until_same` it stops
/// at the first pick equal to what out already holds there: a pick depends only on the pick
/// before it and the data, so every later one is then equal too. False when not finite.
static inline __attribute__((always_inline)) bool LTK_FN(lttb_run)(
    const double *y, const double *x, intptr_t n, double every, intptr_t first, intptr_t last, intptr_t a,
    intptr_t *out, bool until_same) {
    for (intptr_t i = first; i < last; i += 8) {
        const intptr_t group = last - i < 8 ? last - i : 8;
        intptr_t bound[10];
        double sums[8], x_sums[8];
        if (!LTK_FN(lttb_group)(y, x, n, every, i, group, bound, sums, x_sums)) return false;
        for (intptr_t g = 0; g < group; g++) {
            const intptr_t chosen =
                LTK_FN(lttb_pick)(y, x, bound[g], bound[g + 1], bound[g + 2], sums[g], x ? x_sums[g] : 0, a);
            if (chosen < 0) return false;
            if (until_same && out[i + g + 1] == chosen) return true;
            out[i + g + 1] = chosen;
            a = chosen;
        }
    }
    return true;
}

/// LTTB over y with x = index, as the Swift `LTTB.fastKernel`, or with `x`, as the Swift
/// `LTTB.kernel` over `ExplicitXInput` (see the header).
///
/// Why two chains: each bucket's pick waits on the one before it (a chain of about a hundred
/// cycles of products, compares and lane merges), so at 10⁵ points → 1920 (about 50 a bucket)
/// the core idles on that latency, not on work. The buckets are cut in two halves walked in
/// one loop, bucket t of each per step, so the two independent chains overlap; the second
/// half starts from a guessed previous pick (the middle of the bucket before it). Once the
/// first half's true last pick is known, the second half is walked again from it until a pick
/// equals the guessed chain's (after which every pick is equal): usually a few buckets, and
/// at worst the whole half again. So the picks are exactly the single chain's. Only for
/// buckets under 2048 values: with longer ones the latency is a small part of a bucket, and two
/// streams half the array apart measured 10 % slower at 10⁷ points (5 200 a bucket) than one,
/// against 60 % faster at 10⁵ and 11 % at 10⁶ (2-core AMD EPYC, Zen 5, AVX-512).
static inline __attribute__((always_inline)) bool LTK_FN(lttb_chains)(
    const double *y, const double *x, intptr_t n, intptr_t m, intptr_t *out) {
    const double every = (double)(n - 2) / (double)(m - 2);
    const intptr_t buckets = m - 2;
    // Point 0 and bucket 0 are not covered by any next-bucket sum. Without x, the fast
    // kernel checks them by their sum (an area cannot tell a non-finite y there); with x, as
    // the reference does, only through their areas, which the pick checks one by one.
    if (!x) {
        double head = 0;
        for (intptr_t p = 0; p < (intptr_t)every + 1; p++) head += y[p];
        if (!ltk_finite(head)) return false;
    }
    out[0] = 0;
    out[m - 1] = n - 1;
    if (buckets < 32 || every >= 2048) return LTK_FN(lttb_run)(y, x, n, every, 0, buckets, 0, out, false);
    const intptr_t half = buckets / 2;
    intptr_t guess_bound[10];
    LTK_FN(lttb_bounds)(every, n, half - 1, guess_bound);
    intptr_t a0 = 0, a1 = guess_bound[0] + (guess_bound[1] - guess_bound[0]) / 2;
    for (intptr_t i = 0; i < half; i += 8) {
        const intptr_t group = half - i < 8 ? half - i : 8;
        intptr_t bound0[10], bound1[10];
        double sums0[8], sums1[8], x_sums0[8], x_sums1[8];
        if (!LTK_FN(lttb_group)(y, x, n, every, i, group, bound0, sums0, x_sums0)) return false;
        if (!LTK_FN(lttb_group)(y, x, n, every, half + i, group, bound1, sums1, x_sums1)) return false;
        for (intptr_t g = 0; g < group; g++) {
            const intptr_t c0 =
                LTK_FN(lttb_pick)(y, x, bound0[g], bound0[g + 1], bound0[g + 2], sums0[g], x ? x_sums0[g] : 0, a0);
            const intptr_t c1 =
                LTK_FN(lttb_pick)(y, x, bound1[g], bound1[g + 1], bound1[g + 2], sums1[g], x ? x_sums1[g] : 0, a1);
            if (c0 < 0 || c1 < 0) return false;
            out[i + g + 1] = c0;
            out[half + i + g + 1] = c1;
            a0 = c0;
            a1 = c1;
        }
    }
    // An odd count leaves the guessed chain one bucket more than the first.
    if (!LTK_FN(lttb_run)(y, x, n, every, 2 * half, buckets, a1, out, false)) return false;
    return LTK_FN(lttb_run)(y, x, n, every, half, buckets, out[half], out, true);
}

/// LTTB over y, x = index (`x` NULL) or x given: one copy of the chains for each form.
static bool LTK_FN(lttb)(const double *y, const double *x, intptr_t n, intptr_t m, intptr_t *out) {
    return x ? LTK_FN(lttb_chains)(y, x, n, m, out) : LTK_FN(lttb_chains)(y, NULL, n, m, out);
}

#undef VD
#undef VL
#undef BLOCK
#undef LTK_FINISH_AT_ONCE
#undef LTK_SCAN_PREFETCH
#undef LTK_HALVE
#undef LTK_HALVE_1
#undef LTK_HALVE_2
#undef LTK_HALVE_3
#undef LTK_REDUCE
#undef V4
#undef SCAN
