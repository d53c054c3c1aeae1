/// The highlighted code of a page as Folio last wrote it: an edit to a page's text usually leaves its code blocks as
/// they were, and their highlighted HTML is then taken from the page's previous output instead of from highlight.js —
/// so that an update whose code did not change never starts Node.js (about 0.1 s of the machine's CPU for an edit
/// on a site of 10,000 pages).
///
/// Each `<pre tabindex="0"><code class="language-x">…</code></pre>` of the page gives its grammar (from the class, as
/// cmark wrote the info string's first word), its code (the HTML inside with highlight.js's `<span>` tags taken out
/// and its five escapes undone) and that HTML. Anything else inside — another tag, another character reference — and
/// the block is left out, and so is one without a single `hljs-` token (it may never have been highlighted: raw HTML,
/// an info string cmark reads otherwise than `CodeLanguage`); two blocks with the same code and grammar but different
/// HTML (one written as raw HTML by the author) leave both out. A block left out is highlighted by highlight.js, as
/// before.
struct PreviousHighlights {
    /// Each block's highlighted HTML, as the pages added so far hold it.
    private(set) var blocks: [CodeHighlighter.Block: String] = [:]
    /// Blocks found with two different HTMLs: left out.
    private var ambiguous: Set<CodeHighlighter.Block> = []

    /// Adds the blocks of `html`, a page Folio wrote.
    mutating func add(page html: [UInt8]) {
        html.withUnsafeBufferPointer { add($0) }
    }

    private static let opening = Array("<pre tabindex=\"0\"><code class=\"language-".utf8)
    private static let closing = Array("</code></pre>".utf8)

    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var from = 0
        while let start = ByteSearch.find(Self.opening, in: bytes, from: from) {
            let classStart = start + Self.opening.count
            guard let quote = ByteSearch.find([UInt8(ascii: "\"")], in: bytes, from: classStart),
                quote + 1 < bytes.count, bytes[quote + 1] == UInt8(ascii: ">"),
                let end = ByteSearch.find(Self.closing, in: bytes, from: quote + 2)
            else { break }
            from = end + Self.closing.count
            guard let info = Self.text(bytes[classStart..<quote]), let grammar = CodeLanguage.grammar(forInfo: info),
                let code = Self.text(bytes[(quote + 2)..<end], strippingSpans: true)
            else { continue }
            let block = CodeHighlighter.Block(grammar: grammar, code: code)
            guard !ambiguous.contains(block) else { continue }
            let highlighted = String(decoding: UnsafeBufferPointer(rebasing: bytes[(quote + 2)..<end]), as: UTF8.self)
            // A block with no token of highlight.js's may never have been highlighted (raw HTML, an info string
            // cmark reads another way): left to highlight.js.
            guard ByteSearch.contains(highlighted, "<span class=\"hljs-") else { continue }
            if let earlier = blocks[block], earlier != highlighted {
                ambiguous.insert(block)
                blocks[block] = nil
            } else {
                blocks[block] = highlighted
            }
        }
    }

    private static let escapes: [(reference: [UInt8], character: UInt8)] = [
        (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")),
        (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
        (Array("&#x27;".utf8), UInt8(ascii: "'")),
    ]
    private static let spanOpening = Array("<span class=\"".utf8)
    private static let spanClosing = Array("</span>".utf8)

    /// The text of escaped HTML (and, with `strippingSpans`, without its `<span class="…">` and `</span>` tags), or
    /// nil when it holds anything else.
    private static func text(_ html: Slice<UnsafeBufferPointer<UInt8>>, strippingSpans: Bool = false) -> String? {
        var text: [UInt8] = []
        text.reserveCapacity(html.count)
        var index = html.startIndex
        func starts(with pattern: [UInt8]) -> Bool {
            html.endIndex - index >= pattern.count && html[index..<(index + pattern.count)].elementsEqual(pattern)
        }
        outer: while index < html.endIndex {
            let byte = html[index]
            if byte == UInt8(ascii: "&") {
                for escape in escapes where starts(with: escape.reference) {
                    text.append(escape.character)
                    index += escape.reference.count
                    continue outer
                }
                return nil
            }
            if byte == UInt8(ascii: "<") {
                guard strippingSpans else { return nil }
                if starts(with: spanClosing) {
                    index += spanClosing.count
                    continue
                }
                guard starts(with: spanOpening) else { return nil }
                index += spanOpening.count
                // The class: letters, digits, `-`, `_` and spaces (highlight.js's `hljs-title class_`).
                while index < html.endIndex, html[index] != UInt8(ascii: "\"") {
                    let byte = html[index]
                    guard
                        byte == 32 || byte == 45 || byte == 95 || (byte | 0x20 >= 97 && byte | 0x20 <= 122)
                            || (byte >= 48 && byte <= 57)
                    else { return nil }
                    index += 1
                }
                guard html.endIndex - index >= 2, html[index + 1] == UInt8(ascii: ">") else { return nil }
                index += 2
                continue
            }
            text.append(byte)
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }
}
