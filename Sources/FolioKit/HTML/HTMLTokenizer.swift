import CGumbo

/// Raw HTML as the HTML5 parser (Google's gumbo) reads it: every call into gumbo goes through this file.
///
/// The tree gumbo builds is turned back into the tokens of the source, in source order, each with its byte range,
/// so a sanitizer can rewrite the HTML token by token without closing, moving or inventing elements.
enum HTMLTokenizer {
    struct Token {
        enum Kind: Equatable {
            case startTag(name: String, attributes: [Attribute])
            case endTag(name: String)
            case text(String)
            case comment
        }

        var kind: Kind
        /// Byte range in the source.
        var start: Int
        var end: Int
    }

    struct Attribute: Equatable {
        var name: String
        /// Entities decoded.
        var value: String
    }

    /// The tokens gumbo kept, in source order. Bytes no token covers are what the tree builder ignored (stray end
    /// tags, a `<td>` outside a table, a doctype); the caller decides what to do with them.
    static func tokens(of html: String, context: String = "div") -> [Token] {
        parse(Array(html.utf8), context: context) { root, base, _ in
            var tokens: [Token] = []
            collect(root, base: base, into: &tokens)
            return tokens.sorted { $0.start < $1.start }
        } ?? []
    }

    /// What the HTML5 parser makes of a piece of a page, read as the content of a `<div>`.
    struct Fragment {
        /// The elements still open at its end, outermost first, those the parser made itself included (a table's
        /// `tbody`): closed by the page's markup after it, unless closed here.
        var open: [Element]
        /// Formatting elements (`<b>`, `<a>`…) opened by a start tag, closed by no end tag and not in `open`: the parser
        /// may bring one back in every later paragraph of the page, until an end tag of its name.
        var unclosedFormatting: [String]
        /// End tags the tree builder ignored here (`</div>` with no `<div>` open), as byte ranges in source order:
        /// around the piece, they would close an element of the page.
        var strayEndTags: [Range<Int>]
    }

    struct Element {
        var name: String
        var attributes: [Attribute]
        /// False for an element the parser made itself (a table's `tbody`).
        var hasStartTag: Bool
    }

    static func fragment(of html: String) -> Fragment {
        parse(maskingNoscript(Array(html.utf8)), context: "div") { root, base, count in
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(base).assumingMemoryBound(to: UInt8.self), count: count)
            var open: [UnsafeMutablePointer<GumboNode>] = []
            var node = root
            while let last = lastChildElement(node), !isClosed(last, bytes) {
                open.append(last)
                node = last
            }
            var tokens: [Token] = []
            var rawTextStarts: Set<Int> = []
            var unclosedFormatting: [String] = []
            var pending = [root]
            while let node = pending.popLast() {
                guard node.pointee.type == GUMBO_NODE_ELEMENT || node.pointee.type == GUMBO_NODE_TEMPLATE else {
                    continue
                }
                let element = node.pointee.v.element
                let name = tagName(element)
                if element.original_tag.length > 0, element.original_end_tag.length == 0, formatting.contains(name),
                    node.pointee.parse_flags.rawValue & madeByParser == 0, !open.contains(node)
                {
                    unclosedFormatting.append(name)
                }
                let children = element.children
                for index in 0..<Int(children.length) {
                    let child = children.data[index]!.assumingMemoryBound(to: GumboNode.self)
                    pending.append(child)
                    if HTMLNesting.rawText.contains(name) || name == "plaintext", child.pointee.type == GUMBO_NODE_TEXT,
                        let data = child.pointee.v.text.original_text.data
                    {
                        rawTextStarts.insert(base.distance(to: data))
                    }
                }
            }
            collect(root, base: base, into: &tokens)
            tokens.sort { $0.start < $1.start }
            // The tree builder's ignored tags lie between tokens, or inside a text token: gumbo joins the text around
            // one (`a</td>b`). A script's or a style's text is text to its end, whatever tags it shows.
            var stray: [Range<Int>] = []
            var position = 0
            for token in tokens where token.end > position {
                if token.start > position { stray += endTags(in: bytes, position..<token.start) }
                if case .text = token.kind, !rawTextStarts.contains(token.start) {
                    stray += endTags(in: bytes, token.start..<token.end)
                }
                position = token.end
            }
            stray += endTags(in: bytes, position..<bytes.count)
            return Fragment(
                open: open.map { node in
                    let element = node.pointee.v.element
                    return Element(
                        name: tagName(element), attributes: attributes(of: element),
                        hasStartTag: element.original_tag.length > 0
                            && node.pointee.parse_flags.rawValue & madeByParser == 0)
                }, unclosedFormatting: unclosedFormatting, strayEndTags: stray)
        } ?? Fragment(open: [], unclosedFormatting: [], strayEndTags: [])
    }

    /// An element the parser made itself, or a copy of one it made for the adoption agency or to bring a formatting
    /// element back (which keeps the start tag of the one it copies).
    private static let madeByParser =
        GUMBO_INSERTION_BY_PARSER.rawValue | GUMBO_INSERTION_RECONSTRUCTED_FORMATTING_ELEMENT.rawValue
        | GUMBO_INSERTION_ADOPTION_AGENCY_CLONED.rawValue

    /// The elements the HTML5 parser's adoption agency and reconstruction treat as formatting.
    private static let formatting: Set<String> = [
        "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
    ]

    /// `node`'s last child, when that is an element: an element before another child was closed before it.
    private static func lastChildElement(_ node: UnsafeMutablePointer<GumboNode>) -> UnsafeMutablePointer<GumboNode>? {
        let children = node.pointee.v.element.children
        guard children.length > 0 else { return nil }
        let last = children.data[Int(children.length) - 1]!.assumingMemoryBound(to: GumboNode.self)
        return last.pointee.type == GUMBO_NODE_ELEMENT || last.pointee.type == GUMBO_NODE_TEMPLATE ? last : nil
    }

    /// Whether the element `node` ended before the fragment did: by its end tag, being void, or self-closed as an
    /// SVG or MathML element.
    private static func isClosed(_ node: UnsafeMutablePointer<GumboNode>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let element = node.pointee.v.element
        if element.original_end_tag.length > 0 || HTMLNesting.voidElements.contains(tagName(element)) { return true }
        guard element.tag_namespace != GUMBO_NAMESPACE_HTML, element.original_tag.length >= 2,
            let data = element.original_tag.data
        else { return false }
        return UnsafeRawPointer(data).load(fromByteOffset: element.original_tag.length - 2, as: UInt8.self)
            == UInt8(ascii: "/")
    }

    /// The end tags (`</name …>`) in `range` of `bytes`, but `</form>`: gumbo keeps no end tag for a form, which the
    /// parser takes off its list of open elements instead of closing in turn (and which Folio's markup never opens).
    private static func endTags(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = range.lowerBound
        while index + 2 < range.upperBound {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] | 0x20 >= UInt8(ascii: "a"), bytes[index + 2] | 0x20 <= UInt8(ascii: "z")
            else { continue }
            // No `>` after this end tag's start: none after a later one either (reading on from each was quadratic).
            guard let close = bytes[(index + 2)..<range.upperBound].firstIndex(of: UInt8(ascii: ">")) else { break }
            let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
            if name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "/" }).first?.lowercased()
                != "form"
            {
                found.append(index..<(close + 1))
            }
            index = close
        }
        return found
    }

    /// `html` with the content of each `<noscript>` made letters: gumbo parses as a browser without scripts would,
    /// reading that content as elements, where a browser running Folio's pages reads it as text to `</noscript>` (a
    /// `<p>` in it closed the noscript early, and its end tag, then ignored, was dropped: the page ended in it).
    private static func maskingNoscript(_ html: [UInt8]) -> [UInt8] {
        var masked = html
        html.withUnsafeBufferPointer { bytes in
            var index = 0
            while let found = HTMLNesting.find("<noscript", in: bytes, from: index, ignoringCase: true) {
                guard found < bytes.count, HTMLNesting.isTagNameEnd(bytes[found]),
                    let start = bytes[found...].firstIndex(of: UInt8(ascii: ">"))
                else {
                    index = found
                    continue
                }
                let close = HTMLNesting.find("</noscript", in: bytes, from: start + 1, ignoringCase: true)
                let end = close.map { $0 - 10 } ?? bytes.count
                for offset in (start + 1)..<end where bytes[offset] != UInt8(ascii: "\n") {
                    masked[offset] = UInt8(ascii: "x")
                }
                index = end
            }
        }
        return masked
    }

    /// Parses `html` as the content of a `context` element and hands gumbo's tree to `body`.
    private static func parse<T>(
        _ html: [UInt8], context: String, _ body: (UnsafeMutablePointer<GumboNode>, UnsafePointer<CChar>, Int) -> T
    ) -> T? {
        var bytes = html
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                var options = kGumboDefaultOptions
                // Its parse errors are never read, and each keeps a copy of the open elements: 20,000 unclosed `<div>`s
                // (100 KB) took 3.2 GB and 7 s with them recorded.
                options.max_errors = 0
                options.fragment_context = gumbo_tag_enum(context)
                options.fragment_namespace = GUMBO_NAMESPACE_HTML
                guard let output = gumbo_parse_with_options(&options, chars.baseAddress, chars.count - 1) else {
                    return nil
                }
                defer { gumbo_destroy_output(&options, output) }
                return body(output.pointee.root, chars.baseAddress!, chars.count - 1)
            }
        }
    }

    private static func attributes(of element: GumboElement) -> [Attribute] {
        var attributes: [Attribute] = []
        let vector = element.attributes
        for index in 0..<Int(vector.length) {
            let attribute = vector.data[index]!.assumingMemoryBound(to: GumboAttribute.self).pointee
            attributes.append(
                Attribute(name: String(cString: attribute.name).lowercased(), value: String(cString: attribute.value)))
        }
        return attributes
    }

    /// Every node's tokens, in any order (they are sorted by where they start): by a list of nodes still to visit,
    /// not by recursion, so that elements nested many thousands deep cannot run out of stack.
    private static func collect(
        _ root: UnsafeMutablePointer<GumboNode>, base: UnsafePointer<CChar>, into tokens: inout [Token]
    ) {
        var pending = [root]
        while let node = pending.popLast() {
            switch node.pointee.type {
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                let element = node.pointee.v.element
                let name = tagName(element)
                if element.original_tag.length > 0, let data = element.original_tag.data {
                    let start = base.distance(to: data)
                    tokens.append(
                        Token(
                            kind: .startTag(name: name, attributes: attributes(of: element)), start: start,
                            end: start + element.original_tag.length))
                }
                if element.original_end_tag.length > 0, let data = element.original_end_tag.data {
                    let start = base.distance(to: data)
                    tokens.append(
                        Token(kind: .endTag(name: name), start: start, end: start + element.original_end_tag.length))
                }
                let children = element.children
                for index in 0..<Int(children.length) {
                    pending.append(children.data[index]!.assumingMemoryBound(to: GumboNode.self))
                }
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA, GUMBO_NODE_COMMENT:
                let text = node.pointee.v.text
                guard text.original_text.length > 0, let data = text.original_text.data else { continue }
                let start = base.distance(to: data)
                let kind: Token.Kind =
                    node.pointee.type == GUMBO_NODE_COMMENT ? .comment : .text(String(cString: text.text))
                tokens.append(Token(kind: kind, start: start, end: start + text.original_text.length))
            default:
                break
            }
        }
    }

    private static func tagName(_ element: GumboElement) -> String {
        if element.tag != GUMBO_TAG_UNKNOWN, let name = gumbo_normalized_tagname(element.tag) {
            return String(cString: name)
        }
        var piece = element.original_tag
        guard piece.length > 0 else { return "" }
        gumbo_tag_from_original_text(&piece)
        guard let data = piece.data else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: piece.length), as: UTF8.self).lowercased()
    }
}
