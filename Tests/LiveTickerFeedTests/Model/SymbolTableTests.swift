import Testing

@testable import LiveTickerFeed

@Suite("SymbolTable")
struct SymbolTableTests {
    @Test("appendNames follows a growing table: same ids, same names, lookups work, in steps of any size")
    func appendNamesFollows() {
        var source = SymbolTable()
        var view = SymbolTable()
        var step = 1
        for i in 0..<5_000 {
            _ = source.insert(Array("SYM\(i)".utf8))
            if i % step == 0 {
                view.appendNames(from: source)
                #expect(view == source)
                step = step % 97 + 1
            }
        }
        view.appendNames(from: source)
        #expect(view == source && view.count == 5_000)
        #expect(view.id(of: "SYM4321") == source.id(of: "SYM4321") && view.id(of: "SYM4321") != nil)
        #expect(view.id(of: "SYM5000") == nil)
        // The empty name and raw non-UTF-8 bytes are names too.
        _ = source.insert([])
        _ = source.insert([0xFF, 0x00, 0xC3])
        view.appendNames(from: source)
        #expect(view == source && view.id(of: "") == SymbolID(5_000))
        view.appendNames(from: source)  // nothing new: nothing changes
        #expect(view.count == 5_002)
    }
}
