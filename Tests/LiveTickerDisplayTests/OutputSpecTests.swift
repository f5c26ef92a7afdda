import Testing

@testable import LiveTickerDisplay

@Suite("Output specs")
struct OutputSpecTests {
    @Test(arguments: [
        ("drm", OutputSpec.drm(devicePath: nil)),
        ("drm:/dev/dri/card1", .drm(devicePath: "/dev/dri/card1")),
        ("drm:card2", .drm(devicePath: "/dev/dri/card2")),
        ("fbdev", .fbdev(devicePath: "/dev/fb0")),
        ("fbdev:/dev/fb1", .fbdev(devicePath: "/dev/fb1")),
        ("fbdev:fb2", .fbdev(devicePath: "/dev/fb2")),
        ("chart.ppm", .ppm(path: "chart.ppm")),
        ("/tmp/out/Chart.PPM", .ppm(path: "/tmp/out/Chart.PPM")),
        ("./drm.ppm", .ppm(path: "./drm.ppm")),
        ("drm.ppm", .ppm(path: "drm.ppm")),
        ("/tmp/a:b.ppm", .ppm(path: "/tmp/a:b.ppm")),
        ("shot.png", .png(path: "shot.png")),
        ("dir/x.PNG", .png(path: "dir/x.PNG")),
    ])
    func parses(text: String, expected: OutputSpec) throws {
        #expect(try OutputSpec(parsing: text) == expected)
    }

    @Test(arguments: ["", "drm:", "fbdev:", "foo", "hdmi:/dev/dri/card0", "chart.jpg", ".ppm", ".png", "/dev/fb0", "DRM"])
    func rejects(text: String) {
        #expect(throws: DisplayError.self) { try OutputSpec(parsing: text) }
    }

    @Test func descriptionsAreCanonical() throws {
        #expect(try OutputSpec(parsing: "drm:card1").description == "drm:/dev/dri/card1")
        #expect(try OutputSpec(parsing: "fbdev").description == "fbdev:/dev/fb0")
        #expect(OutputSpec.drm(devicePath: nil).description == "drm")
        #expect(try OutputSpec(parsing: "a.png").isFile)
        #expect(try !OutputSpec(parsing: "drm").isFile)
    }

    @Test func fileSizeOption() throws {
        var options = DisplayOptions()
        #expect(options.fileWidth == 1280 && options.fileHeight == 720)
        try options.setFileSize("800x480")
        #expect(options.fileWidth == 800 && options.fileHeight == 480)
        #expect(throws: DisplayError.invalidMode(text: "800x480@60")) { try options.setFileSize("800x480@60") }
        #expect(throws: DisplayError.invalidMode(text: "0x1")) { try options.setFileSize("0x1") }
    }

    @Test func pictureSpecsOpenTheirFormat() throws {
        var options = DisplayOptions()
        try options.setFileSize("64x32")
        let png = try #require(try OutputSpec.png(path: "/tmp/x.png").openDisplay(options: options) as? PictureFileDisplay)
        #expect(png.format == .png && png.width == 64 && png.height == 32)
        let ppm = try #require(try OutputSpec.ppm(path: "/tmp/x.ppm").openDisplay(options: options) as? PictureFileDisplay)
        #expect(ppm.format == .ppm)
    }
}
