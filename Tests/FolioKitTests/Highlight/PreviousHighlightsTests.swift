import Foundation
import Testing

@testable import FolioKit

/// An update takes the highlighted code of the pages it renders again from their previous output (see
/// `PreviousHighlights`): what it reads back must be exactly what highlight.js gave for exactly that code.
@Suite struct PreviousHighlightsTests {
    static let samples = [
        ("swift", "let s = \"a<b && c>'d'\" // ✓ ünïcode\nfunc f() {}"), ("objc", "@interface A : NSObject\n@end"),
        ("c", "int main(void) { return 0; }"), ("cpp", "#include <vector>\nint x = 1;"),
        ("sh", "echo 'it''s' \"$HOME\" > /dev/null # note"), ("console", "$ ls -la"), ("json", "{\"a\": 1}"),
        ("yaml", "key: value # c"), ("toml", "[table]\nkey = \"v\""), ("html", "<a href='x' title=\"y\">&amp;</a>"),
        ("xml", "<?xml version=\"1.0\"?><a/>"), ("css", "p { color: red; }"), ("js", "const t = `${a}`;"),
        ("ts", "let x: number = 1;"), ("python", "def f():\n    return 'a'"), ("ruby", "def f\n  1\nend"),
        ("go", "func main() {}"), ("rust", "fn main() { let r = &x; }"), ("java", "public class A {}"),
        ("kotlin", "fun main() {}"), ("sql", "SELECT * FROM t WHERE a <> 'b';"), ("diff", "-old\n+new"),
        ("markdown", "# Title\n\n*em* <br>"), ("swift", "// no keyword at all"),
    ]

    @Test func eachBlockOfABuiltPageComesBackAsHighlightJSGaveIt() throws {
        try #require(CodeHighlighter.setup.isUsable, "Node.js and highlight.js, which make test installs")
        let markdown = "# Code\n\n" + Self.samples.map { "```\($0)\n\($1)\n```\n" }.joined(separator: "\n")
        let site = try ScratchSite(["site.yml": "title: Code\n", "code.md": markdown])
        #expect(site.build().published)
        var previous = PreviousHighlights()
        previous.add(page: Array(site.html("code/index.html").utf8))
        let blocks = CodeFences.blocks(in: markdown)
        #expect(blocks.count == Self.samples.count)
        // A highlighter of its own: nothing remembered from the builds of other tests.
        let highlighter = CodeHighlighter()
        for (block, html) in zip(blocks, highlighter.highlight(blocks)) {
            #expect(html != nil && previous.blocks[block] == html, "\(block.grammar): \(block.code)")
        }
        #expect(previous.blocks.count == Set(blocks).count)
    }

    /// `<pre tabindex="0"><code class="language-swift">` written by the author as raw HTML, with other HTML than
    /// highlight.js's for the same code: neither is trusted.
    @Test func aBlockFoundWithTwoDifferentHTMLsIsLeftOut() {
        let page = """
            <pre tabindex="0"><code class="language-swift"><span class="hljs-keyword">let</span> x\n</code></pre>
            <pre tabindex="0"><code class="language-swift"><span class="hljs-title">let</span> x\n</code></pre>
            <pre tabindex="0"><code class="language-swift"><span class="hljs-keyword">var</span> y\n</code></pre>
            <pre tabindex="0"><code class="language-swift"><span class="hljs-keyword">var</span> y\n</code></pre>
            """
        var previous = PreviousHighlights()
        previous.add(page: Array(page.utf8))
        #expect(previous.blocks[.init(grammar: "swift", code: "let x\n")] == nil)
        #expect(
            previous.blocks[.init(grammar: "swift", code: "var y\n")] == "<span class=\"hljs-keyword\">var</span> y\n")
        #expect(previous.blocks.count == 1)
    }

    @Test func aBlockWithAnythingButSpansAndTheFiveEscapesIsLeftOut() {
        let page = """
            <pre tabindex="0"><code class="language-swift"><b>let</b> a\n</code></pre>
            <pre tabindex="0"><code class="language-swift">let&nbsp;b\n</code></pre>
            <pre tabindex="0"><code class="language-swift"><span style="color: red">let</span> c\n</code></pre>
            <pre tabindex="0"><code class="language-klingon">let d\n</code></pre>
            <pre tabindex="0"><code class="language-js"><span class="hljs-keyword">let</span> &lt;e&gt; = &quot;&amp;&#x27;\n</code></pre>
            """
        var previous = PreviousHighlights()
        previous.add(page: Array(page.utf8))
        #expect(Array(previous.blocks.keys) == [.init(grammar: "javascript", code: "let <e> = \"&'\n")])
    }

    /// A block with no token of highlight.js's may never have been highlighted: raw HTML the author wrote, or a fence
    /// whose info string cmark reads otherwise (`swift\fx` is `language-swift` for cmark, no grammar for Folio).
    @Test func aBlockWithoutATokenIsLeftOut() {
        var previous = PreviousHighlights()
        previous.add(page: Array("<pre tabindex=\"0\"><code class=\"language-swift\">let x = 1\n</code></pre>".utf8))
        #expect(previous.blocks.isEmpty)
    }

    /// The hostile tester's case: a raw HTML block (`unsafeHTML`), then a fence with the same code added to the page.
    @Test func aFenceAddedBesideRawHTMLOfTheSameCodeIsHighlighted() throws {
        try #require(CodeHighlighter.setup.isUsable, "Node.js and highlight.js, which make test installs")
        let raw = "# A\n\n<pre><code class=\"language-swift\">let x = 1\n</code></pre>\n"
        let site = try ScratchSite(["site.yml": "title: Raw\nunsafeHTML: true\n", "index.md": "# Home\n", "a.md": raw])
        #expect(site.build().published)
        try site.write(["a.md": raw + "\n```swift\nlet x = 1\n```\n"])
        #expect(site.build().published)
        let clean = site.root.appendingPathComponent("Clean")
        #expect(site.build(into: clean, cache: false).published)
        #expect(site.html("a/index.html").contains("<span class=\"hljs-keyword\">let</span>"))
        #expect(site.html("a/index.html") == site.html("a/index.html", in: clean))
    }
}
