import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// Wide telemetry CSV: several numeric columns, `--value a,b,c` a series each.
@Suite struct WideCSVTests {
    /// A Telegraf `outputs.file` CSV serializer / Grafana "Download CSV" shaped export: a time
    /// column, a host tag, then the fields.
    let telegraf = """
        time,host,cpu_user,cpu_system,mem_used\r
        2024-03-01T09:30:00Z,pi-kiosk,12.5,3.1,512000000\r
        2024-03-01T09:30:10Z,pi-kiosk,14.0,3.4,513500000\r
        2024-03-01T09:30:20Z,pi-kiosk,11.2,,514100000\r

        """

    func columns(_ names: String...) -> (inout FeedOptions) -> Void {
        { options in
            options.valueColumn = .name(names[0])
            options.moreValueColumns = names.dropFirst().map { .name($0) }
        }
    }

    @Test("--value a,b,c: a tick per column and line, each series named by its column")
    func severalColumns() throws {
        let p = try parse(telegraf, columns("cpu_user", "cpu_system", "mem_used"))
        #expect(p.ticks.count == 9, "\(p.report.summary)")
        #expect(p.names == ["cpu_user", "cpu_system", "mem_used", "cpu_user", "cpu_system", "mem_used", "cpu_user", "cpu_system", "mem_used"])
        #expect(p.values[0] == 12.5 && p.values[1] == 3.1 && p.values[2] == 512_000_000)
        #expect(p.values[7].isNaN, "an empty field is a gap in its own series only")
        #expect(p.values[6] == 11.2 && p.values[8] == 514_100_000)
        #expect(Set(p.times.prefix(3)).count == 1)
        #expect(p.report.badLines == 0 && p.report.ticks == 9 && p.report.nonFiniteValues == 1)
        #expect(p.bars.isEmpty)
    }

    @Test("no flag: the first numeric column is charted, the others are listed")
    func firstNumericAndTheOthersListed() throws {
        let p = try parse(telegraf)
        #expect(p.values == [12.5, 14.0, 11.2])
        let description = try formatDescription(of: telegraf)
        #expect(description.contains("value=cpu_user"), "\(description)")
        #expect(description.contains("other numeric columns: cpu_system, mem_used (chart one with --value NAME, several with --value A,B,…)"), "\(description)")
        var options = FeedOptions()
        columns("cpu_user", "cpu_system")(&options)
        let several = try Array(telegraf.utf8).withUnsafeBytes { raw throws in
            let reader = CSVTickReader(memory: raw, options: options)
            var counter = CountingTickSink()
            try reader.read(into: &counter)
            return reader.formatDescription
        }
        #expect(several.contains("values=cpu_user, cpu_system (a series each, named by column)"), "\(several)")
        #expect(several.contains("other numeric columns: mem_used"), "\(several)")
    }

    @Test("with a symbol column the series are symbol.column; --symbol keeps one symbol's")
    func symbolDotColumn() throws {
        let text = "time,symbol,temp_c,humidity\n1709285400,sensor-a,21.5,40\n1709285400,sensor-b,19.0,55\n1709285410,sensor-a,21.7,41\n"
        let p = try parse(text, columns("temp_c", "humidity"))
        #expect(p.names == ["sensor-a.temp_c", "sensor-a.humidity", "sensor-b.temp_c", "sensor-b.humidity", "sensor-a.temp_c", "sensor-a.humidity"])
        #expect(p.values == [21.5, 40, 19, 55, 21.7, 41])
        let one = try parse(text) {
            columns("temp_c", "humidity")(&$0)
            $0.symbol = "sensor-b"
        }
        #expect(one.names == ["sensor-b.temp_c", "sensor-b.humidity"] && one.values == [19, 55])
    }

    @Test("a line's ticks never split across batches; unknown columns are named")
    func batchesAndErrors() throws {
        var text = "time,a,b,c\n"
        for i in 0..<1000 { text += "\(1_709_285_400 + i),\(i),\(i + 1),\(i + 2)\n" }
        var sizes: [Int] = []
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBytes { raw throws in
            var options = FeedOptions()
            options.batchCapacity = 10
            columns("a", "b", "c")(&options)
            let reader = CSVTickReader(memory: raw, options: options)
            while let batch = try reader.nextBatch() {
                sizes.append(batch.count)
                #expect(batch.count % 3 == 0)
                for j in stride(from: 0, to: batch.count, by: 3) {
                    #expect(batch.ticks[j + 1].value == batch.ticks[j].value + 1 && batch.ticks[j + 2].time == batch.ticks[j].time)
                }
            }
        }
        #expect(sizes.reduce(0, +) == 3000)
        // Headerless lines take indices (named by index).
        let headerless = try parse("1709285400,1,2,3\n") {
            $0.valueColumn = .index(1)
            $0.moreValueColumns = [.index(3)]
        }
        #expect(headerless.values == [1, 3] && headerless.names == ["1", "3"])
        #expect(throws: FeedError.unknownColumn(option: "--value", selector: "disk", header: ["time", "a", "b", "c"])) {
            _ = try parse("time,a,b,c\n1,2,3,4\n", columns("a", "disk"))
        }
    }
}
