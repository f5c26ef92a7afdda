// libdrm (libdrm-dev) and the Linux fbdev/console interfaces LiveTickerDisplay uses.
//
// Swift does not import function-like macros (DRM_FORMAT_XRGB8888, DRM_IOCTL_*, FBIOGET_*) nor
// variadic C functions (ioctl), so the values and calls it needs are re-exported here as
// constants and static inline functions.
#include <stdint.h>
#include <errno.h>
#include <sys/ioctl.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#include <linux/fb.h>
#include <linux/kd.h>

static const uint32_t LT_DRM_FORMAT_XRGB8888 = DRM_FORMAT_XRGB8888;

static const unsigned long LT_DRM_IOCTL_MODE_CREATE_DUMB = DRM_IOCTL_MODE_CREATE_DUMB;
static const unsigned long LT_DRM_IOCTL_MODE_MAP_DUMB = DRM_IOCTL_MODE_MAP_DUMB;
static const unsigned long LT_DRM_IOCTL_MODE_DESTROY_DUMB = DRM_IOCTL_MODE_DESTROY_DUMB;

static const unsigned long LT_FBIOGET_VSCREENINFO = FBIOGET_VSCREENINFO;
static const unsigned long LT_FBIOGET_FSCREENINFO = FBIOGET_FSCREENINFO;
static const unsigned long LT_FBIOPAN_DISPLAY = FBIOPAN_DISPLAY;
static const unsigned long LT_KDSETMODE = KDSETMODE;
static const unsigned long LT_KDGETMODE = KDGETMODE;
static const int LT_KD_TEXT = KD_TEXT;
static const int LT_KD_GRAPHICS = KD_GRAPHICS;

/// Creates a dumb buffer (DRM_IOCTL_MODE_CREATE_DUMB); returns 0 or -1 with errno set.
static inline int lt_drm_create_dumb(int fd, struct drm_mode_create_dumb *request) {
    return drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, request);
}

/// Asks for the mmap offset of a dumb buffer (DRM_IOCTL_MODE_MAP_DUMB).
static inline int lt_drm_map_dumb(int fd, struct drm_mode_map_dumb *request) {
    return drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, request);
}

/// Destroys a dumb buffer (DRM_IOCTL_MODE_DESTROY_DUMB).
static inline int lt_drm_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb request = { .handle = handle };
    return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &request);
}

/// FBIOGET_VSCREENINFO: the variable screen information of an fbdev device.
static inline int lt_fb_get_var(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOGET_VSCREENINFO, info);
}

/// FBIOGET_FSCREENINFO: the fixed screen information (line length, memory size).
static inline int lt_fb_get_fix(int fd, struct fb_fix_screeninfo *info) {
    return ioctl(fd, FBIOGET_FSCREENINFO, info);
}

/// KDGETMODE on a virtual terminal: KD_TEXT or KD_GRAPHICS in *mode.
static inline int lt_kd_get_mode(int fd, int *mode) {
    return ioctl(fd, KDGETMODE, mode);
}

/// KDSETMODE on a virtual terminal: KD_GRAPHICS stops fbcon drawing over the framebuffer.
static inline int lt_kd_set_mode(int fd, int mode) {
    return ioctl(fd, KDSETMODE, (unsigned long)mode);
}
