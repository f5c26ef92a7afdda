/// Turns the bytes of one message (an MQTT or WebSocket payload, one line of a file, one
/// datagram) into ticks.
///
/// Decoders keep their state between messages: the field layout found in the first message,
/// the symbols seen, and a ``FeedReport`` in which every message counts as one line (so a bad
/// message is counted by kind and the first few are remembered with their number). A malformed
/// message yields no tick and is never an error, except in strict mode
/// (``FeedOptions/strict``), where the first one is thrown as ``FeedError/badLine(_:)``.
///
/// Not thread-safe: one thread drives a decoder. Decoding allocates nothing per message, except
/// when a message introduces a new symbol or is remembered as a bad line.
public protocol TickPayloadDecoder {
    /// Decodes one message into `sink` and returns how many ticks it delivered. `receivedAt`
    /// (ns since the epoch) is the time given to ticks whose message carries none (a bare
    /// `21.5` on an MQTT topic); without it such a message is a bad line (missing field).
    /// O(payload bytes).
    mutating func decode<S: TickSink>(_ payload: UnsafeRawBufferPointer, receivedAt: Int64?, into sink: inout S)
        throws(FeedError) -> Int
    /// Counts so far: messages (as lines), ticks, bad messages by kind with the first few.
    var report: FeedReport { get }
    /// Symbol (series) names seen so far, by ``SymbolID``.
    var symbols: SymbolTable { get }
}

extension TickPayloadDecoder {
    /// ``decode(_:receivedAt:into:)`` over an array's or string's bytes (tests, small
    /// payloads). Copies the bytes once.
    @discardableResult
    public mutating func decode<S: TickSink, Bytes: Collection<UInt8>>(
        bytes: Bytes, receivedAt: Int64? = nil, into sink: inout S
    ) throws(FeedError) -> Int {
        let array = Array(bytes)
        var result: Result<Int, FeedError> = .success(0)
        array.withUnsafeBytes { raw in
            do throws(FeedError) {
                result = .success(try decode(raw, receivedAt: receivedAt, into: &sink))
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }
}
