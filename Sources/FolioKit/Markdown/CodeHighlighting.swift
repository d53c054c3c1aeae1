/// A page's fenced code, highlighted in one batch: cmark's `<pre><code class="language-x">…</code></pre>` of each
/// block whose language has a grammar is swapped for the highlighted one when its block renders.
struct CodeHighlighting {
    private var replacements: [String: String] = [:]

    init() {}

    init(_ document: MarkdownDocument, highlighter: CodeHighlighter = .shared) {
        var plain: [String] = []
        var blocks: [CodeHighlighter.Block] = []
        document.forEachNode { node in
            guard node.kind == .codeBlock, let grammar = CodeLanguage.grammar(forInfo: node.fenceInfo) else { return }
            var html = document.html(node)
            while html.last == "\n" { html.removeLast() }
            plain.append(html)
            blocks.append(.init(grammar: grammar, code: node.literal))
        }
        guard !blocks.isEmpty else { return }
        for (html, highlighted) in zip(plain, highlighter.highlight(blocks)) {
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
        guard html.contains("<pre><code class=") else { return html }
        var result = html
        for (plain, highlighted) in replacements where result.contains(plain) {
            result = result.replacingOccurrences(of: plain, with: highlighted)
        }
        return result
    }
}
