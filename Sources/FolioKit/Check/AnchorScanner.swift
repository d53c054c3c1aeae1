import Foundation

/// The ids a built page really has: every `id="…"` (and `<a name="…">`) attribute of its HTML,
/// whichever view, tab, page or template put it there.
enum AnchorScanner {
    static func ids(in html: String) -> [String] {
        var html = html
        return html.withUTF8 { ids(in: $0) }
    }

    static func ids(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var result: [String] = []
        let count = bytes.count
        var index = 0
        // Looks for `id=` after white space (or `name=` right after `<a`), inside a tag (escaped text never has a raw quote after `=`).
        while index + 4 < count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 else {
                index += 1
                continue
            }
            var start = index + 1
            if bytes[start] == UInt8(ascii: "i"), bytes[start + 1] == UInt8(ascii: "d"),
                bytes[start + 2] == UInt8(ascii: "=")
            {
                start += 3
            } else if start + 5 < count, index >= 2, bytes[index - 1] | 0x20 == UInt8(ascii: "a"),
                bytes[index - 2] == UInt8(ascii: "<"),
                bytes[start] == UInt8(ascii: "n"), bytes[start + 1] == UInt8(ascii: "a"),
                bytes[start + 2] == UInt8(ascii: "m"), bytes[start + 3] == UInt8(ascii: "e"),
                bytes[start + 4] == UInt8(ascii: "=")
            {
                start += 5
            } else {
                index += 1
                continue
            }
            guard start < count, bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") else {
                index = start
                continue
            }
            let quote = bytes[start]
            var end = start + 1
            while end < count, bytes[end] != quote, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: ">") {
                end += 1
            }
            if end < count, bytes[end] == quote {
                let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
                result.append(value.contains("&") ? unescape(value) : value)
            }
            index = end
        }
        return result
    }

    /// The entities Folio's templates and cmark write in attribute values.
    private static func unescape(_ value: String) -> String {
        var text = value
        for (entity, character) in [("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
