import Testing

@testable import LiveTickerWebSocket

@Suite("WebSocket URLs")
struct WebSocketEndpointTests {
    @Test func plainWithPortAndPath() throws {
        let e = try WebSocketEndpoint(parsing: "ws://127.0.0.1:9001/ws/btcusdt@trade")
        #expect(e.host == "127.0.0.1")
        #expect(e.port == 9001)
        #expect(!e.useTLS)
        #expect(e.path == "/ws/btcusdt@trade")
        #expect(e.symbolName == "btcusdt@trade")
        #expect(e.description == "ws://127.0.0.1:9001/ws/btcusdt@trade")
    }

    @Test func defaultsPortsAndPath() throws {
        let plain = try WebSocketEndpoint(parsing: "WS://example.com")
        #expect(plain.port == 80)
        #expect(plain.path == "/")
        #expect(plain.symbolName == "example.com")
        let tls = try WebSocketEndpoint(parsing: "wss://stream.example.com")
        #expect(tls.port == 443)
        #expect(tls.useTLS)
        #expect(tls.description == "wss://stream.example.com:443/")
    }

    @Test func queryAndFragment() throws {
        let e = try WebSocketEndpoint(parsing: "wss://h:9443/stream?streams=btcusdt@trade/ethusdt@trade#x")
        #expect(e.path == "/stream?streams=btcusdt@trade/ethusdt@trade")
        #expect(e.symbolName == "stream")
        let bare = try WebSocketEndpoint(parsing: "ws://h:1?x=1")
        #expect(bare.path == "/?x=1")
        #expect(bare.symbolName == "h")
    }

    @Test func ipv6() throws {
        let e = try WebSocketEndpoint(parsing: "ws://[::1]:9000/feed")
        #expect(e.host == "::1")
        #expect(e.port == 9000)
        #expect(e.description == "ws://[::1]:9000/feed")
        let noPort = try WebSocketEndpoint(parsing: "wss://[fd00::7]/x")
        #expect(noPort.port == 443)
    }

    @Test(arguments: [
        "http://h/x", "ws://", "ws:///path", "ws://h:0/", "ws://h:65536/", "ws://h:port/", "ws://user@h/",
        "ws://[::1/", "ws://[::1]x/", "ws://::1:80/", "ws://h/a b", "ws://h:-1/", "tcp://h:1",
    ])
    func refused(_ text: String) {
        #expect(throws: WebSocketEndpointError.self) { try WebSocketEndpoint(parsing: text) }
    }

    @Test func recognisesSchemes() {
        #expect(WebSocketEndpoint.isWebSocket("ws://h/"))
        #expect(WebSocketEndpoint.isWebSocket("WSS://h/"))
        #expect(!WebSocketEndpoint.isWebSocket("tcp://h:1"))
        #expect(!WebSocketEndpoint.isWebSocket("wsx://h"))
    }
}
