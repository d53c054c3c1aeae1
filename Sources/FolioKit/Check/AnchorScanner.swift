import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The ids a built page really has: every `id="…"` (and `<a name="…">`) attribute of its HTML,
/// whichever view, tab, page or template put it there.
enum AnchorScanner {
    static func ids(in html: String) -> [String] {
        var html = html
        return html.withUTF8 { ids(in: $0) }
    }

    /// Finds each `=` with libc's `memchr` (an HTML page has few, one per attribute) and looks back for `id` after
    /// white space, or `name` after `<a` and white space; the value is the quoted text after it. A page's HTML is
    /// scanned so once per build.
    static func ids(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        guard let base = bytes.baseAddress else { return [] }
        var result: [String] = []
        let count = bytes.count
        var from = 0
        while from < count, let found = memchr(base + from, Int32(UInt8(ascii: "=")), count - from) {
            let equals = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            let start = equals + 1
            guard isIDAttribute(bytes, before: equals) || isAnchorName(bytes, before: equals) else {
                from = start
                continue
            }
            // Inside a tag, escaped text never has a raw quote after `=`.
            guard start < count, bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") else {
                from = start
                continue
            }
            let quote = bytes[start]
            var end = start + 1
            while end < count, bytes[end] != quote, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: ">") {
                end += 1
            }
            if end < count, bytes[end] == quote {
                let raw = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
                let value = String(decoding: raw, as: UTF8.self)
                // Foundation's `String.contains` takes thousands of instructions for one id: its bytes are tested.
                result.append(raw.contains(UInt8(ascii: "&")) ? unescape(value) : value)
            }
            from = end
        }
        return result
    }

    /// ` id` just before the `=` at `equals`.
    private static func isIDAttribute(_ bytes: UnsafeBufferPointer<UInt8>, before equals: Int) -> Bool {
        equals >= 3 && isSpace(bytes[equals - 3]) && bytes[equals - 2] == UInt8(ascii: "i")
            && bytes[equals - 1] == UInt8(ascii: "d")
    }

    /// `<a name` (or `<A name`) just before the `=` at `equals`.
    private static func isAnchorName(_ bytes: UnsafeBufferPointer<UInt8>, before equals: Int) -> Bool {
        equals >= 7 && bytes[equals - 7] == UInt8(ascii: "<") && bytes[equals - 6] | 0x20 == UInt8(ascii: "a")
            && isSpace(bytes[equals - 5]) && bytes[equals - 4] == UInt8(ascii: "n")
            && bytes[equals - 3] == UInt8(ascii: "a") && bytes[equals - 2] == UInt8(ascii: "m")
            && bytes[equals - 1] == UInt8(ascii: "e")
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 }

    /// The entities Folio's templates and cmark write in attribute values.
    private static func unescape(_ value: String) -> String {
        var text = value
        for (entity, character) in [("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
