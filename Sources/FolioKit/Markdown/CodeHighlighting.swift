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
            guard let highlighted, let open = html.range(of: "\">") else { continue }
            // Keeps cmark's `<pre><code class="language-x">` and `</code></pre>`; the spans go between.
            replacements[html] = String(html[..<open.upperBound]) + highlighted + "</code></pre>"
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

    private static let marker = Array("<pre><code class=".utf8)

    private static func containsCode(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            guard bytes.count >= marker.count else { return false }
            var index = 0
            while index <= bytes.count - marker.count {
                if bytes[index] == UInt8(ascii: "<") {
                    var matched = true
                    for offset in 1..<marker.count where bytes[index + offset] != marker[offset] {
                        matched = false
                        break
                    }
                    if matched { return true }
                }
                index += 1
            }
            return false
        }
    }
}
