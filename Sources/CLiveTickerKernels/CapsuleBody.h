// The capsules of a stroke's segments (LiveTickerRender's `StrokeCapsule.init` over the
// segments `collectMonotoneCapsules` finds inside the widened clip, the reference), written
// once and compiled once per level like SweepBody.h: four segments at a time, each lane doing
// the Swift operations in the Swift order (Double differences, conversions to Float, one
// square root and the divisions, no FMA), so every field is bit-identical.
//
// Not a public header: included only by Kernels.c.

typedef double LTK_FN(d4) __attribute__((vector_size(32)));
typedef int64_t LTK_FN(l4) __attribute__((vector_size(32)));
typedef float LTK_FN(f4) __attribute__((vector_size(16)));
typedef int32_t LTK_FN(i4) __attribute__((vector_size(16)));
#define D4 LTK_FN(d4)
#define L4 LTK_FN(l4)
#define F4 LTK_FN(f4)
#define I4 LTK_FN(i4)

/// One capsule, scalar: the Swift `StrokeCapsule.init` of the clip-relative segment.
static inline __attribute__((always_inline)) void LTK_FN(capsule1)(
    double x0, double y0, double x1, double y1, ltk_capsule *out) {
    const bool ordered = x0 <= x1;
    const double lx = ordered ? x0 : x1, ly = ordered ? y0 : y1;
    const double rx = ordered ? x1 : x0, ry = ordered ? y1 : y0;
    out->ax = (float)lx;
    out->ay = (float)ly;
    out->bx = (float)rx;
    out->by = (float)ry;
    const float dx = (float)(rx - lx), dy = (float)(ry - ly);
    const float len = __builtin_sqrtf(dx * dx + dy * dy);
    out->length = len;
    if (len < 1e-9f) {
        out->ux = 1;
        out->uy = 0;
    } else {
        const float inverse = 1 / len;
        out->ux = dx * inverse;
        out->uy = dy * inverse;
    }
    const bool spans = dx >= 1.0f / 1024;
    out->spans_columns = spans;
    out->slope = spans ? dy / dx : 0;
}

/// The point lies inside the widened clip (false for NaN and ±∞).
static inline __attribute__((always_inline)) bool LTK_FN(inside)(double x, double y, const ltk_stroke_box *box) {
    return x >= box->min_x && x <= box->max_x && y >= box->min_y && y <= box->max_y;
}

/// `ltk_inside_capsules` at this level (see the header).
static intptr_t LTK_FN(capsules)(const double *xs, const double *ys, intptr_t n, const ltk_stroke_box *box,
                                 ltk_capsule *out, intptr_t room, const ltk_capsule *previous, bool *forwards,
                                 bool *backwards) {
    if (n < 2 || room <= 0 || !LTK_FN(inside)(xs[0], ys[0], box)) return 0;
    // The sortedness of both ends, as the Swift loop keeps it capsule by capsule.
    bool up = *forwards, down = *backwards;
    float last_ax = previous ? previous->ax : 0, last_bx = previous ? previous->bx : 0;
    bool have_last = previous != NULL;
    const D4 ox = (D4){0} + box->origin_x, oy = (D4){0} + box->origin_y;
    const D4 min_x = (D4){0} + box->min_x, max_x = (D4){0} + box->max_x;
    const D4 min_y = (D4){0} + box->min_y, max_y = (D4){0} + box->max_y;
    const F4 tiny = (F4){0} + 1e-9f, narrow = (F4){0} + 1.0f / 1024, one = (F4){0} + 1.0f;
    intptr_t k = 0;
    // Four segments (points k+1 ... k+4 their right ends) while all four ends lie inside.
    while (k + 4 < n && k + 4 <= room) {
        D4 xb, yb;
        __builtin_memcpy(&xb, xs + k + 1, sizeof xb);
        __builtin_memcpy(&yb, ys + k + 1, sizeof yb);
        const L4 in = (L4)(xb >= min_x) & (L4)(xb <= max_x) & (L4)(yb >= min_y) & (L4)(yb <= max_y);
        if (!(in[0] & in[1] & in[2] & in[3])) break;
        D4 xa, ya;
        __builtin_memcpy(&xa, xs + k, sizeof xa);
        __builtin_memcpy(&ya, ys + k, sizeof ya);
        const D4 x0 = xa - ox, y0 = ya - oy, x1 = xb - ox, y1 = yb - oy;
        const L4 ordered = (L4)(x0 <= x1);
        const D4 lx = (D4)(((L4)x0 & ordered) | ((L4)x1 & ~ordered));
        const D4 ly = (D4)(((L4)y0 & ordered) | ((L4)y1 & ~ordered));
        const D4 rx = (D4)(((L4)x1 & ordered) | ((L4)x0 & ~ordered));
        const D4 ry = (D4)(((L4)y1 & ordered) | ((L4)y0 & ~ordered));
        const F4 ax = __builtin_convertvector(lx, F4), ay = __builtin_convertvector(ly, F4);
        const F4 bx = __builtin_convertvector(rx, F4), by = __builtin_convertvector(ry, F4);
        const F4 dx = __builtin_convertvector(rx - lx, F4), dy = __builtin_convertvector(ry - ly, F4);
        const F4 len = (F4)_mm_sqrt_ps((__m128)(dx * dx + dy * dy));
        const I4 dot = len < tiny;
        const F4 inverse = one / len;
        const F4 ux = (F4)(((I4)one & dot) | ((I4)(dx * inverse) & ~dot));
        const F4 uy = (F4)((I4)(dy * inverse) & ~dot);
        const I4 spans = dx >= narrow;
        const F4 slope = (F4)((I4)(dy / dx) & spans);
        // The four capsules' first eight fields transposed to one row of eight floats each
        // (stored at the 36-byte pitch `_Static_assert`ed in Kernels.c), then their flags; and
        // the order checks four lanes at once. Field by field and lane by lane they were a
        // third of this function's instructions (the 1080p reference frame's four lines in a
        // C driver, AVX2 on a Zen 3 EPYC VM: 0.032 -> 0.025 ms).
        const __m128 t0 = _mm_unpacklo_ps((__m128)ax, (__m128)ay), t1 = _mm_unpackhi_ps((__m128)ax, (__m128)ay);
        const __m128 t2 = _mm_unpacklo_ps((__m128)bx, (__m128)by), t3 = _mm_unpackhi_ps((__m128)bx, (__m128)by);
        const __m128 t4 = _mm_unpacklo_ps((__m128)ux, (__m128)uy), t5 = _mm_unpackhi_ps((__m128)ux, (__m128)uy);
        const __m128 t6 = _mm_unpacklo_ps((__m128)len, (__m128)slope), t7 = _mm_unpackhi_ps((__m128)len, (__m128)slope);
        float *row = (float *)(out + k);
        _mm_storeu_ps(row, _mm_movelh_ps(t0, t2));
        _mm_storeu_ps(row + 4, _mm_movelh_ps(t4, t6));
        _mm_storeu_ps(row + 9, _mm_movehl_ps(t2, t0));
        _mm_storeu_ps(row + 13, _mm_movehl_ps(t6, t4));
        _mm_storeu_ps(row + 18, _mm_movelh_ps(t1, t3));
        _mm_storeu_ps(row + 22, _mm_movelh_ps(t5, t7));
        _mm_storeu_ps(row + 27, _mm_movehl_ps(t3, t1));
        _mm_storeu_ps(row + 31, _mm_movehl_ps(t7, t5));
        for (int lane = 0; lane < 4; lane++) out[k + lane].spans_columns = spans[lane] != 0;
        // Both ends' order against the capsule before (the last of the previous four for lane 0).
        const F4 prev_ax = __builtin_shufflevector((F4){0} + last_ax, ax, 0, 4, 5, 6);
        const F4 prev_bx = __builtin_shufflevector((F4){0} + last_bx, bx, 0, 4, 5, 6);
        I4 before = (ax < prev_ax) | (bx < prev_bx), after = (ax > prev_ax) | (bx > prev_bx);
        if (!have_last) {
            before[0] = 0;
            after[0] = 0;
        }
        if (before[0] | before[1] | before[2] | before[3]) up = false;
        if (after[0] | after[1] | after[2] | after[3]) down = false;
        last_ax = ax[3];
        last_bx = bx[3];
        have_last = true;
        k += 4;
    }
    while (k + 1 < n && k < room && LTK_FN(inside)(xs[k + 1], ys[k + 1], box)) {
        LTK_FN(capsule1)(xs[k] - box->origin_x, ys[k] - box->origin_y, xs[k + 1] - box->origin_x,
                         ys[k + 1] - box->origin_y, out + k);
        if (have_last) {
            if (out[k].ax < last_ax || out[k].bx < last_bx) up = false;
            if (out[k].ax > last_ax || out[k].bx > last_bx) down = false;
        }
        last_ax = out[k].ax;
        last_bx = out[k].bx;
        have_last = true;
        k++;
    }
    *forwards = up;
    *backwards = down;
    return k;
}

#undef D4
#undef L4
#undef F4
#undef I4
