/// A page's fenced code, highlighted in one batch: cmark's `<pre><code class="language-x">…</code></pre>` of each
/// block whose language has a grammar is swapped for the highlighted one when its block renders.
struct CodeHighlighting {
    private var replacements: [String: String] = [:]

    init() {}

    /// `codeBlocks`: the document's code blocks, found by the walk that already visits every node.
    init(
        _ document: MarkdownDocument, codeBlocks: [MarkdownNode],
        highlight: ([CodeHighlighter.Block]) -> [String?] = CodeHighlighter.shared.highlight
    ) {
        var plain: [String] = []
        var blocks: [CodeHighlighter.Block] = []
        for node in codeBlocks {
            guard let grammar = CodeLanguage.grammar(forInfo: node.fenceInfo) else { continue }
            var html = document.html(node)
            while html.last == "\n" { html.removeLast() }
            plain.append(html)
            blocks.append(.init(grammar: grammar, code: node.literal))
        }
        guard !blocks.isEmpty else { return }
        for (html, highlighted) in zip(plain, highlight(blocks)) {
            guard let highlighted, let opening = Self.openingTags(html) else { continue }
            // Keeps cmark's `<pre><code class="language-x">` and `</code></pre>`; the spans go between.
            replacements[html] = opening + highlighted + "</code></pre>"
        }
    }

    var isEmpty: Bool { replacements.isEmpty }

    /// `html` with every highlighted code block in it swapped.
    func apply(_ html: String) -> String {
        guard !replacements.isEmpty else { return html }
        if html.hasPrefix("<pre><code class="), html.hasSuffix("</code></pre>\n"),
            let highlighted = replacements[String(html.dropLast())]
        {
            return highlighted + "\n"
        }
        // A list or a quote with code inside; Foundation's `contains` is slow enough to show on every block of a build.
        guard Self.containsCode(html) else { return html }
        var result = html
        for (plain, highlighted) in replacements where result.contains(plain) {
            result = result.replacingOccurrences(of: plain, with: highlighted)
        }
        return result
    }

    /// cmark's `<pre><code class="language-x">` at the start of a block's `html`, found in its bytes (Foundation's
    /// `range(of:)`, once a block, was 1 % of a full build's samples).
    private static func openingTags(_ html: String) -> String? {
        var html = html
        return html.withUTF8 { bytes in
            ByteSearch.find(tagEnd, in: bytes, from: 0).map {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<($0 + tagEnd.count)]), as: UTF8.self)
            }
        }
    }

    private static let tagEnd = Array("\">".utf8)

    /// Whether `html` holds a code block: every block of a page with highlighted code is asked (libc's `memchr`
    /// finds each `<`; a loop a byte a step was 2 % of a build's samples).
    private static func containsCode(_ html: String) -> Bool { ByteSearch.contains(html, "<pre><code class=") }
}
