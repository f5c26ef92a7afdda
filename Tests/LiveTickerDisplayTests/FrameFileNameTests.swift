import LiveTickerDisplay
import Testing

@Suite("Frame file names")
struct FrameFileNameTests {
    @Test("a fixed path names every frame the same")
    func fixed() {
        let name = FrameFileName("out/chart.png")
        #expect(!name.isSequence)
        #expect(name.path(frame: 1) == "out/chart.png")
        #expect(name.path(frame: 7) == "out/chart.png")
    }

    @Test("printf-style counters number the frames", arguments: [
        ("frames/%05d.png", 42, "frames/00042.png"),
        ("f%d.ppm", 123, "f123.ppm"),
        ("f%3d.ppm", 7, "f  7.ppm"),
        ("100%%-%04d.png", 5, "100%-0005.png"),
        ("a%05d-%%.png", 99999, "a99999-%.png"),
        ("a%02d.png", 1234, "a1234.png"),
    ])
    func sequence(pattern: String, frame: Int, expected: String) {
        let name = FrameFileName(pattern)
        #expect(name.isSequence)
        #expect(name.path(frame: frame) == expected)
    }
}
