/// Blend2D (through the `blend2d-python` bindings, PyPI) drawing the reference frame
/// (`Docs/reference-figures.md`) in the same session: the renderer the frame is measured
/// against (≈ 4.5 ms of CPU at 1080p in the reference figures).
///
/// The scene mirrors ``ReferenceScene``: plot background, 10 + 10 grid lines, 4 random-walk
/// series of one point per plot column stroked at 1.5 px (anti-aliased), a 30 % area under the
/// first, 240 candles (body and 1-px wick) of 8 ticks each, 40 labels in DejaVu Sans Mono, the
/// data scrolling by 8 ticks a frame. The image and its `BLContext` are made once, before the
/// first frame, and the paths are built in Python outside the timed part (so Python's loops cost
/// Blend2D nothing); the timed part is every drawing call of one frame and the final flush, into
/// an XRGB32 image, in wall time and in the thread's CPU time (`time.thread_time`, the clock
/// ours is measured with too). The script is kept running (``PeerProcess``): after 10
/// unmeasured frames it draws as many frames as it is asked for at a time, so that its frames
/// and ours can be drawn in turn.
final class Blend2DPeer {
    static let script = """
        import sys, time, random
        import blend2d as b
        W, H = int(sys.argv[1]), int(sys.argv[2])
        def rgba(r, g, b_, a): return (b_ / 255, g / 255, r / 255, a / 255)  # the bindings take 0…1, blue first
        img = b.BLImage(W, H, b.BLFormat.XRGB32)
        face = b.BLFontFace.create_from_file("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        font = b.BLFont(); font.create_from_face(face, 14.0)
        left, top, right, bottom = 8, 32, W - 90, H - 32
        pw = right - left
        rnd = random.Random(2024)
        walks = []
        for level in (100.0, 120.0, 80.0, 110.0):
            w = [level]
            for _ in range(pw + 8 * 200): w.append(w[-1] + rnd.uniform(-0.5, 0.5))
            walks.append(w)
        def build(offset):
            visible = [w[offset:offset + pw] for w in walks]
            lo = min(min(v) for v in visible); hi = max(max(v) for v in visible)
            pad = (hi - lo) * 0.06; lo -= pad; hi += pad
            def py(v): return top + (hi - v) / (hi - lo) * (bottom - top)
            grid = b.BLPath()
            for k in range(1, 11):
                y = top + k * (bottom - top) / 11 + 0.5; grid.move_to(left, y); grid.line_to(right, y)
                x = left + k * pw / 11 + 0.5; grid.move_to(x, top); grid.line_to(x, bottom)
            lines = []
            for v in visible:
                p = b.BLPath(); p.move_to(left + 0.5, py(v[0]))
                for i in range(1, pw): p.line_to(left + i + 0.5, py(v[i]))
                lines.append(p)
            area = b.BLPath(); area.move_to(left + 0.5, bottom)
            for i in range(pw): area.line_to(left + i + 0.5, py(visible[0][i]))
            area.line_to(left + pw - 0.5, bottom); area.close()
            up = b.BLPath(); down = b.BLPath(); wicks = b.BLPath()
            slot = pw / 240
            for c in range(240):
                ticks = visible[0][int(c * slot):int((c + 1) * slot)] or [visible[0][-1]]
                x = left + c * slot; o = py(ticks[0]); cl = py(ticks[-1])
                (up if cl <= o else down).add_rect(b.BLRect(x + slot * 0.2, min(o, cl), max(2, slot * 0.6), max(1, abs(cl - o))))
                wicks.move_to(x + slot / 2, py(max(ticks))); wicks.line_to(x + slot / 2, py(min(ticks)))
            return grid, lines, area, up, down, wicks
        colours = (rgba(0x4f, 0xc3, 0xf7, 255), rgba(0xff, 0xb7, 0x4d, 255), rgba(0xba, 0x68, 0xc8, 255), rgba(0x81, 0xc7, 0x84, 255))
        ctx = b.BLContext(img)  # once, outside the timed frames (ours keeps its framebuffer too)
        def frame(built):
            grid, lines, area, up, down, wicks = built
            ctx.set_fill_style(rgba(0x0e, 0x11, 0x17, 255)); ctx.fill_all()
            ctx.set_fill_style(rgba(0x12, 0x17, 0x22, 255)); ctx.fill_rect(b.BLRect(left, top, pw, bottom - top))
            ctx.stroke_width = 1.0
            ctx.set_stroke_style(rgba(0x23, 0x2a, 0x38, 255)); ctx.stroke_path(grid)
            ctx.set_fill_style(rgba(0x4f, 0xc3, 0xf7, 77)); ctx.fill_path(area)
            ctx.set_stroke_style(rgba(0x9a, 0xa4, 0xb8, 255)); ctx.stroke_path(wicks)
            ctx.set_fill_style(rgba(0x26, 0xa6, 0x9a, 255)); ctx.fill_path(up)
            ctx.set_fill_style(rgba(0xef, 0x53, 0x50, 255)); ctx.fill_path(down)
            ctx.stroke_width = 1.5
            for i, p in enumerate(lines):
                ctx.set_stroke_style(colours[i]); ctx.stroke_path(p)
            ctx.set_fill_style(rgba(0x9a, 0xa4, 0xb8, 255))
            for k in range(20):
                ctx.fill_text(b.BLPoint(left + k * pw / 20, bottom + 20), font, "12:34:56")
                ctx.fill_text(b.BLPoint(right + 8, top + 20 + k * (bottom - top) / 20), font, "101.25")
            ctx.flush()
        drawn = 0
        def run(count):
            global drawn
            out = []
            for _ in range(count):
                built = build(drawn * 8 % 1600); drawn += 1
                c0 = time.thread_time(); t0 = time.perf_counter(); frame(built)
                t = time.perf_counter() - t0; c = time.thread_time() - c0
                out.append(t * 1e3); out.append(c * 1e3)
            return out
        run(10)
        print("ready", flush=True)
        for line in sys.stdin:
            print(" ".join("%.6f" % v for v in run(int(line.split()[1]))), flush=True)
        """

    /// Whether python3 can import the bindings and the font file exists.
    static var isAvailable: Bool {
        Subprocess.run([
            "python3", "-c",
            "import blend2d, os; assert os.path.exists('/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf')",
        ])?.status == 0
    }

    private let process: PeerProcess

    /// Starts the script at `width × height` and waits while it draws its 10 unmeasured frames;
    /// nil when python3, the bindings or the font are missing.
    init?(width: Int, height: Int) {
        guard let process = PeerProcess(script: Self.script, arguments: [String(width), String(height)]) else { return nil }
        self.process = process
    }

    /// Draws `count` more frames and returns each one's wall and thread-CPU milliseconds; nil
    /// when the peer failed.
    func frames(_ count: Int) -> [(wall: Double, cpu: Double)]? {
        guard let line = process.ask("frames \(count)") else { return nil }
        let values = line.split(separator: " ").compactMap { Double($0) }
        guard values.count == 2 * count else { return nil }
        return (0..<count).map { (values[2 * $0], values[2 * $0 + 1]) }
    }
}
