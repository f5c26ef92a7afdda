// libdrm (libdrm-dev). Function-like macros are not visible to Swift, so the
// values LiveTickerDisplay needs are re-exported below as constants.
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

static const uint32_t LT_DRM_FORMAT_XRGB8888 = DRM_FORMAT_XRGB8888;
