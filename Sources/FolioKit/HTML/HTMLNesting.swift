/// How deep a block of raw HTML nests its elements, read from its tags without building a tree: the HTML parser
/// takes time that grows with the square of the depth (200,000 unclosed `<div>`s, a 1 MB page, ran for minutes).
/// Browsers stop nesting long before — Chrome's parser at 512 elements — so a block deeper than that is left out.
enum HTMLNesting {
    static let maxDepth = 512

    /// Elements that never hold others (`<br>`), or whose end tag may be left out because the next of their kind
    /// ends them (`<li>`, `<p>`, `<td>`): neither makes a block deeper.
    private static let flat: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
        "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "rb", "rt", "rp", "thead", "tbody", "tfoot",
        "colgroup", "caption",
    ]

    /// Whether the elements of `html` nest deeper than `maxDepth`.
    static func isTooDeep(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            var depth = 0
            var index = 0
            while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
                index = open + 1
                guard index < bytes.count else { break }
                let closing = bytes[index] == UInt8(ascii: "/")
                var end = closing ? index + 1 : index
                let start = end
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                guard end > start, let close = bytes[end...].firstIndex(of: UInt8(ascii: ">")) else { continue }
                let name = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
                index = close + 1
                if flat.contains(name) { continue }
                if closing {
                    depth = max(0, depth - 1)
                } else if bytes[close - 1] != UInt8(ascii: "/") {
                    depth += 1
                    if depth > maxDepth { return true }
                }
            }
            return false
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-")
    }
}
