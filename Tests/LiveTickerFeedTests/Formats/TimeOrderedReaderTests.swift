import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// Defect 2: files written newest first are replayed in time order.
@Suite struct TimeOrderedReaderTests {
    func read(_ text: String, maximumTicks: Int = 1 << 25) throws -> (values: [Double], times: [Int64], reader: TimeOrderedReader) {
        let bytes = Array(text.utf8)
        var collector = TickCollector()
        var kept: TimeOrderedReader?
        try bytes.withUnsafeBytes { raw throws in
            let reader = TimeOrderedReader(CSVTickReader(memory: raw, options: FeedOptions()), maximumTicks: maximumTicks, batchSize: 3)
            try reader.read(into: &collector)
            kept = reader
        }
        return (collector.ticks.map(\.value), collector.ticks.map(\.time), kept!)
    }

    @Test("an Investing/Nasdaq-style newest-first file is replayed oldest first, and says so")
    func newestFirst() throws {
        // Nasdaq historical quotes: newest row first.
        let text = "Date,Close/Last,Volume\n2024-03-08,170.73,76114600\n2024-03-07,169.00,71765100\n2024-03-06,169.12,68587700\n2024-03-05,170.12,95132400\n2024-03-04,175.10,81510100\n"
        let r = try read(text)
        #expect(r.values == [175.10, 170.12, 169.12, 169.00, 170.73])
        #expect(r.times == r.times.sorted())
        #expect(r.reader.reversed)
        #expect(r.reader.formatDescription.contains("newest first: replayed in time order"))
    }

    @Test("a forward file with one backwards tick keeps arrival order")
    func forwardWithOneBackwardsTick() throws {
        let r = try read("time,price\n1,1\n2,2\n1.5,3\n4,4\n")
        #expect(r.values == [1, 2, 3, 4])
        #expect(!r.reader.reversed)
        // Starting backwards but not backwards throughout: arrival order, nothing lost.
        let mixed = try read("time,price\n5,1\n4,2\n6,3\n7,4\n")
        #expect(mixed.values == [1, 2, 3, 4])
        #expect(!mixed.reader.reversed)
    }

    @Test("a reversed file keeps its newest ticks within the cap and counts the oldest dropped")
    func capped() throws {
        let r = try read("time,price\n9,9\n8,8\n7,7\n6,6\n5,5\n", maximumTicks: 3)
        #expect(r.values == [7, 8, 9])
        #expect(r.reader.droppedOldest == 2)
    }
}
