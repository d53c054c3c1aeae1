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
        var tokens: [Token] = []
        var bytes = Array(html.utf8)
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                var options = kGumboDefaultOptions
                // Its parse errors are never read, and each keeps a copy of the open elements: 20,000 unclosed `<div>`s
                // (100 KB) took 3.2 GB and 7 s with them recorded.
                options.max_errors = 0
                options.fragment_context = gumbo_tag_enum(context)
                options.fragment_namespace = GUMBO_NAMESPACE_HTML
                guard let output = gumbo_parse_with_options(&options, chars.baseAddress, chars.count - 1) else {
                    return
                }
                defer { gumbo_destroy_output(&options, output) }
                collect(output.pointee.root, base: chars.baseAddress!, into: &tokens)
            }
        }
        return tokens.sorted { $0.start < $1.start }
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
                    var attributes: [Attribute] = []
                    let vector = element.attributes
                    for index in 0..<Int(vector.length) {
                        let attribute = vector.data[index]!.assumingMemoryBound(to: GumboAttribute.self).pointee
                        attributes.append(
                            Attribute(
                                name: String(cString: attribute.name).lowercased(),
                                value: String(cString: attribute.value)))
                    }
                    tokens.append(
                        Token(
                            kind: .startTag(name: name, attributes: attributes), start: start,
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
