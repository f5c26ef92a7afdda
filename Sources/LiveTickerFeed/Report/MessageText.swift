/// Making text from peers and files safe to print: a tick file or a UDP datagram may carry
/// terminal escape sequences (`ESC ] 0 ; … BEL` retitles a terminal, others move the cursor or
/// rewrite what the journal shows) and may name a million symbols. Every message that can hold
/// such bytes goes through here: control characters are shown as escapes, and long lists and
/// fields are cut with a count of what was left out.
public enum MessageText {
    /// Longest text a single message field keeps (a name, an excerpt), in characters.
    public static let maximumFieldLength = 120

    /// `text` with every C0 control (but `\n` when `keepingNewlines`), DEL, C1 control and
    /// bidirectional-override or other invisible format character written as an escape
    /// (`\x1b`, `\u{202e}`), so printing it cannot drive a terminal. O(length); allocates.
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines: keepingNewlines) }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingNewlines: keepingNewlines) {
                result += scalar.value < 0x80 ? "\\x" + hex(scalar.value, digits: 2) : "\\u{" + hex(scalar.value, digits: 4) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Raw bytes (decoded as UTF-8, invalid sequences as U+FFFD) escaped like ``escaped(_:keepingNewlines:)``.
    public static func escaped<Bytes: Collection<UInt8>>(bytes: Bytes) -> String {
        escaped(String(decoding: bytes, as: UTF8.self))
    }

    /// `text` escaped and cut to `maximum` characters, with `…` when cut. Allocates.
    public static func field(_ text: String, maximum: Int = maximumFieldLength) -> String {
        let safe = escaped(text)
        guard safe.count > maximum else { return safe }
        return String(safe.prefix(maximum)) + "…"
    }

    /// The first `limit` names, each escaped and cut (``field(_:maximum:)``), joined with `, `,
    /// then `… and N more` when there are more: a summary line stays short whatever the input
    /// named. Allocates.
    public static func list<Names: Collection<String>>(_ names: Names, limit: Int = 12) -> String {
        var parts = names.prefix(limit).map { field($0, maximum: 40) }
        if names.count > limit { parts.append("… and \(names.count - limit) more") }
        return parts.joined(separator: ", ")
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: return !keepingNewlines
        case 0x00..<0x20, 0x7F..<0xA0: return true  // C0, DEL, C1 (0x9B is a one-byte CSI)
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF: return true  // invisible, bidi
        default: return false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
