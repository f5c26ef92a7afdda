// The plain-line CSV kernel (see `ltk_csv_plain_lines` in the public header): eight lines at a
// time with AVX-512, four with AVX2, exactly the Swift `CSVRecordParser.parsePlainLines`
// arithmetic. Two stages,
// as in simdjson (Langdale and Lemire 2019): a structural scan lists every delimiter and newline
// of a block, so each field's extent is known before its digits are read, and lines no longer
// wait on one another (the Swift loop finds a field's end by counting its digits, a chain from
// field to field through the whole file).
#include "CLiveTickerKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

/// The layout of the Swift `Tick` (LiveTickerCore), which LiveTickerFeed checks before calling.
typedef struct {
    int64_t time;
    double value;
    double size;
} ltk_plain_tick;

/// The longest stretch of bytes one structural scan covers (its entries fill the caller's
/// `LTK_CSV_PLAIN_ENTRIES`), and the first one of each call.
enum { LTK_PLAIN_BLOCK = LTK_CSV_PLAIN_BLOCK, LTK_PLAIN_FIRST_BLOCK = 512 };

/// Stage 1's list for one 64-byte step at offset `at`: an entry per set bit of `bits` (its
/// delimiters and newlines), offset × 2 + 1 for a newline (`newline`'s bit), + 0 for a
/// delimiter, in order from `out`; returns how many. Eight stores whatever the count (a 26-byte
/// tick line has about seven structural bytes in 64), the rest only when there are more: no
/// branch on each one, and `out` must have 8 entries of room beyond the count.
__attribute__((target("popcnt,bmi,bmi2"))) static inline int ltk_list_structurals(uint64_t bits, uint64_t newline,
                                                                                  int32_t at, int32_t *out) {
    const int count = (int)_mm_popcnt_u64(bits);
    for (int k = 0; k < 8; k++) {
        const int b = (int)_tzcnt_u64(bits);
        out[k] = ((at + b) << 1) | (int32_t)((newline >> (b & 63)) & 1);
        bits = _blsr_u64(bits);
    }
    for (int k = 8; k < count; k++) {
        const int b = (int)_tzcnt_u64(bits);
        out[k] = ((at + b) << 1) | (int32_t)((newline >> (b & 63)) & 1);
        bits = _blsr_u64(bits);
    }
    return count;
}

#pragma clang attribute push(__attribute__((target("avx512f,avx512dq,avx512bw,avx512vl,avx2,popcnt,bmi,bmi2"))), apply_to = function)

/// How many of the first bytes of each 64-bit lane are ASCII digits (0…8), as the Swift
/// `SWARDigits.leadingDigitCount`: the bytes below the lane's first non-digit, 2^(8c) − 1, are
/// c bytes of 0xFF, which `sad` counts (a lane of eight digits has no lowest bit: all eight).
static inline __m512i ltk_leading_digits(__m512i v) {
    const __mmask64 digit = _mm512_cmplt_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8('0')), _mm512_set1_epi8(10));
    const __m512i other = _mm512_movm_epi8(~digit);
    const __m512i lowest = _mm512_and_si512(other, _mm512_sub_epi64(_mm512_setzero_si512(), other));
    const __m512i below = _mm512_sub_epi64(lowest, _mm512_set1_epi64(1));
    return _mm512_sad_epu8(_mm512_and_si512(below, _mm512_set1_epi8(1)), _mm512_setzero_si512());
}

/// The value of the first `count` (0…8) bytes of each lane, which must be digits: digit pairs,
/// quads and octets by multiply-adds (simdjson's eight-digit step), the same integers as the
/// Swift `SWARDigits.value`.
static inline __m512i ltk_digit_value(__m512i v, __m512i count) {
    __m512i x = _mm512_sllv_epi64(v, _mm512_sub_epi64(_mm512_set1_epi64(64), _mm512_slli_epi64(count, 3)));
    x = _mm512_and_si512(x, _mm512_set1_epi8(0x0F));
    x = _mm512_maddubs_epi16(x, _mm512_set1_epi16(0x010A));  // first digit × 10 + second
    x = _mm512_madd_epi16(x, _mm512_set1_epi32(0x00010064));  // first pair × 100 + second
    return _mm512_add_epi64(_mm512_mul_epu32(x, _mm512_set1_epi64(10000)), _mm512_srli_epi64(x, 32));
}

/// `Double(v)` for v < 2^52 by the Swift `SWARDigits.exactDouble`'s exponent trick.
static inline __m512d ltk_exact_double(__m512i v) {
    const __m512i biased = _mm512_or_si512(v, _mm512_set1_epi64(0x4330000000000000LL));
    return _mm512_sub_pd(_mm512_castsi512_pd(biased), _mm512_set1_pd(4503599627370496.0));
}

/// Per lane, the plain decimal filling the field `[start, end)` (offsets from `base`), as the
/// Swift `plainDecimal` reads it when it ends within its first word: `-`? then 1–7 digits, or
/// digits around one `.` (at most 7 in all, at least one). Returns the lanes that hold one; the
/// others (a longer fraction, any other form) are left to the Swift loop.
static inline __mmask8 ltk_plain_decimals(const uint8_t *base, __m256i start, __m256i end, __m512i word, __m512d *out) {
    const __mmask8 negative =
        _mm512_cmpeq_epi64_mask(_mm512_and_si512(word, _mm512_set1_epi64(0xFF)), _mm512_set1_epi64('-'));
    if (negative) {
        start = _mm256_mask_add_epi32(start, negative, start, _mm256_set1_epi32(1));
        word = _mm512_mask_i32gather_epi64(word, negative, start, (const void *)base, 1);
    }
    const __m512i length = _mm512_cvtepi32_epi64(_mm256_sub_epi32(end, start));
    const __m512i zero = _mm512_setzero_si512(), eight = _mm512_set1_epi64(8);
    const __m512i integer = ltk_leading_digits(word);
    // No dot: 1–7 digits and nothing else.
    const __mmask8 whole = _mm512_cmpeq_epi64_mask(integer, length) & _mm512_cmplt_epi64_mask(integer, eight)
                           & _mm512_cmpgt_epi64_mask(integer, zero);
    // A dot after the integer digits: squeezed out (the integer bytes kept, the rest moved down
    // one byte), the digits then fill the field but for the dot.
    const __m512i atDot = _mm512_and_si512(_mm512_srlv_epi64(word, _mm512_slli_epi64(integer, 3)), _mm512_set1_epi64(0xFF));
    const __mmask8 dot = _mm512_cmpeq_epi64_mask(atDot, _mm512_set1_epi64('.')) & _mm512_cmplt_epi64_mask(integer, eight);
    const __m512i low = _mm512_sub_epi64(_mm512_sllv_epi64(_mm512_set1_epi64(1), _mm512_slli_epi64(integer, 3)), _mm512_set1_epi64(1));
    const __m512i squeezed = _mm512_ternarylogic_epi64(low, word, _mm512_srli_epi64(word, 8), 0xCA);  // low ? word : word >> 8
    const __m512i digits = ltk_leading_digits(squeezed);
    const __mmask8 dotted = dot & _mm512_cmpgt_epi64_mask(digits, zero)
                            & _mm512_cmpeq_epi64_mask(_mm512_add_epi64(digits, _mm512_set1_epi64(1)), length);
    const __m512i count = _mm512_mask_mov_epi64(integer, dotted, digits);
    __m512d value = ltk_exact_double(ltk_digit_value(_mm512_mask_mov_epi64(word, dotted, squeezed), count));
    // One IEEE division by an exact power of ten, as the Swift path (no reciprocal, no FMA).
    const __m512i fraction = _mm512_sub_epi64(digits, integer);
    const __mmask8 divide = dotted & _mm512_cmpgt_epi64_mask(fraction, zero);
    // Skipped where no lane has a fraction (a size column of whole numbers): the divider is
    // the slowest unit this kernel uses, masked-off lanes or not.
    if (divide) {
        const __m512d powers = _mm512_set_pd(1e7, 1e6, 1e5, 1e4, 1e3, 1e2, 1e1, 1e0);
        value = _mm512_mask_div_pd(value, divide, value, _mm512_permutexvar_pd(fraction, powers));
    }
    const __m512i sign = _mm512_set1_epi64((long long)0x8000000000000000ULL);
    *out = _mm512_castsi512_pd(_mm512_mask_xor_epi64(_mm512_castpd_si512(value), negative, _mm512_castpd_si512(value), sign));
    return whole | dotted;
}

/// Stage 1's list for one 64-byte step, as `ltk_list_structurals` writes it, with AVX-512 VBMI2:
/// each byte's entry (offset × 2, + 1 for a newline) packed in order by one `vpcompressb`, then
/// widened sixteen at a time; `out` must have 16 entries of room beyond the count. On a Zen 4,
/// stage 1 and 2 over a cached 1 MB block of tick lines: 10.3 ns a line with the bit-by-bit list,
/// 9.1 with this one (`LTK_CSV_PLAIN_ENTRIES` has the room).
__attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi2,popcnt"))) static inline int ltk_compress_structurals(
    uint64_t bits, uint64_t newline, int32_t at, int32_t *out) {
    const __m512i iota = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43,
                                         42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22,
                                         21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    // Offsets 0…63 doubled fit a byte (≤ 127) with the newline bit.
    const __m512i doubled = _mm512_add_epi8(iota, iota);
    const __m512i code = _mm512_mask_add_epi8(doubled, newline, doubled, _mm512_set1_epi8(1));
    const __m512i packed = _mm512_maskz_compress_epi8(bits, code);
    const int count = (int)_mm_popcnt_u64(bits);
    const __m512i offset = _mm512_set1_epi32(at << 1);
    _mm512_storeu_si512(out, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(packed)), offset));
    if (count > 16) {
        uint8_t spill[64];
        _mm512_storeu_si512(spill, packed);
        for (int k = 16; k < count; k += 16)
            _mm512_storeu_si512(out + k, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(spill + k))), offset));
    }
    return count;
}

/// Stage 1 at AVX-512: every delimiter and newline of `p[0 ..< length]`, in order, listed from
/// `entries[1]` by `list` (`ltk_list_structurals` or `ltk_compress_structurals`); returns how
/// many, and sets `*returns` to whether the block holds a `\r` (stage 2 looks for `\r\n` line
/// ends only then: a gather a group saved).
__attribute__((always_inline)) static inline intptr_t ltk_avx512_scan_with(
    int (*list)(uint64_t, uint64_t, int32_t, int32_t *), const uint8_t *p, intptr_t length, uint8_t delimiter,
    int32_t *entries, int *returns) {
    const __m512i delimiters = _mm512_set1_epi8((char)delimiter), newlines = _mm512_set1_epi8('\n');
    const __m512i carriageReturns = _mm512_set1_epi8('\r');
    int32_t *o = entries + 1;
    uint64_t seen = 0;
    for (intptr_t i = 0; i < length; i += 64) {
        const __mmask64 inside = length - i >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << (length - i)) - 1);
        const __m512i bytes = _mm512_maskz_loadu_epi8(inside, p + i);
        const uint64_t newline = _mm512_mask_cmpeq_epi8_mask(inside, bytes, newlines);
        const uint64_t bits = _mm512_mask_cmpeq_epi8_mask(inside, bytes, delimiters) | newline;
        seen |= _mm512_mask_cmpeq_epi8_mask(inside, bytes, carriageReturns);
        o += list(bits, newline, (int32_t)i, o);
    }
    *returns = seen != 0;
    return o - entries - 1;
}

/// Stage 1 at AVX-512 without VBMI2 (`ltk_list_structurals`).
static intptr_t ltk_avx512_scan(const uint8_t *p, intptr_t length, uint8_t delimiter, int32_t *entries, int *returns) {
    return ltk_avx512_scan_with(ltk_list_structurals, p, length, delimiter, entries, returns);
}

/// Stage 1 at AVX-512 with VBMI2 (`ltk_compress_structurals`); only where the CPU has it.
__attribute__((target("avx512f,avx512dq,avx512bw,avx512vl,avx512vbmi2,avx2,popcnt,bmi,bmi2"))) static intptr_t
ltk_avx512_vbmi2_scan(const uint8_t *p, intptr_t length, uint8_t delimiter, int32_t *entries, int *returns) {
    return ltk_avx512_scan_with(ltk_compress_structurals, p, length, delimiter, entries, returns);
}

/// One group's eight lines as stage 2 first reads them: each field's extent, and the words
/// holding its digits, gathered a group ahead of their use (the gathers' latency is what a
/// group waits on; the next group's are in flight while this one computes).
typedef struct {
    __m256i valueStart, valueEnd, sizeStart, sizeEnd;
    __m512i head, tail, valueWord, sizeWord, timeLength;
    __mmask8 longTime;
} ltk_avx512_group;

/// Reads the group of eight lines from `entries[k]` into `*g`; false (nothing gathered) when one
/// of them does not have `per` fields.
static inline int ltk_avx512_read_group(const uint8_t *base, const int32_t *entries, intptr_t k, int returns, int per,
                                        __m512i step, ltk_avx512_group *g) {
    const __m512i first16 = _mm512_loadu_si512(entries + k), next16 = _mm512_loadu_si512(entries + k + 16);
    __m256i field[4];
    __mmask16 shape = 0xFF;
    // Each line: its delimiters, then its newline (and the one before it).
    for (int t = 0; t <= per; t++) {
        const __m512i e = _mm512_permutex2var_epi32(first16, _mm512_add_epi32(step, _mm512_set1_epi32(t)), next16);
        const __m512i kind = _mm512_and_si512(e, _mm512_set1_epi32(1));
        shape &= _mm512_cmpeq_epi32_mask(kind, _mm512_set1_epi32(t == 0 || t == per ? 1 : 0));
        field[t] = _mm512_castsi512_si256(_mm512_srai_epi32(e, 1));
    }
    if ((shape & 0xFF) != 0xFF) return 0;
    const __m256i one = _mm256_set1_epi32(1);
    const __m256i lineStart = _mm256_add_epi32(field[0], one);
    const __m256i lineEnd = field[per];
    // `\r\n`: the last field ends before the `\r` (lineEnd ≥ 1: a line holds a delimiter).
    __m256i lastEnd = lineEnd;
    if (returns) {
        const __m256i before = _mm256_and_si256(_mm256_i32gather_epi32((const int *)(base - 1), lineEnd, 1), _mm256_set1_epi32(0xFF));
        lastEnd = _mm256_sub_epi32(lineEnd, _mm256_srli_epi32(_mm256_cmpeq_epi32(before, _mm256_set1_epi32('\r')), 31));
    }
    // The time: 1–15 digits; a second word (gathered only where there are more than 8,
    // so no load passes the field's delimiter by more than 8 bytes) when needed.
    g->timeLength = _mm512_cvtepi32_epi64(_mm256_sub_epi32(field[1], lineStart));
    g->head = _mm512_i32gather_epi64(lineStart, (const void *)base, 1);
    g->longTime = _mm512_cmpgt_epi64_mask(g->timeLength, _mm512_set1_epi64(8));
    g->tail = _mm512_mask_i32gather_epi64(_mm512_setzero_si512(), g->longTime,
                                          _mm256_add_epi32(lineStart, _mm256_set1_epi32(8)), (const void *)base, 1);
    g->valueStart = _mm256_add_epi32(field[1], one);
    g->valueEnd = per == 3 ? field[2] : lastEnd;
    g->valueWord = _mm512_i32gather_epi64(g->valueStart, (const void *)base, 1);
    if (per == 3) {
        g->sizeStart = _mm256_add_epi32(field[2], one);
        g->sizeEnd = lastEnd;
        g->sizeWord = _mm512_i32gather_epi64(g->sizeStart, (const void *)base, 1);
    }
    return 1;
}

/// Stage 2 at AVX-512: eight whole lines at a time from `entries[0]` (the newline before them)
/// while `found` entries and `room` ticks allow. The first group holding a line the vector path
/// does not take sets `*refused`; `*position` is left on the newline before the first line not
/// taken. Returns how many lines it wrote.
static intptr_t ltk_avx512_groups(const uint8_t *base, const int32_t *entries, intptr_t found, int returns, int per,
                                  uint64_t multiplier, ltk_plain_tick *ticks, uint32_t *symbols, intptr_t room,
                                  intptr_t *position, int *refused) {
    const __m512i tenPowers = _mm512_set_epi64(10000000, 1000000, 100000, 10000, 1000, 100, 10, 1);
    static const int64_t pickAB0[8] = {0, 8, 0, 1, 9, 0, 2, 10}, pickC0[8] = {0, 1, 8, 3, 4, 9, 6, 7};
    static const int64_t pickAB1[8] = {0, 3, 11, 0, 4, 12, 0, 5}, pickC1[8] = {10, 1, 2, 11, 4, 5, 12, 7};
    static const int64_t pickAB2[8] = {13, 0, 6, 14, 0, 7, 15, 0}, pickC2[8] = {0, 13, 2, 3, 14, 5, 6, 15};
    __m512i perUnit = _mm512_set1_epi64((long long)multiplier);
    __m512i limit = _mm512_set1_epi64(multiplier ? (long long)(UINT64_C(0x7FFFFFFFFFFFFFFF) / multiplier) : 0);
    intptr_t k = 0, lines = 0;
    const __m512i step = _mm512_mullo_epi32(_mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 4, 3, 2, 1, 0), _mm512_set1_epi32(per));
    ltk_avx512_group group, next;
    int readable = k + 8 * per <= found && room >= 8;
    int shaped = readable && ltk_avx512_read_group(base, entries, k, returns, per, step, &group);
    while (readable) {
        if (!shaped) {
            *refused = 1;
            break;
        }
        // The next group's reads first (see `ltk_avx512_group`).
        const intptr_t following = k + 8 * per;
        const int more = following + 8 * per <= found && room - lines >= 16;
        const int nextShaped = more && ltk_avx512_read_group(base, entries, following, returns, per, step, &next);

        const __m512i timeLength = group.timeLength;
        const __m512i headCount = _mm512_min_epi64(timeLength, _mm512_set1_epi64(8));
        const __m512i tailCount = _mm512_maskz_sub_epi64(group.longTime, timeLength, _mm512_set1_epi64(8));
        __mmask8 ok = _mm512_cmpgt_epi64_mask(timeLength, _mm512_setzero_si512())
                      & _mm512_cmplt_epi64_mask(timeLength, _mm512_set1_epi64(16))
                      & _mm512_cmpge_epi64_mask(ltk_leading_digits(group.head), headCount)
                      & _mm512_cmpge_epi64_mask(ltk_leading_digits(group.tail), tailCount);
        __m512i whole = ltk_digit_value(group.head, headCount);
        // Both factors are below 2^32 (8 digits, 10^7): one 32-bit multiply.
        whole = _mm512_add_epi64(_mm512_mul_epu32(whole, _mm512_permutexvar_epi64(tailCount, tenPowers)),
                                 ltk_digit_value(group.tail, tailCount));
        if (multiplier == 0) {
            // `.auto`: the unit by magnitude (the Swift `TimeUnit.autoNanosecondsPerUnit`);
            // at most 15 digits, so never nanoseconds.
            const __mmask8 seconds = _mm512_cmplt_epu64_mask(whole, _mm512_set1_epi64(100000000000LL));
            const __mmask8 millis = _mm512_cmplt_epu64_mask(whole, _mm512_set1_epi64(100000000000000LL));
            perUnit = _mm512_mask_mov_epi64(_mm512_set1_epi64(1000), millis, _mm512_set1_epi64(1000000));
            perUnit = _mm512_mask_mov_epi64(perUnit, seconds, _mm512_set1_epi64(1000000000));
            limit = _mm512_mask_mov_epi64(_mm512_set1_epi64(INT64_MAX / 1000), millis, _mm512_set1_epi64(INT64_MAX / 1000000));
            limit = _mm512_mask_mov_epi64(limit, seconds, _mm512_set1_epi64(INT64_MAX / 1000000000));
        }
        // whole × perUnit ≤ Int64.max exactly when whole ≤ ⌊Int64.max / perUnit⌋.
        ok &= _mm512_cmple_epu64_mask(whole, limit);
        const __m512i time = _mm512_mullo_epi64(whole, perUnit);
        __m512d value, size = _mm512_setzero_pd();
        ok &= ltk_plain_decimals(base, group.valueStart, group.valueEnd, group.valueWord, &value);
        if (per == 3) ok &= ltk_plain_decimals(base, group.sizeStart, group.sizeEnd, group.sizeWord, &size);
        if (ok != 0xFF) {
            *refused = 1;
            break;
        }
        // Eight Ticks { time, value, size }: the three columns interleaved.
        const __m512i a = time, b = _mm512_castpd_si512(value), c = _mm512_castpd_si512(size);
        int64_t *out = (int64_t *)(ticks + lines);
        _mm512_storeu_si512(out, _mm512_permutex2var_epi64(_mm512_permutex2var_epi64(a, _mm512_loadu_si512(pickAB0), b), _mm512_loadu_si512(pickC0), c));
        _mm512_storeu_si512(out + 8, _mm512_permutex2var_epi64(_mm512_permutex2var_epi64(a, _mm512_loadu_si512(pickAB1), b), _mm512_loadu_si512(pickC1), c));
        _mm512_storeu_si512(out + 16, _mm512_permutex2var_epi64(_mm512_permutex2var_epi64(a, _mm512_loadu_si512(pickAB2), b), _mm512_loadu_si512(pickC2), c));
        _mm256_storeu_si256((__m256i *)(symbols + lines), _mm256_setzero_si256());  // SymbolID.first
        lines += 8;
        k = following;
        readable = more;
        shaped = nextShaped;
        if (nextShaped) group = next;
    }
    *position = k;
    return lines;
}

#pragma clang attribute pop

// MARK: AVX2: four lines a vector

#pragma clang attribute push(__attribute__((target("avx2,popcnt,bmi,bmi2"))), apply_to = function)

/// `ltk_leading_digits` with AVX2: the bytes below the first non-digit, 2^(8c) − 1, are c bytes
/// of 0xFF, which `sad` counts per lane.
static inline __m256i ltk2_leading_digits(__m256i v) {
    const __m256i digit = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(v, _mm256_set1_epi8('0')), v),
                                           _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8('9')), v));
    const __m256i other = _mm256_xor_si256(digit, _mm256_set1_epi8(-1));
    const __m256i lowest = _mm256_and_si256(other, _mm256_sub_epi64(_mm256_setzero_si256(), other));
    const __m256i below = _mm256_sub_epi64(lowest, _mm256_set1_epi64x(1));
    return _mm256_sad_epu8(_mm256_and_si256(below, _mm256_set1_epi8(1)), _mm256_setzero_si256());
}

/// `ltk_digit_value` with AVX2: digit pairs, quads and octets by multiply-adds (simdjson's
/// eight-digit step), the same integers as the Swift SWAR steps.
static inline __m256i ltk2_digit_value(__m256i v, __m256i count) {
    __m256i x = _mm256_sllv_epi64(v, _mm256_sub_epi64(_mm256_set1_epi64x(64), _mm256_slli_epi64(count, 3)));
    x = _mm256_and_si256(x, _mm256_set1_epi8(0x0F));
    x = _mm256_maddubs_epi16(x, _mm256_set1_epi16(0x010A));  // first digit × 10 + second
    x = _mm256_madd_epi16(x, _mm256_set1_epi32(0x00010064));  // first pair × 100 + second
    return _mm256_add_epi64(_mm256_mul_epu32(x, _mm256_set1_epi64x(10000)), _mm256_srli_epi64(x, 32));
}

/// The 8 bytes at `base + offsets[j]` in lane j, where `lanes` has bit j (else 0). Four scalar
/// loads rather than an AVX2 gather: Bench ingest at `LIVETICKER_SIMD=avx2` on a Zen 4, 53–56 M
/// lines/s with gathers, 55–58 M with loads (AMD's earlier cores, the usual AVX2-only ones,
/// gather more slowly still).
static inline __m256i ltk2_words(const uint8_t *base, __m128i offsets, int lanes) {
    uint64_t w0 = 0, w1 = 0, w2 = 0, w3 = 0;
    if (lanes & 1) memcpy(&w0, base + _mm_extract_epi32(offsets, 0), 8);
    if (lanes & 2) memcpy(&w1, base + _mm_extract_epi32(offsets, 1), 8);
    if (lanes & 4) memcpy(&w2, base + _mm_extract_epi32(offsets, 2), 8);
    if (lanes & 8) memcpy(&w3, base + _mm_extract_epi32(offsets, 3), 8);
    return _mm256_setr_epi64x((long long)w0, (long long)w1, (long long)w2, (long long)w3);
}

/// The low 64 bits of a × b per lane.
static inline __m256i ltk2_multiply(__m256i a, __m256i b) {
    const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), b), _mm256_mul_epu32(a, _mm256_srli_epi64(b, 32)));
    return _mm256_add_epi64(_mm256_mul_epu32(a, b), _mm256_slli_epi64(cross, 32));
}

/// 10^index in each 64-bit lane, for indices 0…7 (a lane's high word, 0, would pick entry 0,
/// so it is cleared): one permute of an in-register table where a gather from a static one
/// stood. Why: the plain-line kernel alone over the Bench's 5 M-row file, 51.2–52.1 M lines/s
/// with the three gathers, 52.2–53.0 M with permutes (a C driver, three rounds in turn, AVX2 on
/// a Zen 3 EPYC VM), the same ticks bit for bit.
static inline __m256i ltk2_ten_power(__m256i index) {
    const __m256i table = _mm256_setr_epi32(1, 10, 100, 1000, 10000, 100000, 1000000, 10000000);
    return _mm256_and_si256(_mm256_permutevar8x32_epi32(table, index), _mm256_set1_epi64x(0xFFFFFFFF));
}

static inline __m256d ltk2_exact_double(__m256i v) {
    const __m256i biased = _mm256_or_si256(v, _mm256_set1_epi64x(0x4330000000000000LL));
    return _mm256_sub_pd(_mm256_castsi256_pd(biased), _mm256_set1_pd(4503599627370496.0));
}

/// `ltk_plain_decimals` with AVX2: the lanes (all ones) holding a plain decimal in
/// `[start, end)`, its value in `*out`.
static inline __m256i ltk2_plain_decimals(const uint8_t *base, __m128i start, __m128i end, __m256i word, __m256d *out) {
    const __m256i negative = _mm256_cmpeq_epi64(_mm256_and_si256(word, _mm256_set1_epi64x(0xFF)), _mm256_set1_epi64x('-'));
    if (!_mm256_testz_si256(negative, negative)) {
        // The lanes' −1 (all ones) narrowed to 32 bits: step past the sign.
        const __m128i step = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(negative, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
        start = _mm_sub_epi32(start, step);
        word = _mm256_blendv_epi8(word, ltk2_words(base, start, _mm256_movemask_pd(_mm256_castsi256_pd(negative))), negative);
    }
    const __m256i length = _mm256_cvtepi32_epi64(_mm_sub_epi32(end, start));
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1), eight = _mm256_set1_epi64x(8);
    const __m256i integer = ltk2_leading_digits(word);
    const __m256i under8 = _mm256_cmpgt_epi64(eight, integer);
    const __m256i whole = _mm256_and_si256(_mm256_and_si256(_mm256_cmpeq_epi64(integer, length), under8), _mm256_cmpgt_epi64(integer, zero));
    const __m256i atDot = _mm256_and_si256(_mm256_srlv_epi64(word, _mm256_slli_epi64(integer, 3)), _mm256_set1_epi64x(0xFF));
    const __m256i dot = _mm256_and_si256(_mm256_cmpeq_epi64(atDot, _mm256_set1_epi64x('.')), under8);
    const __m256i low = _mm256_sub_epi64(_mm256_sllv_epi64(one, _mm256_slli_epi64(integer, 3)), one);
    const __m256i squeezed = _mm256_or_si256(_mm256_and_si256(word, low), _mm256_andnot_si256(low, _mm256_srli_epi64(word, 8)));
    const __m256i digits = ltk2_leading_digits(squeezed);
    const __m256i dotted = _mm256_and_si256(
        _mm256_and_si256(dot, _mm256_cmpgt_epi64(digits, zero)), _mm256_cmpeq_epi64(_mm256_add_epi64(digits, one), length));
    const __m256i count = _mm256_blendv_epi8(integer, digits, dotted);
    __m256d value = ltk2_exact_double(ltk2_digit_value(_mm256_blendv_epi8(word, squeezed, dotted), count));
    const __m256i fraction = _mm256_sub_epi64(digits, integer);
    const __m256i divide = _mm256_and_si256(dotted, _mm256_cmpgt_epi64(fraction, zero));
    // 10^fraction is an integer below 2^52, so its conversion is exact.
    const __m256d power = ltk2_exact_double(ltk2_ten_power(_mm256_and_si256(fraction, _mm256_set1_epi64x(7))));
    value = _mm256_blendv_pd(value, _mm256_div_pd(value, power), _mm256_castsi256_pd(divide));
    const __m256i sign = _mm256_and_si256(negative, _mm256_set1_epi64x((long long)0x8000000000000000ULL));
    *out = _mm256_castsi256_pd(_mm256_xor_si256(_mm256_castpd_si256(value), sign));
    return _mm256_or_si256(whole, dotted);
}

/// Stage 1 at AVX2 (`ltk_avx512_scan`), 64 bytes a step as two 32-byte halves; the last step
/// from a zero-padded copy (AVX2 has no masked byte loads).
static intptr_t ltk_avx2_scan(const uint8_t *p, intptr_t length, uint8_t delimiter, int32_t *entries, int *returns) {
    const __m256i delimiters = _mm256_set1_epi8((char)delimiter), newlines = _mm256_set1_epi8('\n');
    const __m256i carriageReturns = _mm256_set1_epi8('\r');
    __m256i seen = _mm256_setzero_si256();
    int32_t *o = entries + 1;
    for (intptr_t i = 0; i < length; i += 64) {
        uint8_t tail[64];
        const uint8_t *from = p + i;
        if (length - i < 64) {
            memset(tail, 0, sizeof tail);
            memcpy(tail, from, (size_t)(length - i));
            from = tail;
        }
        const __m256i lowHalf = _mm256_loadu_si256((const __m256i *)from), highHalf = _mm256_loadu_si256((const __m256i *)(from + 32));
        const uint64_t newline = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(lowHalf, newlines))
                                 | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(highHalf, newlines)) << 32;
        const uint64_t split = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(lowHalf, delimiters))
                               | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(highHalf, delimiters)) << 32;
        seen = _mm256_or_si256(seen, _mm256_or_si256(_mm256_cmpeq_epi8(lowHalf, carriageReturns), _mm256_cmpeq_epi8(highHalf, carriageReturns)));
        o += ltk_list_structurals(split | newline, newline, (int32_t)i, o);
    }
    *returns = !_mm256_testz_si256(seen, seen);
    return o - entries - 1;
}

/// `ltk_avx512_group` at AVX2: four lines' field extents and words, read a group ahead.
typedef struct {
    __m128i valueStart, valueEnd, sizeStart, sizeEnd;
    __m256i head, tail, valueWord, sizeWord, timeLength, longTime;
} ltk_avx2_group;

/// `ltk_avx512_read_group` at AVX2: false (nothing read) when a line lacks `per` fields.
static inline int ltk_avx2_read_group(const uint8_t *base, const int32_t *entries, intptr_t k, int returns, int per,
                                      __m128i step, ltk_avx2_group *g) {
    __m128i field[4];
    int shape = 1;
    // Entries k … k + 4·per (at most 13): two loads, each line's picked by two permutes.
    const __m256i low8 = _mm256_loadu_si256((const __m256i *)(entries + k));
    const __m256i high8 = _mm256_loadu_si256((const __m256i *)(entries + k + 8));
    for (int t = 0; t <= per; t++) {
        const __m256i index = _mm256_castsi128_si256(_mm_add_epi32(step, _mm_set1_epi32(t)));
        const __m256i fromLow = _mm256_permutevar8x32_epi32(low8, index);
        const __m256i fromHigh = _mm256_permutevar8x32_epi32(high8, index);  // index − 8 modulo 8
        const __m256i high = _mm256_cmpgt_epi32(index, _mm256_set1_epi32(7));
        const __m128i e = _mm256_castsi256_si128(_mm256_blendv_epi8(fromLow, fromHigh, high));
        const __m128i kind = _mm_and_si128(e, _mm_set1_epi32(1));
        shape &= _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(kind, _mm_set1_epi32(t == 0 || t == per ? 1 : 0)))) == 0xF;
        field[t] = _mm_srai_epi32(e, 1);
    }
    if (!shape) return 0;
    const __m128i one = _mm_set1_epi32(1);
    const __m128i lineStart = _mm_add_epi32(field[0], one);
    const __m128i lineEnd = field[per];
    __m128i lastEnd = lineEnd;
    if (returns) {
        const __m128i before = _mm_and_si128(_mm_i32gather_epi32((const int *)(base - 1), lineEnd, 1), _mm_set1_epi32(0xFF));
        lastEnd = _mm_add_epi32(lineEnd, _mm_cmpeq_epi32(before, _mm_set1_epi32('\r')));
    }
    g->timeLength = _mm256_cvtepi32_epi64(_mm_sub_epi32(field[1], lineStart));
    g->head = ltk2_words(base, lineStart, 0xF);
    g->longTime = _mm256_cmpgt_epi64(g->timeLength, _mm256_set1_epi64x(8));
    g->tail = ltk2_words(base, _mm_add_epi32(lineStart, _mm_set1_epi32(8)), _mm256_movemask_pd(_mm256_castsi256_pd(g->longTime)));
    g->valueStart = _mm_add_epi32(field[1], one);
    g->valueEnd = per == 3 ? field[2] : lastEnd;
    g->valueWord = ltk2_words(base, g->valueStart, 0xF);
    if (per == 3) {
        g->sizeStart = _mm_add_epi32(field[2], one);
        g->sizeEnd = lastEnd;
        g->sizeWord = ltk2_words(base, g->sizeStart, 0xF);
    }
    return 1;
}

/// Stage 2 at AVX2 (`ltk_avx512_groups`), four whole lines at a time.
static intptr_t ltk_avx2_groups(const uint8_t *base, const int32_t *entries, intptr_t found, int returns, int per,
                                uint64_t multiplier, ltk_plain_tick *ticks, uint32_t *symbols, intptr_t room,
                                intptr_t *position, int *refused) {
    const __m256i fixedUnit = _mm256_set1_epi64x((long long)multiplier);
    const __m256i fixedLimit = _mm256_set1_epi64x(multiplier ? (long long)(UINT64_C(0x7FFFFFFFFFFFFFFF) / multiplier) : 0);
    intptr_t k = 0, lines = 0;
    const __m128i step = _mm_mullo_epi32(_mm_setr_epi32(0, 1, 2, 3), _mm_set1_epi32(per));
    ltk_avx2_group group, next;
    int readable = k + 4 * per <= found && room >= 4;
    int shaped = readable && ltk_avx2_read_group(base, entries, k, returns, per, step, &group);
    while (readable) {
        if (!shaped) {
            *refused = 1;
            break;
        }
        const intptr_t following = k + 4 * per;
        const int more = following + 4 * per <= found && room - lines >= 8;
        const int nextShaped = more && ltk_avx2_read_group(base, entries, following, returns, per, step, &next);

        const __m256i timeLength = group.timeLength, longTime = group.longTime;
        const __m256i eight = _mm256_set1_epi64x(8);
        const __m256i headCount = _mm256_blendv_epi8(timeLength, eight, longTime);
        const __m256i tailCount = _mm256_and_si256(longTime, _mm256_sub_epi64(timeLength, eight));
        __m256i ok = _mm256_and_si256(_mm256_cmpgt_epi64(timeLength, _mm256_setzero_si256()),
                                      _mm256_cmpgt_epi64(_mm256_set1_epi64x(16), timeLength));
        ok = _mm256_andnot_si256(_mm256_cmpgt_epi64(headCount, ltk2_leading_digits(group.head)), ok);
        ok = _mm256_andnot_si256(_mm256_cmpgt_epi64(tailCount, ltk2_leading_digits(group.tail)), ok);
        const __m256i scale = ltk2_ten_power(tailCount);
        // Both factors are below 2^32 (8 digits, 10^7): one 32-bit multiply each.
        const __m256i whole = _mm256_add_epi64(_mm256_mul_epu32(ltk2_digit_value(group.head, headCount), scale),
                                               ltk2_digit_value(group.tail, tailCount));
        __m256i perUnit = fixedUnit, limit = fixedLimit;
        if (multiplier == 0) {
            const __m256i seconds = _mm256_cmpgt_epi64(_mm256_set1_epi64x(100000000000LL), whole);
            const __m256i millis = _mm256_cmpgt_epi64(_mm256_set1_epi64x(100000000000000LL), whole);
            perUnit = _mm256_blendv_epi8(_mm256_set1_epi64x(1000), _mm256_set1_epi64x(1000000), millis);
            perUnit = _mm256_blendv_epi8(perUnit, _mm256_set1_epi64x(1000000000), seconds);
            limit = _mm256_blendv_epi8(_mm256_set1_epi64x(INT64_MAX / 1000), _mm256_set1_epi64x(INT64_MAX / 1000000), millis);
            limit = _mm256_blendv_epi8(limit, _mm256_set1_epi64x(INT64_MAX / 1000000000), seconds);
        }
        // Signed compares are exact here: whole < 10^15 and limit ≤ Int64.max.
        ok = _mm256_andnot_si256(_mm256_cmpgt_epi64(whole, limit), ok);
        const __m256i time = ltk2_multiply(whole, perUnit);
        __m256d value, size = _mm256_setzero_pd();
        ok = _mm256_and_si256(ok, ltk2_plain_decimals(base, group.valueStart, group.valueEnd, group.valueWord, &value));
        if (per == 3) ok = _mm256_and_si256(ok, ltk2_plain_decimals(base, group.sizeStart, group.sizeEnd, group.sizeWord, &size));
        if (_mm256_movemask_pd(_mm256_castsi256_pd(ok)) != 0xF) {
            *refused = 1;
            break;
        }
        int64_t times[4];
        double values[4], sizes[4];
        _mm256_storeu_si256((__m256i *)times, time);
        _mm256_storeu_pd(values, value);
        _mm256_storeu_pd(sizes, size);
        for (int j = 0; j < 4; j++) {
            ticks[lines + j] = (ltk_plain_tick){times[j], values[j], sizes[j]};
            symbols[lines + j] = 0;  // SymbolID.first
        }
        lines += 4;
        k = following;
        readable = more;
        shaped = nextShaped;
        if (nextShaped) group = next;
    }
    *position = k;
    return lines;
}

#pragma clang attribute pop

/// One level's two stages (`ltk_avx512_scan`, `ltk_avx512_groups`).
typedef intptr_t (*ltk_plain_scan)(const uint8_t *p, intptr_t length, uint8_t delimiter, int32_t *entries, int *returns);
typedef intptr_t (*ltk_plain_groups)(const uint8_t *base, const int32_t *entries, intptr_t found, int returns, int per,
                                     uint64_t multiplier, ltk_plain_tick *ticks, uint32_t *symbols, intptr_t room,
                                     intptr_t *position, int *refused);

/// Block after block from `start`: stage 1 lists a block's delimiters and newlines in `entries`
/// (after a virtual newline at offset −1, the end of the line before the block: offset × 2 + 1
/// for a newline, + 0 for a delimiter), stage 2 parses its whole lines in groups of `group`; the
/// next block starts at the first line not taken (a block's last lines are scanned again with
/// the next, the line its end cut among them). A refusal in the first lines costs only a short
/// scan (the Swift loop calls again after each odd line): the block grows while whole blocks
/// are taken. Ends at a refused group, the input's end, or a block with no whole group.
static intptr_t ltk_plain_blocks(ltk_plain_scan scan, ltk_plain_groups groups, intptr_t group, const uint8_t *start,
                                 const uint8_t *stop, int columns, uint8_t delimiter, uint64_t multiplier,
                                 ltk_plain_tick *ticks, uint32_t *symbols, intptr_t room, int32_t *entries,
                                 const uint8_t **next) {
    const uint8_t *p = start;
    intptr_t lines = 0;
    intptr_t block = LTK_PLAIN_FIRST_BLOCK;
    while (room - lines >= group && p < stop) {
        const intptr_t length = stop - p < block ? stop - p : block;
        entries[0] = -1;
        int returns = 0;
        const intptr_t found = scan(p, length, delimiter, entries, &returns);
        intptr_t position = 0;
        int refused = 0;
        lines += groups(p, entries, found, returns, columns, multiplier, ticks + lines, symbols + lines, room - lines,
                        &position, &refused);
        p += (entries[position] >> 1) + 1;
        if (refused || length < block || position == 0) break;
        block = block * 2 < LTK_PLAIN_BLOCK ? block * 2 : LTK_PLAIN_BLOCK;
    }
    *next = p;
    return lines;
}

intptr_t ltk_csv_plain_lines(int level, const uint8_t *start, const uint8_t *stop, int columns, uint8_t delimiter,
                             uint64_t multiplier, void *ticks, uint32_t *symbols, intptr_t room, int32_t *entries,
                             const uint8_t **next) {
    *next = start;
    const int compress = !(level & LTK_CSV_PLAIN_WITHOUT_VBMI2) && ltk_has_vbmi2();
    level &= ~LTK_CSV_PLAIN_WITHOUT_VBMI2;
    if ((level != LTK_LEVEL_AVX512 && level != LTK_LEVEL_AVX2) || (columns != 2 && columns != 3)) return 0;
    // Stage 1 splits lines at every delimiter byte: one that a plain field may hold (a digit,
    // a sign, a dot, a line end) would split them where the Swift loop does not.
    // (AVX2's last step scans a zero-padded copy: no NUL delimiter either.)
    if ((delimiter >= '0' && delimiter <= '9') || delimiter == '-' || delimiter == '.' || delimiter == '\r' || delimiter == '\n'
        || delimiter == 0)
        return 0;
    if (level == LTK_LEVEL_AVX2)
        return ltk_plain_blocks(ltk_avx2_scan, ltk_avx2_groups, 4, start, stop, columns, delimiter, multiplier, ticks, symbols,
                                room, entries, next);
    return ltk_plain_blocks(compress ? ltk_avx512_vbmi2_scan : ltk_avx512_scan, ltk_avx512_groups, 8, start, stop,
                            columns, delimiter, multiplier, ticks, symbols, room, entries, next);
}

#else  // not x86-64: the Swift loop parses every line.

intptr_t ltk_csv_plain_lines(int level, const uint8_t *start, const uint8_t *stop, int columns, uint8_t delimiter,
                             uint64_t multiplier, void *ticks, uint32_t *symbols, intptr_t room, int32_t *entries,
                             const uint8_t **next) {
    (void)level, (void)stop, (void)columns, (void)delimiter, (void)multiplier, (void)ticks, (void)symbols, (void)room;
    (void)entries;
    *next = start;
    return 0;
}

#endif
