// The kernels' test for a finite double, shared by their files.
//
// Not a public header: included only by the kernels' own files.
#ifndef LTK_FINITE_H
#define LTK_FINITE_H

#include <stdbool.h>

/// x is neither NaN nor ±∞ (x − x is 0 exactly then, NaN otherwise).
static inline bool ltk_finite(double x) { return x - x == 0; }

#endif
