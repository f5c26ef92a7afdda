// Wide-vector kernels for LiveTickerDownsampling, compiled per function for AVX2 and AVX-512
// (`__attribute__((target(...)))`), beside the Swift implementation, which is the reference and
// the path on every other CPU. Each kernel gives exactly the Swift path's indices: the same IEEE
// operations in the same order, no fused multiply-add (contraction is off in every file),
// non-finite values reported, ties kept at the earliest position.
//
// Levels: 0 = baseline (the Swift code; these kernels are never called), 1 = AVX2, 2 = AVX-512
// (F, DQ, BW, VL). A kernel must only be called with a level `ltk_level_supported` accepts.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    LTK_LEVEL_BASELINE = 0,
    LTK_LEVEL_AVX2 = 1,
    LTK_LEVEL_AVX512 = 2,
};

/// 1 when this CPU and its operating system run `level`'s instructions (CPUID feature bits and
/// the XCR0 register states the OS saves), else 0. Baseline is always supported. O(1), no state,
/// but not cheap: CPUID traps to the hypervisor in a virtual machine (tens of µs): ask once.
int ltk_level_supported(int level);

/// The widest supported level, or the one the environment variable `LIVETICKER_SIMD`
/// (`sse2`, `avx2`, `avx512`) asks for when it is supported (an unsupported or unknown request
/// gives the widest supported level; `*requested` is set to the level asked for, or -1 when the
/// variable is unset or unknown). Reads the environment once per call: callers cache the answer.
int ltk_level_select(int *requested);

/// The first index of the minimum and of the maximum of `y[lo..<hi]` (`hi > lo`; ties keep the
/// earliest; −0 and +0 compare equal) into `*min_index` / `*max_index`. Returns false when a value
/// (or, when `x` is not NULL, an x in the same range) is NaN or ±∞; a finite sum that overflows
/// may also answer false, which only sends the caller to its exact per-run path. The indices
/// are written in every case and are exact whenever every value is finite (even when the
/// answer is false through overflow). O(hi − lo), allocates nothing.
bool ltk_extremes(int level, const double *y, const double *x, intptr_t lo, intptr_t hi,
                  intptr_t *min_index, intptr_t *max_index);

/// The sum of `y[0 ..< n]` (in any order) read as `ltk_bucket_extremes` at `level` reads `n`
/// values (`ltk_read_way`): what one read of the array costs when it is read as the kernels
/// read it, the Bench's memory-read floor. O(n), allocates nothing.
double ltk_read_sum(int level, const double *y, intptr_t n);

/// How a bucket scan reads memory. `LTK_READ_AHEAD`: the level's vector width, each cache line
/// also prefetched 8 KB ahead. `LTK_READ_PLAIN`: the level's vector width and the hardware
/// prefetchers alone. `LTK_READ_NARROW`: 256-bit loads and the hardware prefetchers alone (what
/// a plain sum streams fastest with on a Zen 4 past its caches; the Bench's read floor takes
/// the fastest of the three). Every way gives the same picks; only the speed differs.
enum {
    LTK_READ_AHEAD = 0,
    LTK_READ_PLAIN = 1,
    LTK_READ_NARROW = 2,
};

/// The way `ltk_read_sum` reads `n` values at `level` on this CPU, and `ltk_bucket_extremes`
/// its buckets but for the exception `ltk_bucket_read_way` names: `LTK_READ_PLAIN` on a Zen 4
/// (AMD family 19h with AVX-512) at the vector levels, whatever `n`, else `LTK_READ_AHEAD`.
/// O(1) (CPUID asked once).
int ltk_read_way(int level, intptr_t n);

/// The way `ltk_bucket_extremes` reads `n` values cut into `count` buckets at `level`: as
/// `ltk_read_way(level, n)`, except on a Zen 4 at the AVX-512 level, where buckets of 32 to
/// 255 values on average read `LTK_READ_NARROW` (256-bit scans: there a bucket's finish, whose
/// reductions across 8 lanes a Zen 4 runs in two halves, costs more than the wider loads
/// save). O(1) (CPUID asked once).
int ltk_bucket_read_way(int level, intptr_t n, intptr_t count);

/// `ltk_bucket_extremes` read the given `way` (`LTK_READ_AHEAD`, `LTK_READ_PLAIN` or
/// `LTK_READ_NARROW`) whatever the CPU and size: the same picks every way, so the tests compare
/// each with the others and with the reference. Below the vector levels `way` changes nothing.
/// O(n), allocates nothing.
intptr_t ltk_bucket_extremes_read(int level, int way, const double *y, const double *x, intptr_t lo, intptr_t n,
                                  intptr_t count, bool m4, bool check, intptr_t *out);

/// `ltk_read_sum` read the given `way` (see `ltk_bucket_extremes_read`). O(n), allocates nothing.
double ltk_read_sum_read(int level, int way, const double *y, intptr_t n);

/// MinMax (`m4` false: per bucket its minimum and maximum) or M4 (`m4` true: its first,
/// minimum, maximum and last) over `count > 0` equal-count buckets of `y[lo ..< lo + n]`, bucket
/// `k` spanning `lo + ⌊n·k/count⌋ ..< lo + ⌊n·(k+1)/count⌋`; empty buckets emit nothing, each
/// bucket's picks are written in index order with duplicates collapsed (what the Swift
/// `MinMax.buckets` / `M4.columns` over index columns write). With `check`, returns −1 as soon
/// as a bucket holds a non-finite value (y, or x when not NULL; a finite overflow may also
/// answer −1, which only sends the caller to its exact per-run path); `out` is then partly
/// written. Else the count written (≤ 2·count, or 4·count for M4). Reads `y` the way
/// `ltk_bucket_read_way(level, n, count)` gives. O(n), allocates nothing.
intptr_t ltk_bucket_extremes(int level, const double *y, const double *x, intptr_t lo, intptr_t n,
                             intptr_t count, bool m4, bool check, intptr_t *out);

/// LTTB (Steinarsson 2013) with the reference bucket convention over y, with x = index when `x`
/// is NULL or with x[i] (timestamps: the next bucket's corner is its mean x), `3 <= m < n`:
/// writes exactly `m` indices to `out` and returns true, or returns false (out partly written)
/// when a value is not finite or an area overflows: the same answer, bit for bit, as the Swift
/// `LTTB.fastKernel` (y only) or `LTTB.kernel` over explicit x. O(n), allocates nothing.
bool ltk_lttb(int level, const double *y, const double *x, intptr_t n, intptr_t m, intptr_t *out);

/// The level chosen once per process: `ltk_level_select`'s answer, computed on the first call
/// and cached (idempotent, so a race between first callers only repeats the work). O(1) after.
int ltk_level_active(void);

/// 1 when the CPU has AVX-512 VBMI2 besides the AVX-512 level (Ice Lake and Zen 4 on; not
/// Skylake-X), else 0: the plain-line CSV kernel's stage 1 packs with its byte compress then.
/// Asked once per process, as ``ltk_level_active``. O(1) after.
int ltk_has_vbmi2(void);

// MARK: Rendering: the column sweep of an anti-aliased stroke (LiveTickerRender)

/// One round-capped segment, clip-relative, `ax <= bx`: the layout of the Swift
/// `StrokeCapsule` (LiveTickerRender checks it), so the Swift capsule list is passed as is.
typedef struct {
    float ax, ay, bx, by;
    float ux, uy, length, slope;
    bool spans_columns;
} ltk_capsule;

/// The pen of one stroke: pixel (0, 0) of the clip, the row pitch in pixels, the clip-relative
/// columns `first_column ..< columns` and rows `first_row ..< rows` that may be written (the
/// clip, or the part of it inside the framebuffer's scissor), the coverage radius, the colour
/// (`0x00RRGGBB`) and its opacity (1…255).
typedef struct {
    uint32_t *pixels;
    intptr_t stride, columns, rows, first_column, first_row;
    float radius;
    uint32_t color, alpha;
} ltk_pen;

/// The column sweep of the Swift `RasterScratch.sweepColumns` at `level` (AVX2 or AVX-512: eight
/// rows per vector instead of two groups of four, and the nearby capsules of two neighbouring
/// columns, up to four each, put in column form in one vector), over `count > 0` capsules sorted by both ends; `work` holds
/// ``ltk_sweep_work_bytes``(count) bytes, 4-byte aligned, that the call uses as scratch.
/// Writes exactly the pixels the Swift sweep writes, with the same values (the same IEEE
/// operations in the same order, no FMA). Returns false, touching nothing, for a level
/// without a C build (baseline: the Swift code runs). O(capsules + columns reached + Σ rows ×
/// nearby capsules / 8), allocates nothing.
bool ltk_sweep_columns(int level, const ltk_capsule *list, intptr_t count, const ltk_pen *pen, void *work);

/// Bytes of scratch ``ltk_sweep_columns`` needs for `count` capsules: 64 a capsule and as
/// many for each of 8 to 15 lanes of padding. O(1).
intptr_t ltk_sweep_work_bytes(intptr_t count);

/// The widened clip of one stroke (the Swift `StrokeGeometry`): a segment with both ends
/// inside `[min_x, max_x] × [min_y, max_y]` needs no clipping; `origin` is pixel (0, 0) of the clip.
typedef struct {
    double origin_x, origin_y, min_x, min_y, max_x, max_y;
} ltk_stroke_box;

/// The capsules of the segments `(xs[k], ys[k])–(xs[k+1], ys[k+1])` for k = 0, 1, … while both
/// ends lie inside `box` (NaN and ±∞ never do), made clip-relative, into `out[k]`, at most
/// `room`: exactly the Swift `StrokeCapsule`s of those segments, bit for bit (four segments per
/// vector at `level`). Clears `*forwards` (`*backwards`) when an end of a written capsule lies
/// left (right) of the one before it, `previous` (NULL for none) before the first. Returns how
/// many were written (0 when `xs[0]` is outside, `n < 2`, or for a level without a C build: the
/// Swift code runs instead; the flags are then untouched). O(written), allocates nothing.
intptr_t ltk_inside_capsules(int level, const double *xs, const double *ys, intptr_t n, const ltk_stroke_box *box,
                             ltk_capsule *out, intptr_t room, const ltk_capsule *previous, bool *forwards,
                             bool *backwards);

// MARK: Rendering: an area's columns

/// Where `ltk_area_columns` measures: the clip's origin, the clamps of x and y (clip-relative),
/// the baseline (clip-relative, clamped) and the measured columns `first_measured ...
/// last_measured` (clip-relative, inside the arrays).
typedef struct {
    double origin_x, origin_y, x_limit, y_limit, base;
    intptr_t first_measured, last_measured;
} ltk_area_frame;

/// The Swift `RasterScratch.measureAreaColumns` for f64 points after its arrays are reset:
/// for each segment between consecutive finite points `(xs[i], ys[i])`, each measured column
/// whose centre lies under it takes the union of its run `low[c] ... high[c]` with the run
/// from the segment's height there (clamped) to `base`; the same floats, bit for bit (the
/// Swift operations in their order, no FMA). Sets the columns touched (`*touched_min >
/// *touched_max` when none). Returns false at the baseline level, touching nothing (the Swift
/// loop runs). O(n + columns touched), allocates nothing.
bool ltk_area_columns(int level, const double *xs, const double *ys, intptr_t n, const ltk_area_frame *frame,
                      float *low, float *high, intptr_t *touched_min, intptr_t *touched_max);

/// The row lists an area's row pass walks (the Swift `RasterScratch`'s): per row the first
/// column entering (leaving) there, per column the next in its row's list, −1 ending each; and
/// per row the first fractional end blended there, ends numbered `2 × column + (0 upper, 1
/// lower)`, with their next and opacity. `edge_head` NULL: no ends are linked.
typedef struct {
    int32_t *enter_head, *leave_head, *enter_next, *leave_next;
    int32_t *edge_head, *edge_next;
    uint8_t *edge_alpha;
} ltk_area_lists;

/// The Swift `RasterScratch.linkAreaInteriors` after its heads and bitset are reset, for the
/// columns `first_column ... last_column`: each column's run between `low` and `high` clipped
/// to `0 ..< rows` (the Swift `areaRun`) is linked into `lists`, its whole interior rows cut to
/// `window_lo ..< window_hi` entering and leaving, and with `lists->edge_head`, its fractional
/// ends in the window at opacity coverage × `alpha`, rounded, where not 0 (the Swift
/// `forEachEnd`); the same lists in the same order. Sets the rows any interior reaches
/// (`*row_min >= *row_max` when none). Returns false at the baseline level, touching nothing
/// (the Swift loop runs). O(columns), allocates nothing.
bool ltk_area_link(int level, const float *low, const float *high, intptr_t first_column, intptr_t last_column,
                   intptr_t rows, uint32_t alpha, intptr_t window_lo, intptr_t window_hi, const ltk_area_lists *lists,
                   intptr_t *row_min, intptr_t *row_max);

// MARK: Rendering: solid runs of pixels

/// Stores `value` into the `count` 32-bit words from `words` with 256-bit stores at the AVX2
/// and AVX-512 levels (the Swift fill's loop stores 128 bits at a time; a 1920×1080 frame of
/// plot rows, three runs a row, 0.142 ms against 0.104 ms warm on a Zen 4 EPYC VM; 512-bit
/// stores were no faster there). Returns false at the baseline level, storing nothing (the
/// Swift fill runs instead). O(count), allocates nothing.
bool ltk_fill_words(int level, uint32_t *words, uint32_t value, intptr_t count);

/// Stores the pixels `row[from ..< to]`: `tint` at each column `c` whose bit is set in `bits`
/// (bit `c & 63` of word `c >> 6`, for the `words` words there; columns past them count as
/// clear), `base` at the others. These are the plot's rows where an area's interior lies: at
/// AVX-512 sixteen pixels a step under an opmask, with no branch on the bits; at AVX2 eight a
/// step, whole clear or set words as runs. Returns false at the baseline level, storing
/// nothing (the Swift row loop runs instead). O(to - from), allocates nothing.
bool ltk_fill_selecting(int level, uint32_t *row, intptr_t from, intptr_t to, const uint64_t *bits, intptr_t words,
                        uint32_t base, uint32_t tint);

// MARK: Parsing: plain CSV tick lines (LiveTickerFeed)

/// Parses whole `time,value[,size]` lines from `start` (before `stop`, the last newline's end;
/// 8 readable bytes must follow `stop`) in groups of eight at the AVX-512 level, four at AVX2:
/// exactly the lines the Swift `CSVRecordParser.parsePlainLines` takes in their one-word forms
/// (a time of 1–15 digits in units of `multiplier` ns, 0 for by magnitude; numbers `-`? with at
/// most 7 digits around at most one `.`; `\n` or `\r\n`), with bit-identical ticks (the same
/// integer steps, one IEEE division by an exact power of ten, no FMA). `columns` is 2 or 3;
/// `delimiter` must be a byte no such field holds, and not NUL (else it returns 0). Writes at
/// most `room` ticks (the Swift `Tick` layout: time, value, size) and as many symbol ids of 0,
/// sets `*next` to the first line not taken and returns how many were written. Stops at the
/// first group holding any other line (the Swift loop takes it from there), after fewer whole
/// lines than a group, and at once at the baseline level (returns 0). `entries` is the caller's
/// scratch of `LTK_CSV_PLAIN_ENTRIES` (each block's delimiters and newlines are listed there;
/// kept off the stack for threads with small stacks). At AVX-512 the delimiters are listed
/// with VBMI2's byte compress where the CPU has it; `level | LTK_CSV_PLAIN_WITHOUT_VBMI2` lists
/// them bit by bit as on CPUs without (so tests run both here). O(bytes scanned), no allocation.
intptr_t ltk_csv_plain_lines(int level, const uint8_t *start, const uint8_t *stop, int columns, uint8_t delimiter,
                             uint64_t multiplier, void *ticks, uint32_t *symbols, intptr_t room, int32_t *entries,
                             const uint8_t **next);

enum {
    /// The most bytes `ltk_csv_plain_lines` scans for delimiters and newlines at a time.
    LTK_CSV_PLAIN_BLOCK = 8192,
    /// The `entries` scratch it needs: one per byte of a block, and 48 spare.
    LTK_CSV_PLAIN_ENTRIES = LTK_CSV_PLAIN_BLOCK + 48,
    /// A flag on `ltk_csv_plain_lines`'s level: list delimiters without AVX-512 VBMI2.
    LTK_CSV_PLAIN_WITHOUT_VBMI2 = 0x100,
};

// MARK: Copies into display memory

/// Asks for the cache lines of the `bytes` from `start` for writing, without waiting for them:
/// a row of a framebuffer or scan-out buffer about to be stored to, whose lines (one row of a
/// tall narrow rectangle, 7 680 bytes from the last) no hardware prefetcher predicts. A hint:
/// ignored on uncached and write-combined memory. O(bytes / 64).
static inline void ltk_prefetch_for_write(const void *start, size_t bytes) {
    if (bytes == 0) return;
    const unsigned char *line = (const unsigned char *)start;
    const unsigned char *last = line + bytes - 1;
    for (; line <= last; line += 64) __builtin_prefetch(line, 1, 3);
    __builtin_prefetch(last, 1, 3);
}

/// Copies `rows` rows of `row_bytes` bytes from `source` (rows `source_pitch` bytes apart) to
/// `destination` (rows `destination_pitch` bytes apart). A row may be widened, on each side by
/// at most `widen_before` / `widen_after` bytes, to whole 64-byte destination lines, copied from
/// the same place of the source: the caller allows it where those bytes are the frame's own
/// (a display already showing the frame holds them). Why: a damaged rectangle of a frame is a
/// few hundred short rows on lines of the scan-out buffer not touched since the last frame;
/// on x86-64 whole lines are stored streaming (SSE2 non-temporal stores, fenced at the end),
/// so no line is first read for ownership (Bench kiosk's damage on the 2-core Zen 4 VM with
/// the destination out of cache: 47 us plain, 21 us so); elsewhere each row's lines are
/// prefetched for writing, then copied. Only writes the destination, in ascending addresses
/// per row. O(rows × row_bytes), allocates nothing.
void ltk_copy_rows(void *destination, intptr_t destination_pitch, const void *source, intptr_t source_pitch,
                   size_t row_bytes, intptr_t rows, size_t widen_before, size_t widen_after);

// MARK: Memory in huge pages (framebuffers and stroke masks, rings past 2 MB, PNG buffers, the Bench's big arrays)

/// `bytes` of uninitialised memory, 64-byte aligned; from 2 MB on, aligned to and rounded up
/// to 2 MB and advised into transparent huge pages (`madvise(MADV_HUGEPAGE)`, Linux; a hint,
/// plain memory where THP is off). Why: a frame is stored whole every frame, and with 4 KB
/// pages every 4 KB of it costs a TLB miss and stops the hardware prefetchers (a 1920x1080
/// fill measured 0.19 ms against 0.145 ms in huge pages on a 2-core EPYC VM). NULL when out of
/// memory. Free with `ltk_huge_free`. One `posix_memalign` call.
void *ltk_huge_allocate(size_t bytes);

/// Frees memory from `ltk_huge_allocate` (NULL is ignored).
void ltk_huge_free(void *memory);

/// `bytes` (at least 2 MB) of zeroed memory, aligned to and rounded up to 2 MB, in transparent
/// huge pages where THP allows, every page already backed (written once, one store a 4 KB
/// page: the memory is committed now, not at the first write of a long run, and the kernel's
/// zeroing is the only pass over it). Why: a ring sized to a file is tens to hundreds of MB,
/// and zeroing it again after the kernel did cost a 5 M-row `replay` 3 % of its whole-process
/// time (15 alternating runs; memset was 7 % of its samples under perf). NULL when
/// out of memory. Free with `ltk_zeroed_huge_free` and the same `bytes`. Linux: one anonymous
/// `mmap`; elsewhere `calloc`.
void *ltk_zeroed_huge_allocate(size_t bytes);

/// Frees memory from `ltk_zeroed_huge_allocate(bytes)` (NULL is ignored).
void ltk_zeroed_huge_free(void *memory, size_t bytes);

#ifdef __cplusplus
}
#endif
