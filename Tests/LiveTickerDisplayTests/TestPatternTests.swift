import LiveTickerRender
import Testing

@testable import LiveTickerDisplay

private func pattern(_ width: Int, _ height: Int, frame: Int) -> [UInt32] {
    let framebuffer = Framebuffer(width: width, height: height)
    TestPattern.draw(into: framebuffer, frame: frame)
    var pixels: [UInt32] = []
    for y in 0..<height { for x in 0..<width { pixels.append(framebuffer[x, y]) } }
    return pixels
}

@Suite("Test pattern")
struct TestPatternTests {
    @Test func sameFrameGivesTheSameBytes() {
        #expect(pattern(320, 200, frame: 1) == pattern(320, 200, frame: 1))
    }

    @Test func framesDiffer() {
        #expect(pattern(320, 200, frame: 1) != pattern(320, 200, frame: 2))
    }

    @Test func borderBarsAndRampsAreWhereTheyBelong() {
        let framebuffer = Framebuffer(width: 800, height: 480)
        TestPattern.draw(into: framebuffer, frame: 1)
        for (x, y) in [(0, 0), (799, 0), (0, 479), (799, 479), (400, 0), (0, 300), (799, 300)] {
            #expect(framebuffer[x, y] == TestPattern.borderColor)
        }
        for bar in 0..<8 { #expect(framebuffer[bar * 100 + 50, 100] == TestPattern.barColors[bar]) }
        // Grey ramp: 0 at x = 1 (inside the border), 255 just inside the right border.
        #expect(framebuffer[1, 250] == 0)
        #expect(framebuffer[798, 250] == 0xFE_FEFE)
        #expect(framebuffer[400, 250] == 0x7F_7F7F)
        // Red, green and blue ramps below it.
        #expect(framebuffer[798, 280] & 0x00_FFFF == 0 && framebuffer[798, 280] != 0)
        #expect(framebuffer[798, 310] & 0xFF_00FF == 0 && framebuffer[798, 310] != 0)
        #expect(framebuffer[798, 350] & 0xFF_FF00 == 0 && framebuffer[798, 350] != 0)
        // Grid lines every 32 px on dark grey.
        #expect(framebuffer[64, 470] == TestPattern.gridColor)
        #expect(framebuffer[65, 470] == TestPattern.gridBackground)
    }

    @Test func tinyAndOddSizesStayInBounds() {
        for (width, height) in [(1, 1), (2, 3), (7, 5), (1, 480), (800, 1), (33, 17)] {
            let framebuffer = Framebuffer(width: width, height: height)
            TestPattern.draw(into: framebuffer, frame: 255)
            #expect(framebuffer[0, 0] == TestPattern.borderColor)
        }
    }
}
