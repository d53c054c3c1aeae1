import Testing

@testable import FolioKit

/// Raw HTML without `unsafeHTML`: GitHub's safe subset is kept, everything else is left out with a warning.
@Suite struct HTMLSubsetTests {
    private func render(_ markdown: String) -> (html: String, warnings: [String]) {
        let output = model(markdown)
        return (output.model.intro, output.diagnostics.map(\.message))
    }

    @Test(arguments: [
        "<kbd>Ctrl</kbd>", "<sup>2</sup>", "<sub>i</sub>", "<ins>new</ins>", "<del>old</del>", "<b>b</b>", "<i>i</i>",
        "<strong>s</strong>", "<em>e</em>", "<s>s</s>", "<strike>s</strike>", "<samp>out</samp>", "<var>x</var>",
        "<abbr title=\"HyperText\">HTML</abbr>", "<q>quote</q>", "<code>c</code>", "<mark>m</mark>", "<small>s</small>",
        "<a href=\"https://example.com/\">x</a>", "<a href=\"#top\">x</a>", "<a href=\"mailto:a@example.com\">x</a>",
        "<a href=\"../guide/\">x</a>", "<a id=\"here\">x</a>", "<br>",
        "<img src=\"logo.png\" alt=\"Logo\" width=\"20\" height=\"10\">",
        "<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"dot\">",
    ])
    func allowedInlineHTMLIsKept(html: String) {
        let result = render("Text \(html) text.\n")
        #expect(result.html == "<p>Text \(html) text.</p>\n")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test(arguments: [
        "<details>\n<summary>More</summary>\n<p>Hidden</p>\n</details>",
        "<div align=\"center\">\n<img src=\"a.png\" alt=\"a\">\n</div>",
        "<p align=\"right\">Right</p>",
        "<table>\n<thead>\n<tr>\n<th align=\"left\">H</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td colspan=\"2\">C</td>\n</tr>\n</tbody>\n</table>",
        "<picture>\n<source media=\"(prefers-color-scheme: dark)\" srcset=\"dark.png\">\n<img src=\"light.png\" alt=\"x\">\n</picture>",
        "<dl>\n<dt>Term</dt>\n<dd>Definition</dd>\n</dl>",
        "<ul>\n<li>one</li>\n</ul>",
        "<ol start=\"3\">\n<li>three</li>\n</ol>",
        "<blockquote cite=\"https://example.com/\">Q</blockquote>",
        "<h3>Title</h3>",
        "<hr>",
    ])
    func allowedBlockHTMLIsKept(html: String) {
        let result = render(html + "\n")
        #expect(result.html == html + "\n")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// A README's centred logo and links, written in raw HTML, were copied as written: relative to the page's file
    /// on GitHub, they pointed one folder too deep on the built page (`/guide/page/images/logo.png`).
    @Test func rawHTMLLinksAndImagesFollowTheRuleOfMarkdownLinks() {
        let output = model(
            "<p align=\"center\">\n<img src=\"images/logo.png\" alt=\"Logo\">\n<a href=\"other.md#setup\">Other</a>\n"
                + "<a href=\"/guide/other/\">Rooted</a> <a href=\"https://example.com/\">Out</a>\n</p>\n",
            pages: ["guide/page.md": "/guide/page/", "guide/other.md": "/guide/other/"],
            staticFiles: ["guide/images/logo.png"])
        let html = output.model.intro
        #expect(html.contains("<img src=\"../images/logo.png\" alt=\"Logo\">"), "\(html)")
        #expect(html.contains("<a href=\"../other/#setup\">Other</a>"), "\(html)")
        #expect(html.contains("<a href=\"../other/\">Rooted</a>"), "a site path made relative, as in Markdown: \(html)")
        #expect(html.contains("<a href=\"https://example.com/\">Out</a>"), "\(html)")
        #expect(output.diagnostics.isEmpty)
    }

    /// Prose naming a tag: an element dropped with its content that nothing closes took the rest of the paragraph
    /// with it (and, with `unsafeHTML`, a browser read the rest of the page as the `<title>`'s text). It is text, as
    /// GitHub's tag filter writes it; one that is closed still goes with its content.
    @Test func anElementLeftOpenThatWouldTakeTheTextIsText() {
        for unsafeHTML in [false, true] {
            let output = model(
                "Set the <title> of the page, then save. Use a <textarea> too.\n\n## Next\n\nAfter.\n",
                unsafeHTML: unsafeHTML)
            #expect(
                output.model.intro
                    == "<p>Set the &lt;title&gt; of the page, then save. Use a &lt;textarea&gt; too.</p>\n",
                "unsafeHTML: \(unsafeHTML)")
            #expect(output.model.sections.map(\.html) == ["<p>After.</p>\n"])
            #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.message))")
        }
        #expect(render("A <title>Kept out</title> title.\n").html == "<p>A  title.</p>\n")
    }

    @Test func rawPreIsKeptAndKeyboardFocusable() {
        #expect(
            render("<pre><code>x &lt; y</code></pre>\n").html == "<pre tabindex=\"0\"><code>x &lt; y</code></pre>\n")
    }

    @Test func blockHTMLAroundMarkdownStaysOpenAcrossBlocks() {
        let result = render("<details>\n<summary>Click</summary>\n\nSome **Markdown**.\n\n</details>\n")
        #expect(
            result.html == "<details>\n<summary>Click</summary>\n<p>Some <strong>Markdown</strong>.</p>\n</details>\n")
    }

    @Test(arguments: [
        "script", "style", "iframe", "object", "embed", "form", "input", "button", "textarea", "select", "svg", "math",
        "link", "meta", "base", "marquee", "font", "center", "video", "audio", "canvas", "dialog", "frameset",
        "noscript",
        "template", "u", "section", "label",
    ])
    func otherElementsAreDroppedWithAWarningNamingThem(element: String) {
        let result = render("<div>\n<\(element) class=\"x\">inner</\(element)>\n</div>\n")
        #expect(!result.html.contains("<\(element)"), "\(result.html)")
        #expect(!result.html.contains("</\(element)>"), "\(result.html)")
        #expect(
            result.warnings.contains(
                "raw HTML <\(element)> omitted: it is not in GitHub's safe subset of HTML; set 'unsafeHTML: true' in site.yml to keep all raw HTML"
            ),
            "\(result.warnings)")
    }

    @Test func textOfADroppedElementStaysButScriptsGoWhole() {
        #expect(render("<div><font color=red>kept</font></div>\n").html == "<div>kept</div>\n")
        let script = render("<div><script>alert(1)</script><style>p{}</style>after</div>\n").html
        #expect(script == "<div>after</div>\n", "\(script)")
        let inline = render("Before <script>alert(1)</script> after.\n").html
        #expect(!inline.contains("alert"), "\(inline)")
        #expect(inline.contains("Before") && inline.contains("after."), "\(inline)")
    }

    @Test(arguments: [
        ("<a href=\"/\" onclick=\"steal()\">x</a>", "onclick", "a"),
        ("<img src=\"a.png\" onerror=\"steal()\" alt=\"a\">", "onerror", "img"),
        ("<div onmouseover=\"x()\">x</div>", "onmouseover", "div"),
        ("<body onload=\"x()\">", "onload", "body"),
        ("<p style=\"color:red\">x</p>", "style", "p"),
        ("<span class=\"big\">x</span>", "class", "span"),
        ("<details ontoggle=\"x()\" open>x</details>", "ontoggle", "details"),
        ("<img src=\"a.png\" srcdoc=\"x\" alt=\"a\">", "srcdoc", "img"),
    ])
    func unsafeAttributesAreDropped(html: String, attribute: String, element: String) {
        let result = render("<div>\n\(html)\n</div>\n")
        #expect(!result.html.contains(attribute + "="), "\(result.html)")
        if element != "body" {
            #expect(
                result.warnings.contains { $0.hasPrefix("raw HTML attribute '\(attribute)' of <\(element)> omitted") },
                "\(result.warnings)")
        }
    }

    @Test(arguments: [
        ("<a href=\"javascript:alert(1)\">x</a>", "javascript"),
        ("<a href=\"JaVaScRiPt:alert(1)\">x</a>", "javascript"),
        ("<a href=\"&#106;avascript:alert(1)\">x</a>", "javascript"),
        ("<a href=\"java&#x09;script:alert(1)\">x</a>", "javascript"),
        ("<a href=\" javascript:alert(1)\">x</a>", "javascript"),
        ("<a href=\"vbscript:msgbox(1)\">x</a>", "vbscript"),
        ("<a href=\"data:text/html,<script>x</script>\">x</a>", "data"),
        ("<a href=\"data:image/png;base64,AAAA\">x</a>", "data"),
        ("<img src=\"data:text/html,x\" alt=\"a\">", "data"),
        ("<img src=\"javascript:alert(1)\" alt=\"a\">", "javascript"),
        ("<img src=\"a.png\" srcset=\"b.png 2x, javascript:x 3x\" alt=\"a\">", "javascript"),
        ("<a href=\"file:///etc/passwd\">x</a>", "file"),
        ("<blockquote cite=\"javascript:x\">q</blockquote>", "javascript"),
    ])
    func unsafeURLsAreDropped(html: String, scheme: String) {
        let result = render("<div>\n\(html)\n</div>\n")
        #expect(!result.html.lowercased().contains("\(scheme):"), "\(result.html)")
        #expect(!result.html.contains("&#106;"), "\(result.html)")
        #expect(result.warnings.contains { $0.contains("with a \(scheme): URL omitted") }, "\(result.warnings)")
    }

    @Test func commentsAreDroppedSilently() {
        let result = render("<!-- a note -->\n\nText <!-- inline --> here.\n")
        #expect(!result.html.contains("note") && !result.html.contains("inline"), "\(result.html)")
        #expect(result.warnings.isEmpty)
    }

    @Test func eachKindOfOmissionIsReportedOnceAtItsPlace() {
        let output = model("Intro.\n\n<center>a</center>\n\n<center>b</center>\n")
        #expect(output.diagnostics.count == 1)
        #expect(output.diagnostics.first?.line == 3)
        #expect(output.diagnostics.first?.severity == .warning)
    }

    @Test func authorIDsStayAsWrittenOutsideFoliosNamespace() {
        #expect(render("Text <a name=\"setup\"></a>.\n").html == "<p>Text <a id=\"setup\"></a>.</p>\n")
        #expect(
            render("<div id=\"folio-paged-1\">x</div>\n").html == "<div id=\"user-content-folio-paged-1\">x</div>\n")
    }

    @Test func unsafeHTMLKeepsEverythingButScriptURLs() {
        let output = model("<div class=\"x\" style=\"color:red\"><u>u</u></div>\n", unsafeHTML: true)
        #expect(output.model.intro == "<div class=\"x\" style=\"color:red\"><u>u</u></div>\n")
        #expect(output.diagnostics.isEmpty)
    }

    /// Sanitized, and the end tags among them dropped: on the page they would close an element of Folio's views.
    /// Links and images written in raw HTML go to the site's link check, each at its tag: a README's
    /// `<a href="docs/missing.md">` was never reported.
    @Test func rawHTMLLinksAreCheckedWhereTheirTagsStand() {
        let output = model(
            "<p align=\"center\"><img src=\"logo.png\" alt=\"Logo\">\n  <a href=\"missing.md#x\">Gone</a></p>\n\n"
                + "Text <a href=\"https://example.com/\">out</a>.\n")
        #expect(
            output.links == [
                PageLink(
                    target: .site(path: "/guide/page/logo.png", fragment: nil), line: 1, column: 19, isImage: true,
                    written: "logo.png"),
                PageLink(
                    target: .source(path: "guide/missing.md", fragment: "x"), line: 2, column: 3, isImage: false,
                    written: "missing.md#x"),
                PageLink(
                    target: .external("https://example.com/"), line: 4, column: 6, isImage: false,
                    written: "https://example.com/"),
            ])
    }

    @Test func strayTagsTheParserIgnoresAreStillSanitized() {
        #expect(render("</div>\n").html == "\n")
        #expect(render("<td onclick=\"x\">cell</td>\n").html == "<td>cell</td>\n", "in turn: nothing to close")
        #expect(render("<div>a</details>b &amp; c</div>\n").html == "<div>ab &amp; c</div>\n")
    }
}
