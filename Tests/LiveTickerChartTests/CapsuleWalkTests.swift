import LiveTickerTestSupport
import Testing

@testable import LiveTickerChart

/// `CapsuleWalk.forEachUnmatched`, which finds the segments of a line that differ from the
/// last frame's and skips runs of equal points in blocks: it reports exactly the capsules a
/// plain walk, capsule by capsule, reports (the reference here), on lines shaped like a
/// frame's against the last one (a long equal middle, changed ends, points inserted or
/// dropped, NaN gaps, lone points, NaNs with other payloads).
@Suite("Capsule walk: unmatched segments, equal runs skipped")
struct CapsuleWalkTests {
    typealias Capsule = CapsuleWalk.Capsule

    typealias Buffers = (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>)

    /// Calls `body` with the four arrays' buffers.
    static func withBuffers<R>(_ ox: [Double], _ oy: [Double], _ nx: [Double], _ ny: [Double], _ body: (Buffers) -> R) -> R {
        ox.withUnsafeBufferPointer { a in
            oy.withUnsafeBufferPointer { b in
                nx.withUnsafeBufferPointer { c in ny.withUnsafeBufferPointer { d in body((a, b, c, d)) } }
            }
        }
    }

    /// The walk without skipping: every matching capsule is stepped over one by one.
    static func reference(_ oldXs: [Double], _ oldYs: [Double], _ newXs: [Double], _ newYs: [Double]) -> [Capsule] {
        withBuffers(oldXs, oldYs, newXs, newYs) { buffers in
            var out: [Capsule] = []
            var a = CapsuleWalk(xs: buffers.0, ys: buffers.1)
            var b = CapsuleWalk(xs: buffers.2, ys: buffers.3)
            var ca = a.next()
            var cb = b.next()
            while ca != nil || cb != nil {
                if let x = ca, let y = cb, x.sameBits(y) {
                    ca = a.next()
                    cb = b.next()
                } else if let x = ca, cb == nil || x.ax < cb!.ax || (x.ax == cb!.ax && x.bx <= cb!.bx) {
                    out.append(x)
                    ca = a.next()
                } else if let y = cb {
                    out.append(y)
                    cb = b.next()
                }
            }
            return out
        }
    }

    /// What the damage code gets.
    static func unmatched(_ oldXs: [Double], _ oldYs: [Double], _ newXs: [Double], _ newYs: [Double]) -> [Capsule] {
        withBuffers(oldXs, oldYs, newXs, newYs) { buffers in
            var out: [Capsule] = []
            CapsuleWalk.forEachUnmatched(old: (buffers.0, buffers.1), new: (buffers.2, buffers.3)) { out.append($0) }
            return out
        }
    }

    static func same(_ a: [Capsule], _ b: [Capsule]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.sameBits($1) }
    }

    @Test("random lines against an edited copy: the same capsules as the plain walk, in the same order")
    func matchesThePlainWalk() {
        var generator = SplitMix64(seed: 7)
        var skippedSomething = 0
        for round in 0..<400 {
            let count = 2 + Int(generator.next() % 300)
            var xs: [Double] = []
            var ys: [Double] = []
            var x = 0.0
            for _ in 0..<count {
                x += 0.5 + Double(generator.next() % 40) / 4
                xs.append(x)
                ys.append(generator.next() % 17 == 0 ? .nan : Double(generator.next() % 1000) / 3)
            }
            var newXs = xs
            var newYs = ys
            // A few edits: a moved point, a point dropped or inserted (the rest shifts), a gap's
            // NaN with another payload, a changed end.
            for _ in 0..<Int(generator.next() % 4) {
                let at = Int(generator.next() % UInt64(newXs.count))
                switch generator.next() % 5 {
                case 0: newYs[at] += 1
                case 1 where newXs.count > 2:
                    newXs.remove(at: at)
                    newYs.remove(at: at)
                case 2:
                    newXs.insert(newXs[at] - 0.25, at: at)
                    newYs.insert(7, at: at)
                case 3: newYs[at] = Double(bitPattern: Double.nan.bitPattern | 1)
                default: newYs[newYs.count - 1] = -1
                }
            }
            if round % 3 == 0 {
                newXs.append(x + 5)
                newYs.append(3)
            }
            let expected = Self.reference(xs, ys, newXs, newYs)
            let got = Self.unmatched(xs, ys, newXs, newYs)
            #expect(Self.same(expected, got), "round \(round): \(got.count) capsules, the plain walk \(expected.count)")
            if expected.count < count / 2 { skippedSomething += 1 }
        }
        // Most rounds have long equal runs, where the skip does its work.
        #expect(skippedSomething > 200)
    }

    @Test("edges: empty, one point, all NaN, identical, a difference right after an equal run of exactly 32")
    func edges() {
        let line = (0..<100).map(Double.init)
        let ys = line.map { $0.truncatingRemainder(dividingBy: 7) }
        var changed = ys
        changed[33] = 99
        for (ox, oy, nx, ny) in [
            ([], [], [], []), ([1.0], [2.0], [1.0], [2.0]), ([1.0], [2.0], [], []),
            ([Double.nan, .nan], [1.0, 2.0], [Double.nan, .nan], [1.0, 2.0]),
            (line, ys, line, ys), (line, ys, line, changed), (line, changed, line, ys),
            (Array(line.prefix(33)), Array(ys.prefix(33)), line, ys),
        ] as [([Double], [Double], [Double], [Double])] {
            #expect(Self.same(Self.reference(ox, oy, nx, ny), Self.unmatched(ox, oy, nx, ny)))
        }
        // The changed point's two segments, nothing else.
        #expect(Self.unmatched(line, ys, line, changed).count == 4)
    }
}
