import Testing

@testable import FolioKit

@Suite("Code blocks are focusable")
struct FocusableCodeTests {
    @Test("every <pre><code is given tabindex, with text around it kept byte for byte")
    func everyOccurrence() {
        let html =
            "<p>Ünïcode — ✓</p>\n<pre><code>a</code></pre>\n<blockquote><pre><code class=\"language-x\">é</code></pre></blockquote>"
        #expect(
            FocusableCode.apply(html)
                == "<p>Ünïcode — ✓</p>\n<pre tabindex=\"0\"><code>a</code></pre>\n<blockquote><pre tabindex=\"0\"><code class=\"language-x\">é</code></pre></blockquote>"
        )
    }

    @Test("HTML without a code block, or with only part of the pattern, is returned unchanged")
    func noMatch() {
        for html in ["", "<p>x</p>", "<pre>", "<pre><cod", "<pre> <code>", "<p>&lt;pre&gt;&lt;code</p>"] {
            #expect(FocusableCode.apply(html) == html)
        }
    }
}
