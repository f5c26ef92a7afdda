/// The file name a picture output writes a frame to: a fixed path, or a numbered sequence when
/// the path holds a printf-style counter such as `frames/%05d.png` (`%d`, `%5d`, `%05d`).
///
/// Frames of a sequence are numbered from 1, as ffmpeg's image-sequence output does, so
/// `ffmpeg -i frames/%05d.png out.mp4` turns them into a video.
public struct FrameFileName: Sendable, Hashable {
    private let prefix: String
    private let suffix: String
    private let counterWidth: Int
    private let zeroPadded: Bool
    /// Whether the path holds a counter.
    public let isSequence: Bool

    /// Parses `path`; only the first `%…d` is a counter, `%%` is a literal percent sign.
    public init(_ path: String) {
        var prefix = ""
        var index = path.startIndex
        var found: (width: Int, zero: Bool, end: String.Index)?
        while index < path.endIndex {
            let character = path[index]
            if character == "%" {
                let next = path.index(after: index)
                if next < path.endIndex, path[next] == "%" {
                    prefix.append("%")
                    index = path.index(after: next)
                    continue
                }
                var cursor = next
                let zero = cursor < path.endIndex && path[cursor] == "0"
                var width = 0
                while cursor < path.endIndex, let digit = path[cursor].wholeNumberValue, path[cursor].isASCII {
                    width = min(width * 10 + digit, 32)
                    cursor = path.index(after: cursor)
                }
                if cursor < path.endIndex, path[cursor] == "d" {
                    found = (width, zero, path.index(after: cursor))
                    break
                }
            }
            prefix.append(character)
            index = path.index(after: index)
        }
        self.prefix = prefix
        if let found {
            suffix = String(path[found.end...]).replacingPercentEscapes()
            counterWidth = found.width
            zeroPadded = found.zero
            isSequence = true
        } else {
            suffix = ""
            counterWidth = 0
            zeroPadded = false
            isSequence = false
        }
    }

    /// The path of frame `number` (the fixed path when this is not a sequence).
    public func path(frame number: Int) -> String {
        guard isSequence else { return prefix }
        let digits = String(number)
        let padding = String(repeating: zeroPadded ? "0" : " ", count: max(0, counterWidth - digits.count))
        return prefix + padding + digits + suffix
    }
}

extension String {
    /// `%%` → `%`.
    fileprivate func replacingPercentEscapes() -> String {
        var out = ""
        var previousWasPercent = false
        for character in self {
            if character == "%", previousWasPercent {
                previousWasPercent = false
                continue
            }
            previousWasPercent = character == "%"
            out.append(character)
        }
        return out
    }
}
