import Yams

/// Front matter as almost every page writes it — `key: value` lines of plain or simply quoted text and `[a, b]`
/// lists — read straight into the nodes Yams would make, without libyaml: its parse was a twentieth of a build.
///
/// Anything else (nesting, block scalars, anchors, tags, escapes, comments after a value, a repeated key, a line
/// break YAML 1.1 knows and Unicode does not) is not read here: `entries` returns nil and Yams reads the text, so
/// the two can never disagree on what a front matter says or which error it has (a test compares them).
enum FlatYAML {
    /// The entries of `text`, or nil when it is not flat. `tag` makes a node's tag as Yams' parser would, from
    /// the name libyaml gives it (none for a plain scalar or a list, `str` for a quoted scalar).
    static func entries(_ text: String, lineOffset: Int, tag: (Tag.Name) -> Tag) -> [YAMLDocument.Entry]? {
        var text = text
        return text.withUTF8 { entries($0, lineOffset: lineOffset, tag: tag) }
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>
    private typealias Slice = Swift.Slice<Bytes>

    private static func entries(_ bytes: Bytes, lineOffset: Int, tag: (Tag.Name) -> Tag) -> [YAMLDocument.Entry]? {
        var entries: [YAMLDocument.Entry] = []
        var keys = Set<String>()
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != newline { end += 1 }
            let line = bytes[start..<end]
            start = end + 1
            lineNumber += 1
            guard let first = line.first, first != hash, line.contains(where: { $0 != space }) else { continue }
            var colon = line.startIndex
            while colon < line.endIndex && isKeyByte(line[colon]) { colon += 1 }
            guard colon < line.endIndex, line[colon] == UInt8(ascii: ":"), colon > line.startIndex,
                isLetter(first) || first == UInt8(ascii: "_")
            else { return nil }
            var valueStart = colon + 1
            while valueStart < line.endIndex && line[valueStart] == space { valueStart += 1 }
            // `key:value` is one plain scalar, `key:` a null: both left to Yams.
            guard valueStart > colon + 1, valueStart < line.endIndex else { return nil }
            var valueEnd = line.endIndex
            while line[valueEnd - 1] == space { valueEnd -= 1 }
            guard let node = value(bytes[valueStart..<valueEnd], tag: tag) else { return nil }
            let key = string(bytes[line.startIndex..<colon])
            guard keys.insert(key).inserted else { return nil }
            let row = lineNumber + lineOffset
            entries.append(
                YAMLDocument.Entry(
                    key: key, node: node, keyLine: row, keyColumn: 1, line: row,
                    // Everything before the value is ASCII: its byte offset is its column.
                    column: valueStart - line.startIndex + 1))
        }
        return entries
    }

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let hash = UInt8(ascii: "#")

    private static func string(_ bytes: Slice) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    /// Letters, digits, `_` and `-` (the first one a letter or `_`, checked apart).
    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5f || byte == 0x2d
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a }

    private static func value(_ text: Slice, tag: (Tag.Name) -> Tag) -> Node? {
        let first = text[text.startIndex]
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            guard text.count >= 2, text.last == first else { return nil }
            let body = text.dropFirst().dropLast()
            guard !body.contains(first), !body.contains(UInt8(ascii: "\\")), isPrintable(body) else { return nil }
            return .scalar(.init(string(body), tag(.str), first == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted))
        case UInt8(ascii: "["):
            guard text.last == UInt8(ascii: "]") else { return nil }
            let inner = text.dropFirst().dropLast()
            if inner.allSatisfy({ $0 == space }) { return .sequence(.init([], tag(.implicit), .any)) }
            var items: [Node] = []
            var itemStart = inner.startIndex
            while true {
                var itemEnd = itemStart
                while itemEnd < inner.endIndex && inner[itemEnd] != UInt8(ascii: ",") { itemEnd += 1 }
                var low = itemStart
                var high = itemEnd
                while low < high && inner[low] == space { low += 1 }
                while high > low && inner[high - 1] == space { high -= 1 }
                let item = inner[low..<high]
                guard isPlain(item, inFlow: true) else { return nil }
                items.append(.scalar(.init(string(item), tag(.implicit), .plain)))
                if itemEnd == inner.endIndex { break }
                itemStart = itemEnd + 1
            }
            return .sequence(.init(items, tag(.implicit), .any))
        default:
            guard isPlain(text, inFlow: false) else { return nil }
            return .scalar(.init(string(text), tag(.implicit), .plain))
        }
    }

    /// Text YAML reads as one plain scalar on one line, and nothing else: it starts with no indicator (a minus only
    /// before a digit), has no `: ` or ` #`, does not end with `:`, and — in a `[…]` list — has none of `,[]{}:#`.
    private static func isPlain(_ text: Slice, inFlow: Bool) -> Bool {
        guard let first = text.first, isPrintable(text) else { return false }
        if first == UInt8(ascii: "-") {
            guard text.count > 1, text[text.startIndex + 1] >= 0x30, text[text.startIndex + 1] <= 0x39 else {
                return false
            }
        } else if indicators[Int(first)] {
            return false
        }
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if inFlow {
                if flowIndicators[Int(byte)] { return false }
            } else if byte == UInt8(ascii: ":") {
                if index + 1 == text.endIndex || text[index + 1] == space { return false }
            } else if byte == hash, text[index - 1] == space {
                return false
            }
            index += 1
        }
        return true
    }

    /// Bytes that cannot start a plain scalar: YAML's indicators and a space.
    private static let indicators: [Bool] = (0..<256).map { "?:,[]{}#&*!|>'\"%@` -".utf8.contains(UInt8($0)) }
    /// Bytes a plain scalar in a `[…]` list may not hold here (YAML allows some of them; the flat reader does not).
    private static let flowIndicators: [Bool] = (0..<256).map { ",[]{}:#".utf8.contains(UInt8($0)) }

    /// Printable in YAML 1.1 (libyaml), with no tab and none of the line breaks it knows beyond `\n` (U+0085,
    /// U+2028, U+2029) and no byte-order mark. The text is valid UTF-8 (it came from a String): only the lead and
    /// continuation bytes of the excluded characters are looked for.
    private static func isPrintable(_ text: Slice) -> Bool {
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte < 0x20 || byte == 0x7f { return false }
            if byte >= 0x80 {
                let next = index + 1 < text.endIndex ? text[index + 1] : 0
                let third = index + 2 < text.endIndex ? text[index + 2] : 0
                switch byte {
                case 0xc2 where next < 0xa0: return false  // U+0080–U+009F, U+0085 among them
                case 0xe2 where next == 0x80 && (third == 0xa8 || third == 0xa9): return false  // U+2028, U+2029
                case 0xef where next == 0xbb && third == 0xbf: return false  // U+FEFF
                case 0xef where next == 0xbf && third >= 0xbe: return false  // U+FFFE, U+FFFF
                default: break
                }
            }
            index += 1
        }
        return true
    }
}
