import CCMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cmark document: every call into the C library goes through this file.
/// Nodes borrow from the document, so use them only while the document is alive.
final class MarkdownDocument {
    private let root: OpaquePointer
    private let renderOptions: Int32
    /// Block quotes, lists, emphasis and links inside one another: the walks over the tree recurse, so past this
    /// depth the document is not used at all (a page of 100,000 `>` would overflow the stack).
    static let maxDepth = 256
    /// The line and column where the parsed text first nested deeper than `maxDepth`; the document is then empty.
    private(set) var tooDeep: (line: Int, column: Int)?
    /// The text cmark parsed: the Markdown, with footnote definitions written as list items.
    let source: String
    /// Footnote definitions by the line of their list item (see `FootnoteSource`).
    let footnoteDefinitionLines: [Int: String]

    /// Parses `text` with smart punctuation; `unsafeHTML` keeps raw HTML when rendering.
    init(parsing text: String, unsafeHTML: Bool) {
        renderOptions = unsafeHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
        var document = Self.parse(text)
        if let position = Self.firstTooDeep(document) {
            cmark_node_free(document)
            root = Self.parse("")
            tooDeep = position
            source = ""
            footnoteDefinitionLines = [:]
            return
        }
        var source = text
        var definitions: [Int: String] = [:]
        if FootnoteSource.mayDefine(text) {
            let literal = Self.literalLines(MarkdownNode(document))
            if let rewritten = FootnoteSource.rewrite(text, skippingLines: literal) {
                cmark_node_free(document)
                document = Self.parse(rewritten.text)
                source = rewritten.text
                definitions = rewritten.labels
            }
        }
        root = document
        self.source = source
        footnoteDefinitionLines = definitions
    }

    private static func parse(_ text: String) -> OpaquePointer {
        var text = text
        let document = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_SMART)
            }
        }
        // cmark returns no document only when it cannot allocate memory, where nothing else could go on either.
        guard let document else { fatalError("cmark could not allocate a document") }
        return document
    }

    /// Walks the tree without recursion and finds the first node deeper than `maxDepth`.
    private static func firstTooDeep(_ root: OpaquePointer) -> (line: Int, column: Int)? {
        guard let iterator = cmark_iter_new(root) else { return nil }
        defer { cmark_iter_free(iterator) }
        var depth = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return nil }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_EXIT {
                depth -= 1
            } else if event == CMARK_EVENT_ENTER, !MarkdownNode(node).isLeaf {
                depth += 1
                if depth > maxDepth {
                    var located: OpaquePointer? = node
                    while let current = located, cmark_node_get_start_line(current) == 0 {
                        located = cmark_node_parent(current)
                    }
                    return (
                        Int(located.map(cmark_node_get_start_line) ?? 1),
                        Int(located.map(cmark_node_get_start_column) ?? 1)
                    )
                }
            }
        }
    }

    /// Lines inside code blocks and HTML blocks, where Markdown syntax is text.
    private static func literalLines(_ root: MarkdownNode) -> Set<Int> {
        var lines = Set<Int>()
        func visit(_ node: MarkdownNode) {
            switch node.kind {
            case .codeBlock, .htmlBlock:
                if node.line > 0 { lines.formUnion(node.line...max(node.line, node.endLine)) }
            case .paragraph, .heading: break
            default: for child in node.children { visit(child) }
            }
        }
        visit(root)
        return lines
    }

    deinit { cmark_node_free(root) }

    /// The document node itself.
    var documentNode: MarkdownNode { MarkdownNode(root) }

    /// The source's lines (1-based line `n` is `sourceLines[n - 1]`), without their line ends.
    private(set) lazy var sourceLines: [Substring] = source.split(
        separator: "\n", omittingEmptySubsequences: false
    ).map { $0.last == "\r" ? $0.dropLast() : $0 }

    /// Joins adjacent text nodes, which cmark leaves split at brackets and other special characters.
    func consolidateText() { cmark_consolidate_text_nodes(root) }

    /// The top-level blocks, in document order.
    var blocks: [MarkdownNode] { MarkdownNode(root).children }

    /// Every node below the document, depth first, entering each once.
    func forEachNode(_ body: (MarkdownNode) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) {
                body(MarkdownNode(node))
            }
        }
    }

    /// cmark's own HTML for `node` and its subtree.
    func html(_ node: MarkdownNode) -> String {
        guard let chars = cmark_render_html(node.pointer, renderOptions) else { return "" }
        defer { free(chars) }
        return String(cString: chars)
    }
}

/// One cmark node, a thin view over the C pointer.
struct MarkdownNode: Hashable {
    enum Kind {
        case paragraph, heading, list, item, codeBlock, htmlBlock, blockQuote, thematicBreak
        case text, code, softBreak, lineBreak, htmlInline, link, image, emphasis, strong
        case customBlock, customInline, document, other
    }

    fileprivate let pointer: OpaquePointer

    /// A new node that belongs to no tree until it is inserted; a custom node renders nothing until given HTML.
    init(new kind: Kind) {
        let type: cmark_node_type =
            switch kind {
            case .paragraph: CMARK_NODE_PARAGRAPH
            case .text: CMARK_NODE_TEXT
            case .link: CMARK_NODE_LINK
            case .customBlock: CMARK_NODE_CUSTOM_BLOCK
            case .customInline: CMARK_NODE_CUSTOM_INLINE
            default: preconditionFailure("MarkdownNode(new:) makes paragraphs, text, links and custom nodes")
            }
        pointer = cmark_node_new(type)
        if kind == .customBlock || kind == .customInline {
            cmark_node_set_on_enter(pointer, "")
            cmark_node_set_on_exit(pointer, "")
        }
    }

    /// A text node with `literal`.
    static func text(_ literal: String) -> MarkdownNode {
        let node = MarkdownNode(new: .text)
        node.literal = literal
        return node
    }

    /// A custom node that renders `enter` before its children and `exit` after them.
    static func custom(_ kind: Kind, enter: String, exit: String = "") -> MarkdownNode {
        let node = MarkdownNode(new: kind)
        node.onEnter = enter
        node.onExit = exit
        return node
    }

    fileprivate init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// Nodes that cmark's iterator enters without leaving: they hold no other nodes.
    var isLeaf: Bool {
        switch kind {
        case .text, .code, .softBreak, .lineBreak, .htmlInline, .codeBlock, .htmlBlock, .thematicBreak: true
        default: false
        }
    }

    var kind: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        case CMARK_NODE_EMPH: .emphasis
        case CMARK_NODE_STRONG: .strong
        case CMARK_NODE_CUSTOM_BLOCK: .customBlock
        case CMARK_NODE_CUSTOM_INLINE: .customInline
        case CMARK_NODE_DOCUMENT: .document
        default: .other
        }
    }

    var children: [MarkdownNode] {
        var result: [MarkdownNode] = []
        var child = cmark_node_first_child(pointer)
        while let node = child {
            result.append(MarkdownNode(node))
            child = cmark_node_next(node)
        }
        return result
    }

    var firstChild: MarkdownNode? { cmark_node_first_child(pointer).map(MarkdownNode.init) }
    var lastChild: MarkdownNode? { cmark_node_last_child(pointer).map(MarkdownNode.init) }
    var parent: MarkdownNode? { cmark_node_parent(pointer).map(MarkdownNode.init) }
    var next: MarkdownNode? { cmark_node_next(pointer).map(MarkdownNode.init) }
    var previous: MarkdownNode? { cmark_node_previous(pointer).map(MarkdownNode.init) }

    /// The heading this inline node sits in, if any.
    var enclosingHeading: MarkdownNode? {
        var node = parent
        while let current = node {
            if current.kind == .heading { return current }
            node = current.parent
        }
        return nil
    }

    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
    var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
    var line: Int { Int(cmark_node_get_start_line(pointer)) }
    var column: Int { Int(cmark_node_get_start_column(pointer)) }
    var endLine: Int { Int(cmark_node_get_end_line(pointer)) }
    var isTightList: Bool { cmark_node_get_list_tight(pointer) != 0 }

    /// The HTML a custom node writes before and after its children.
    var onEnter: String {
        get { cmark_node_get_on_enter(pointer).map { String(cString: $0) } ?? "" }
        nonmutating set { cmark_node_set_on_enter(pointer, newValue) }
    }

    var onExit: String {
        get { cmark_node_get_on_exit(pointer).map { String(cString: $0) } ?? "" }
        nonmutating set { cmark_node_set_on_exit(pointer, newValue) }
    }

    // Tree edits: a node moved here leaves its old place (in this or another document).
    func insertBefore(_ node: MarkdownNode) { cmark_node_insert_before(pointer, node.pointer) }
    func insertAfter(_ node: MarkdownNode) { cmark_node_insert_after(pointer, node.pointer) }
    func append(_ child: MarkdownNode) { cmark_node_append_child(pointer, child.pointer) }
    func prepend(_ child: MarkdownNode) { cmark_node_prepend_child(pointer, child.pointer) }
    func unlink() { cmark_node_unlink(pointer) }

    var literal: String {
        get { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
        nonmutating set { cmark_node_set_literal(pointer, newValue) }
    }

    /// Whether the literal holds the byte, looked for in cmark's own text (no String made: a walk asks every text
    /// node of a page).
    func literalContains(_ byte: UInt8) -> Bool {
        cmark_node_get_literal(pointer).map { strchr($0, Int32(byte)) != nil } ?? false
    }

    /// Calls `body` with cmark's own text of the literal, NUL-terminated (nil when the node has none).
    func withLiteral<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result? {
        cmark_node_get_literal(pointer).map(body)
    }

    /// Whether the literal holds `needle` (ASCII), looked for as `literalContains(_:)` does a byte.
    func literalContains(_ needle: StaticString) -> Bool {
        let needle = UnsafeRawPointer(needle.utf8Start).assumingMemoryBound(to: CChar.self)
        return cmark_node_get_literal(pointer).map { strstr($0, needle) != nil } ?? false
    }

    /// A fenced code block's info string (` ```swift title="x" `).
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }

    var url: String {
        get { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
        nonmutating set { cmark_node_set_url(pointer, newValue) }
    }

    /// Removes the node from the tree and frees it.
    func delete() {
        cmark_node_unlink(pointer)
        cmark_node_free(pointer)
    }

    /// The text a reader sees: literals of text and code, breaks as spaces. Gathered as bytes from cmark's own
    /// literals (every row of every page asks for its text; a String per literal cost 4 % of a build).
    var plainText: String {
        var text: [UInt8] = []
        text.reserveCapacity(256)  // most rows' text fits: no growth a literal at a time
        appendPlainText(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `plainText` without images' alt text, as a browser's `textContent` reads the rendered HTML: what GitHub makes a
    /// heading's id from.
    var textContent: String {
        var text: [UInt8] = []
        appendPlainText(to: &text, images: false)
        return String(decoding: text, as: UTF8.self)
    }

    private func appendPlainText(to text: inout [UInt8], images: Bool = true) {
        switch kind {
        case .image where !images: break
        case .text, .code, .codeBlock:
            if let literal = cmark_node_get_literal(pointer) {
                literal.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
                    text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: strlen(literal)))
                }
            }
        case .softBreak, .lineBreak: text.append(space)
        case .htmlBlock, .htmlInline: break
        case .customInline where onExit.hasSuffix("\n"):
            // A table cell: its words are apart from the next cell's.
            for child in children { child.appendPlainText(to: &text, images: images) }
            if !text.isEmpty, text.last != space { text.append(space) }
        default:
            var child = cmark_node_first_child(pointer)
            var first = true
            while let node = child {
                let wrapped = MarkdownNode(node)
                if !first, wrapped.isBlock, !text.isEmpty, text.last != space { text.append(space) }
                wrapped.appendPlainText(to: &text, images: images)
                first = false
                child = cmark_node_next(node)
            }
        }
    }

    private var space: UInt8 { UInt8(ascii: " ") }

    private var isBlock: Bool {
        switch kind {
        case .paragraph, .heading, .list, .item, .codeBlock, .htmlBlock, .blockQuote, .thematicBreak, .customBlock: true
        default: false
        }
    }
}
