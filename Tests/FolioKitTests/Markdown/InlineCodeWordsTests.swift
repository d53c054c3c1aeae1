import Testing

@testable import FolioKit

@Suite("Inline code breaks only where a line must")
struct InlineCodeWordsTests {
    @Test("a short word with a hyphen or a slash is kept whole; other words and the text around are kept byte for byte")
    func shortWordsAreKeptWhole() {
        #expect(
            InlineCodeWords.apply(
                "<p>Run <code>folio build --output Public</code> — ✓ <code>Content/site.yml</code></p>\n")
                == "<p>Run <code>folio build <span class=\"nowrap\">--output</span> Public</code> — ✓ <code><span class=\"nowrap\">Content/site.yml</span></code></p>\n"
        )
    }

    @Test("a code block and code without such words before the word leave it wrapped, and themselves unchanged")
    func wordAfterOtherCode() {
        #expect(
            InlineCodeWords.apply(
                "<pre tabindex=\"0\"><code>a-b</code></pre>\n<p><code>x y</code> and <code>a-b</code></p>\n")
                == "<pre tabindex=\"0\"><code>a-b</code></pre>\n<p><code>x y</code> and <code><span class=\"nowrap\">a-b</span></code></p>\n"
        )
    }

    @Test("a word longer than a phone's line stays breakable")
    func longWordsStayBreakable() {
        let long = "<p><code>" + String(repeating: "a-", count: 20) + "</code></p>"
        #expect(InlineCodeWords.apply(long) == long)
    }

    @Test("code blocks, code without such words, markup inside author's <code> and an unclosed <code> are unchanged")
    func unchanged() {
        for html in [
            "<pre tabindex=\"0\"><code>a-b c/d</code></pre>\n",
            "<pre tabindex=\"0\"><code class=\"language-sh\">a-b</code></pre>\n",
            "<p><code>plain words</code></p>",
            "<p><code><b class=\"a-b\">x</b></code></p>",
            "<p><code>a-b",
            "",
        ] {
            #expect(InlineCodeWords.apply(html) == html)
        }
    }

    @Test("a page's paragraph and list item carry the wrapped word")
    func inThePage() {
        let output = model("Use `--output` here.\n\n- `swift-format`\n", sectionLevel: 2, titleFromHeading: false)
        #expect(output.model.intro.contains("<code><span class=\"nowrap\">--output</span></code>"))
        #expect(output.model.intro.contains("<li><code><span class=\"nowrap\">swift-format</span></code></li>"))
    }
}
