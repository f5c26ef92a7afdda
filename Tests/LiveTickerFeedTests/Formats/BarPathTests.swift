import LiveTickerCore
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Bars stay bars on every path a bar file takes: the live queue (`live FILE`), JSON klines,
/// and the binary `.ltk` format (a version 2 record kind; version 1 files still read).
@Suite struct BarPathTests {
    func bar(_ t: Int64, _ o: Double, _ h: Double, _ l: Double, _ c: Double, _ v: Double) -> Candle {
        .bar(time: t, open: o, high: h, low: l, close: c, volume: v)
    }

    // MARK: The live queue

    @Test("the live queue carries bars as given, beside ticks, across the wrap of its storage")
    func queueCarriesBars() {
        let queue = TickQueue(capacity: 4)
        var collector = TickCollector()
        // Ticks only: no bar buffer, batches without bars.
        queue.push(Tick(time: 1, value: 1), symbol: .first)
        queue.drain(into: &collector)
        #expect(collector.bars.isEmpty && collector.ticks.map(\.value) == [1])
        // A tick, two bars and a tick straddling the wrap of the storage, then a bar: runs of each kind.
        let b1 = bar(2, 10, 15, 5, 12, 3)
        let b2 = bar(3, 12, 40, 11, 13, 4)
        let b3 = bar(5, 13, 14, 1, 2, 5)
        queue.push(Tick(time: 2, value: 7), symbol: .first)
        queue.push(bar: b1, symbol: SymbolID(1))
        queue.push(bar: b2, symbol: SymbolID(1))
        queue.push(Tick(time: 4, value: 8), symbol: .first)
        #expect(!queue.push(bar: b3, symbol: .first) && queue.dropped == 1)
        collector = TickCollector()
        #expect(queue.drain(into: &collector) == 4)
        queue.push(bar: b3, symbol: .first)
        queue.drain(into: &collector)
        #expect(collector.bars == [b1, b2, b3])
        #expect(collector.ticks.map(\.value) == [7, 12, 13, 8, 2])
        #expect(collector.symbols[1] == SymbolID(1))
    }

    @Test("a followed bar file becomes candles as given in a live source (was: candles rebuilt from closes)")
    func liveSourceBars() throws {
        let path = temporaryPath("live-bars") + ".csv"
        defer { unlink(path) }
        writeFile(path, Array("Date,Open,High,Low,Close,Adj Close,Volume\n2024-03-01,179.55,180.53,177.38,179.66,179.17,73488000\n2024-03-04,176.15,199.90,173.79,175.10,174.62,81510100\n".utf8))
        let source = try LiveTickSource(endpoint: .followedFile(path: path))
        source.start()
        defer { source.stop() }
        let series = try LiveSeries(capacity: 64, candleInterval: .seconds(86_400))
        var sink = series
        let deadline = ReplayPacer.now() + 10_000_000_000
        while series.version < 2 && ReplayPacer.now() < deadline {
            if source.queue.drain(into: &sink) == 0 { usleep(2_000) }
        }
        var buffer = [Candle](repeating: .empty(startTime: 0), count: 2)
        let copied = buffer.withUnsafeMutableBufferPointer { series.snapshotCandles(newest: 2, into: $0) }
        #expect(copied.count == 2)
        #expect(buffer[0].open == 179.55 && buffer[0].high == 180.53 && buffer[0].low == 177.38 && buffer[0].close == 179.66)
        // The second bar's own high, far above any close.
        #expect(buffer[1].high == 199.90 && buffer[1].low == 173.79)
        // What it was read as, for live's summary (it had none).
        source.stop()
        #expect(source.formatDescription.contains("OHLC bars (open=Open, high=High, low=Low, close=Close"), "\(source.formatDescription)")
    }

    // MARK: JSON klines

    @Test("Binance REST klines (an array of arrays) are bars as given")
    func jsonKlines() throws {
        let text = """
            [[1709251200000,"61130.99","61200.00","61000.10","61150.00","12.3",1709251259999,"752000.1",1200,"6.1","373000.2","0"],
             [1709251260000,"61150.00","61180.00","61120.00","61160.00","8.25",1709251319999,"504000.0",900,"4.0","244000.0","0"]]

            """
        let p = try parse(text)
        #expect(p.bars == [
            bar(1_709_251_200_000_000_000, 61130.99, 61200, 61000.10, 61150, 12.3),
            bar(1_709_251_260_000_000_000, 61150, 61180, 61120, 61160, 8.25),
        ], "\(p.report.summary)")
        #expect(p.values == [61150, 61160])
        let description = try formatDescription(of: text)
        #expect(description.contains("OHLC bars (open=[1], high=[2], low=[3], close=[4]"), "\(description)")
        // One kline per NDJSON line too.
        let ndjson = try parse("[1709251200000,\"1\",\"3\",\"0.5\",\"2\",\"10\"]\n[1709251260000,\"2\",\"4\",\"1.5\",\"3\",\"11\"]\n")
        #expect(ndjson.bars.map(\.high) == [3, 4], "\(ndjson.report.summary)")
        // `--value 1` charts the open as ticks instead.
        let open = try parse(text) { $0.valueColumn = .index(1) }
        #expect(open.bars.isEmpty && open.values == [61130.99, 61150])
    }

    @Test("Coinbase candles ([time, low, high, open, close, volume], newest first) are bars with their own low and open")
    func coinbaseCandles() throws {
        let text = "[[1709251260,61050.00,61250.00,61100.00,61200.01,130.1],[1709251200,61000.00,61150.00,61020.00,61100.00,99.0]]\n"
        let p = try parse(text)
        #expect(p.bars == [
            bar(1_709_251_260_000_000_000, 61100, 61250, 61050, 61200.01, 130.1),
            bar(1_709_251_200_000_000_000, 61020, 61150, 61000, 61100, 99),
        ], "\(p.report.summary)")
        #expect(try formatDescription(of: text).contains("OHLC bars (open=[3], high=[2], low=[1], close=[4]"))
        // A kline whose open is its low reads the same either way.
        let flat = try parse("[[1709251200000,\"1\",\"3\",\"1\",\"2\",\"10\"]]\n")
        #expect(flat.bars.first?.open == 1 && flat.bars.first?.low == 1)
    }

    @Test("JSON objects with open/high/low/close fields are bars; a missing high is a bad record")
    func jsonObjectBars() throws {
        let text = """
            [{"time": "2024-03-01", "open": 179.55, "high": 180.53, "low": 177.38, "close": 179.66, "volume": 73488000},
             {"time": "2024-03-04", "open": 176.15, "high": 176.90, "low": 173.79, "close": 175.10, "volume": 81510100},
             {"time": "2024-03-05", "open": 170.76, "low": 169.62, "close": 170.12, "volume": 95132400}]

            """
        let p = try parse(text)
        #expect(p.bars.count == 2, "\(p.report.summary)")
        #expect(p.bars.first == bar(ns(1_709_251_200), 179.55, 180.53, 177.38, 179.66, 73_488_000))
        #expect(p.report.badLines == 1)
        // NDJSON objects, in upper case (aliases are case-folded).
        let ndjson = try parse("{\"Date\":\"2024-03-01\",\"Open\":1,\"High\":3,\"Low\":0.5,\"Close\":2}\n")
        #expect(ndjson.bars == [bar(ns(1_709_251_200), 1, 3, 0.5, 2, 0)], "\(ndjson.report.summary)")
        // Without a low it is a plain close series, not bars.
        let noLow = try parse("{\"time\":1709251200,\"open\":1,\"high\":3,\"close\":2}\n")
        #expect(noLow.bars.isEmpty && noLow.values == [2])
    }

    @Test("a JSON row too short for --value N is an error naming the row's length; a peer's message is one bad message")
    func jsonIndexOutOfRange() throws {
        #expect(throws: FeedError.columnOutOfRange(option: "--value", index: 7, columns: 3)) {
            _ = try parse("[[1709251200000,\"1\",\"2\"]]\n") { $0.valueColumn = .index(7) }
        }
        // Object fields by place: 1 is the second key.
        let object = try parse("{\"t\":1709251200,\"a\":5,\"b\":6}\n") { $0.valueColumn = .index(2) }
        #expect(object.values == [6], "\(object.report.summary)")
        var decoder = JSONTickDecoder(options: { var o = FeedOptions(); o.valueColumn = .index(7); return o }())
        var collector = TickCollector()
        let message = Array("[1709251200000,\"1\",\"2\"]".utf8)
        let delivered = try message.withUnsafeBytes { try decoder.decode($0, receivedAt: nil, into: &collector) }
        #expect(delivered == 0 && decoder.report.badLines == 1)
    }

    // MARK: .ltk

    @Test("a bar file converts to a version 2 .ltk whose replay gives the same bars")
    func binaryBarRoundTrip() throws {
        let csv = temporaryPath("bars") + ".csv"
        let ltk = temporaryPath("bars") + ".ltk"
        defer {
            unlink(csv)
            unlink(ltk)
        }
        let text = "Date,Open,High,Low,Close,Adj Close,Volume\n2024-03-01,179.55,180.53,177.38,179.66,179.17,73488000\n2024-03-04,null,null,null,null,null,null\n2024-03-05,170.76,172.04,169.62,170.12,169.66,95132400\n"
        writeFile(csv, Array(text.utf8))
        let result = try TickFileConverter.convert(input: csv, output: ltk)
        #expect(result.bars == 3 && result.records == 3)
        let reader = try BinaryTickReader(path: ltk)
        #expect(reader.header.version == 2 && reader.header.hasBars && reader.header.recordSize == 48)
        #expect(reader.formatDescription.contains("OHLC bars"))
        var collector = TickCollector()
        try reader.read(into: &collector)
        let original = try parse(text)
        #expect(collector.bars.count == 3)
        #expect(collector.bars[0] == original.bars[0] && collector.bars[2] == original.bars[2])
        #expect(!collector.bars[1].hasFinitePrices)
        #expect(collector.ticks.map(\.time) == original.times)
        // With symbols (56-byte records), through a time filter.
        let symbolCSV = "time,symbol,open,high,low,close,volume\n1709251200,A,1,5,0.5,2,10\n1709251260,B,2,6,1.5,3,11\n1709251320,A,3,7,2.5,4,12\n"
        writeFile(csv, Array(symbolCSV.utf8))
        let withSymbols = try TickFileConverter.convert(input: csv, output: ltk)
        #expect(withSymbols.hasSymbols && withSymbols.bars == 3)
        var options = FeedOptions()
        options.symbol = "A"
        let filtered = try BinaryTickReader(path: ltk, options: options)
        #expect(filtered.header.recordSize == 56)
        var a = TickCollector()
        try filtered.read(into: &a)
        #expect(a.bars == [bar(ns(1_709_251_200), 1, 5, 0.5, 2, 10), bar(ns(1_709_251_320), 3, 7, 2.5, 4, 12)])
        // Converting the .ltk again keeps the bars.
        let again = temporaryPath("again") + ".ltk"
        defer { unlink(again) }
        #expect(try TickFileConverter.convert(input: ltk, output: again).bars == 3)
    }

    @Test("a version 1 .ltk (ticks, written byte by byte) still reads; a tick file is still written as version 1")
    func binaryVersionOne() throws {
        let path = temporaryPath("v1") + ".ltk"
        defer { unlink(path) }
        var bytes = BinaryTickFormat.magic
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        put(UInt16(1)); put(UInt16(64)); put(UInt16(24)); put(UInt16(2))
        put(UInt64(2)); put(UInt64(0)); put(UInt32(0)); put(UInt32(0))
        put(Int64(1_000)); put(Int64(2_000)); put(UInt64(0))
        for (time, value, size) in [(Int64(1_000), 101.25, 3.0), (Int64(2_000), 99.5, 0.0)] {
            put(time); put(value.bitPattern); put(size.bitPattern)
        }
        writeFile(path, bytes)
        let reader = try BinaryTickReader(path: path)
        #expect(reader.header.version == 1 && !reader.header.hasBars)
        var collector = TickCollector()
        try reader.read(into: &collector)
        #expect(collector.bars.isEmpty)
        #expect(collector.ticks == [Tick(time: 1_000, value: 101.25, size: 3), Tick(time: 2_000, value: 99.5, size: 0)])
        // A version 1 file's flag bit 2 means nothing (it was never set by a writer).
        bytes[14] = 2 | 4
        writeFile(path, bytes)
        #expect(try !BinaryTickReader(path: path).header.hasBars)
        // Tick files are written as version 1, so older readers read them.
        let written = temporaryPath("ticks") + ".ltk"
        defer { unlink(written) }
        let writer = try BinaryTickWriter(path: written, hasSymbols: false)
        try writer.write(Tick(time: 5, value: 1))
        try writer.finish()
        #expect(readFileBytes(written)[8] == 1)
        #expect(try BinaryTickReader(path: written).header.version == 1)
        // An unknown version is still refused by name.
        bytes[8] = 3
        writeFile(path, bytes)
        #expect(throws: FeedError.unsupportedVersion(path: path, version: 3)) { try BinaryTickReader(path: path) }
    }
}

/// The bytes of the file at `path`.
private func readFileBytes(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    precondition(fd >= 0)
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}
