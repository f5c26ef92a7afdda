import CDRM

#if canImport(Glibc)
import Glibc
#endif

/// One XRGB8888 dumb buffer: created, mapped and registered as a framebuffer object.
///
/// Dumb buffers are often uncached/write-combined memory: frames are rendered elsewhere and
/// copied in with `PixelCopy` (writes only, never reads).
struct DumbBuffer {
    /// GEM handle.
    let handle: UInt32
    /// Framebuffer object id from `drmModeAddFB2`.
    let framebufferID: UInt32
    /// Bytes per row as the driver laid it out (≥ width × 4).
    let pitch: Int
    /// Mapped size in bytes.
    let size: Int
    /// Start of the mapping.
    ///
    /// Invariant: valid for `size` bytes until `destroy(fd:)`.
    let memory: UnsafeMutableRawPointer
    let width: Int
    let height: Int

    /// Creates, maps and registers a `width × height` buffer on `card`.
    /// - Cost: a few ioctls and one mmap; the kernel allocates `pitch × height` bytes.
    init(card: DRMCard, width: Int, height: Int) throws(DisplayError) {
        let fd = card.fd
        var create = drm_mode_create_dumb()
        create.width = UInt32(width)
        create.height = UInt32(height)
        create.bpp = 32
        guard lt_drm_create_dumb(fd, &create) == 0 else {
            throw .systemCall(device: card.path, call: "DRM_IOCTL_MODE_CREATE_DUMB \(width)x\(height)", errno: errno)
        }
        var map = drm_mode_map_dumb()
        map.handle = create.handle
        guard lt_drm_map_dumb(fd, &map) == 0 else {
            let code = errno
            _ = lt_drm_destroy_dumb(fd, create.handle)
            throw .systemCall(device: card.path, call: "DRM_IOCTL_MODE_MAP_DUMB", errno: code)
        }
        let mapped = mmap(nil, Int(create.size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(map.offset))
        guard let mapped, mapped != MAP_FAILED else {
            let code = errno
            _ = lt_drm_destroy_dumb(fd, create.handle)
            throw .systemCall(device: card.path, call: "mmap of a dumb buffer", errno: code)
        }
        let handles: [UInt32] = [create.handle, 0, 0, 0]
        let pitches: [UInt32] = [create.pitch, 0, 0, 0]
        let offsets: [UInt32] = [0, 0, 0, 0]
        var framebufferID: UInt32 = 0
        let result = drmModeAddFB2(
            fd, UInt32(width), UInt32(height), LT_DRM_FORMAT_XRGB8888, handles, pitches, offsets,
            &framebufferID, 0)
        guard result == 0 else {
            munmap(mapped, Int(create.size))
            _ = lt_drm_destroy_dumb(fd, create.handle)
            throw .systemCall(device: card.path, call: "drmModeAddFB2 (XRGB8888)", errno: -result)
        }
        self.handle = create.handle
        self.framebufferID = framebufferID
        self.pitch = Int(create.pitch)
        self.size = Int(create.size)
        self.memory = mapped
        self.width = width
        self.height = height
    }

    /// Removes the framebuffer object, unmaps and destroys the buffer.
    func destroy(fd: Int32) {
        _ = drmModeRmFB(fd, framebufferID)
        munmap(memory, size)
        _ = lt_drm_destroy_dumb(fd, handle)
    }
}
