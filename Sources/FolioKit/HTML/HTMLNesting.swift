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

    /// Whether the elements of `html` nest deeper than `limit`.
    static func isTooDeep(_ html: String, limit: Int = maxDepth) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            var depth = 0
            // The depth of the outermost open `<svg>` or `<math>`, inside which `<x/>` ends the element.
            var foreign: Int?
            var index = 0
            while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
                index = open + 1
                guard index < bytes.count else { break }
                // A comment holds no elements, whatever tags its text shows.
                if bytes[index...].starts(with: "!--".utf8) {
                    guard let end = find("-->", in: bytes, from: index + 3) else { break }
                    index = end
                    continue
                }
                let closing = bytes[index] == UInt8(ascii: "/")
                var end = closing ? index + 1 : index
                let start = end
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                guard end > start else { continue }
                // No `>` after this `<`: none after a later one either (reading on from each was quadratic).
                guard let close = bytes[end...].firstIndex(of: UInt8(ascii: ">")) else { break }
                let name = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
                index = close + 1
                if flat.contains(name) { continue }
                if closing {
                    depth = max(0, depth - 1)
                    if let outermost = foreign, depth < outermost { foreign = nil }
                    continue
                }
                // HTML ignores the slash of `<div/>`, which opens a div like `<div>` (200,000 of them ran as long
                // as unclosed ones); SVG and MathML elements, and `<svg/>` itself, end there.
                let isForeignRoot = name == "svg" || name == "math"
                if bytes[close - 1] == UInt8(ascii: "/"), foreign != nil || isForeignRoot { continue }
                // Nor does the text of a script, a style or a textarea hold elements (a script's "<div>" in a string).
                if foreign == nil, rawText.contains(name) {
                    guard let end = find("</" + name, in: bytes, from: index, ignoringCase: true) else { break }
                    index = end
                    continue
                }
                depth += 1
                if depth > limit { return true }
                if isForeignRoot, foreign == nil { foreign = depth }
            }
            return false
        }
    }

    /// Whether every element of `html` is closed by its own end tag, in turn, and no end tag is left over: then the HTML5
    /// parser, however it nests them, leaves none of them open after `html` nor applies an end tag to an element around
    /// it, and `HTMLBalancer` need not read it with the parser (which costs more than Folio's whole render of a page).
    /// Void elements, an SVG or MathML element closed by `/>`, a comment and the text of a script or a style are fine.
    static func isWellNested(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            var open: [Slice<UnsafeBufferPointer<UInt8>>] = []
            var foreign = 0  // open `<svg>` and `<math>` elements
            var index = 0
            while let start = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
                index = start + 1
                guard index < bytes.count else { return true }
                // A comment, read as the parser reads it only when plain (`<!-->` and `--!>` end one too); `<!doctype>`,
                // `<?…>` and `</3 …>` are bogus comments that may hide a tag: the parser decides.
                if bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "?") {
                    guard bytes[index...].starts(with: "!--".utf8), let end = find("-->", in: bytes, from: index + 3),
                        !bytes[(index + 3)...].starts(with: ">".utf8), !bytes[(index + 3)...].starts(with: "->".utf8),
                        !bytes[(index + 3)..<end].indices.contains(where: { bytes[$0...].starts(with: "--!>".utf8) })
                    else { return false }
                    index = end
                    continue
                }
                let closing = bytes[index] == UInt8(ascii: "/")
                let nameStart = closing ? index + 1 : index
                guard nameStart < bytes.count else { return false }
                // A `<` before a space or a digit is text; `</` before one is a bogus comment.
                guard isLetter(bytes[nameStart]) else {
                    if closing { return false }
                    continue
                }
                var nameEnd = nameStart
                while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                // The parser's name runs to a space, `/` or `>` (`<div:x>` is no `div`).
                guard nameEnd < bytes.count, isTagNameEnd(bytes[nameEnd]), let end = tagEnd(bytes, from: nameEnd)
                else { return false }
                index = end
                let name = bytes[nameStart..<nameEnd]
                if closing {
                    guard let last = open.last, sameName(last, name) else { return false }
                    open.removeLast()
                    if isForeignRoot(name) { foreign -= 1 }
                    continue
                }
                let lowered = String(decoding: name, as: UTF8.self).lowercased()
                if voidElements.contains(lowered) || (foreign > 0 && bytes[end - 2] == UInt8(ascii: "/")) { continue }
                if lowered == "plaintext" { return false }
                if foreign == 0, rawText.contains(lowered) {
                    guard let close = find("</" + lowered, in: bytes, from: index, ignoringCase: true),
                        let after = tagEnd(bytes, from: close)
                    else { return false }
                    index = after
                    continue
                }
                if isForeignRoot(name) { foreign += 1 }
                open.append(name)
            }
            return open.isEmpty
        }
    }

    /// Elements that have no end tag.
    static let voidElements: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
        "meta", "param", "source", "track", "wbr",
    ]

    private static func isForeignRoot<Name: Collection<UInt8>>(_ name: Name) -> Bool {
        sameName(name, "svg".utf8) || sameName(name, "math".utf8)
    }

    /// Whether two tag names are the same, ASCII letters compared without case.
    private static func sameName<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
    }

    /// Whether `byte` ends a tag's name, as the HTML5 tokeniser reads it.
    static func isTagNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == 0x0C
            || byte == UInt8(ascii: "\r")
    }

    /// Where the tag whose name ends at `start` ends (after its `>`), its attributes read as the HTML5 tokeniser reads
    /// them: a value is quoted only when a quote is its first character (`title=it's`, `a=b="…"` are unquoted, and
    /// end at a space or `>`).
    private static func tagEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        func skipSpaces() { while index < bytes.count, isSpace(bytes[index]) { index += 1 } }
        while true {
            skipSpaces()
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if byte == UInt8(ascii: "/") {
                index += 1
                continue
            }
            // A name: a leading `=` belongs to it.
            index += 1
            while index < bytes.count, !isSpace(bytes[index]), !"/>=".utf8.contains(bytes[index]) { index += 1 }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            skipSpaces()
            guard index < bytes.count else { return nil }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
                index = close + 1
            } else {
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            }
        }
    }

    /// Elements whose content is text to the parser, not tags.
    static let rawText: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
    ]

    /// Where the first `needle` at or after `start` ends, if any (ASCII letters compared without case when asked).
    static func find(
        _ needle: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, ignoringCase: Bool = false
    ) -> Int? {
        let needle = Array(needle.utf8)
        guard let first = needle.first, start <= bytes.count else { return nil }
        var index = start
        while let at = bytes[index...].firstIndex(of: first) {
            guard at + needle.count <= bytes.count else { return nil }
            let matches = (0..<needle.count).allSatisfy { offset in
                let byte = bytes[at + offset]
                return (ignoringCase ? byte | 0x20 : byte) == (ignoringCase ? needle[offset] | 0x20 : needle[offset])
            }
            if matches { return at + needle.count }
            index = at + 1
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-")
    }
}
