import Testing

@testable import LiveTickerCLI

/// Defect 4: the history is sized to the file, and ticks that scroll out are said.
extension CommandLineTests {
    @Test("defect 4: the history is sized to the file within a cap; scrolled-out ticks are reported")
    func historySizedAndScrollOutReported() {
        let dir = temporaryDirectory()
        var text = "time,price\n"
        for i in 0..<1000 { text += "\(1_709_280_000 + i),\(100 + i % 7)\n" }
        writeFile(dir + "/t.csv", text)
        let sized = HistorySizing.ticks(forPath: dir + "/t.csv", minimum: 16)
        #expect(sized.ticks >= 1000 && sized.ticks <= 1300, "\(sized)")
        #expect(sized.note?.contains("sized to the file") == true)
        #expect(HistorySizing.ticks(forPath: dir + "/t.csv", minimum: 1 << 20).ticks == 1 << 20)
        var status: Int32 = -1
        let stderr = capture(2) {
            status = LiveTickerCommandLine.run(["replay", dir + "/t.csv", "-o", dir + "/o.ppm", "--size", "160x90", "--history", "256"])
        }
        #expect(status == 0)
        #expect(stderr.contains("744 of 1000 ticks scrolled out of the history, which holds the newest 256"), "\(stderr)")
    }

    @Test("defect 2: a newest-first file is charted in time order and the summary says so")
    func newestFirstReplay() {
        let dir = temporaryDirectory()
        writeFile(dir + "/n.csv", "Date,Close\n2024-03-08,170.73\n2024-03-07,169.00\n2024-03-06,169.12\n")
        var status: Int32 = -1
        let stderr = capture(2) {
            status = LiveTickerCommandLine.run(["replay", dir + "/n.csv", "-o", dir + "/o.ppm", "--size", "160x90"])
        }
        #expect(status == 0)
        #expect(stderr.contains("newest first: replayed in time order"), "\(stderr)")
    }
}
