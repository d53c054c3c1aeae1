import Foundation
import Testing

@testable import FolioKit

@Suite struct SafetyTests {
    @Test func rawHTMLKeepsGitHubsSafeSubsetByDefault() {
        let output = model("<div class=x>raw</div>\n\nText <b>bold</b> <span onclick=\"x()\">c</span>.\n")
        #expect(output.model.intro == "<div>raw</div>\n<p>Text <b>bold</b> <span>c</span>.</p>\n")
        #expect(output.diagnostics.map(\.severity) == [.warning, .warning])
    }

    /// What a block of raw HTML loses is reported where its tag stands, not at the block's first line.
    @Test func aBlocksOmissionsAreReportedAtTheirTags() {
        let markdown = """
            Intro.

            <div align="center">
              <img src="logo.png" alt="Logo">
              <p>Text</p>
                <iframe src="https://example.com/"></iframe>
              <span onclick="x()">c</span>
            </div>

            """
        let output = model(markdown)
        #expect(
            output.diagnostics.map { "\($0.line):\($0.column) \($0.message.prefix(34))" } == [
                "6:5 raw HTML <iframe> omitted: it is n", "7:3 raw HTML attribute 'onclick' of <s",
            ])
    }

    @Test func rawHTMLIsKeptWhenTheSiteOptsIn() {
        let output = model("<div class=x>raw</div>\n", unsafeHTML: true)
        #expect(output.model.intro.contains("<div class=x>raw</div>"))
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:x", "java\tscript:x", "vbscript:x",
        "data:text/html,x",
    ])
    func scriptLinksAreNeverEmitted(url: String) {
        for unsafe in [false, true] {
            let output = model("[click](<\(url)>)\n", unsafeHTML: unsafe)
            #expect(output.model.intro.contains("href=\"\""), "\(url) unsafe=\(unsafe): \(output.model.intro)")
        }
    }

    @Test func imageDataURLsAreKept() {
        let output = model("![dot](data:image/png;base64,iVBORw0KGgo=)\n")
        #expect(output.model.intro.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""))
    }

    @Test(arguments: [
        "<a href=\"javascript:alert(1)\">x</a>", "<a href=\"&#106;avascript:alert(1)\">x</a>",
        "<a href=\"java&#x09;script:x\">x</a>", "<a href='JAVASCRIPT&colon;x'>x</a>",
        // A numeric reference needs no `;`: the browser reads up to its last digit.
        "<a href=\"&#106avascript:alert(1)\">x</a>", "<a href=\"javascript&#58alert(1)\">x</a>",
        "<a href=\"&#x6A;avascript:x\">x</a>", "<a href=\"&#0000106avascript:x\">x</a>",
        "<a href=\"java&Tab;script:x\">x</a>", "<a href=\"&#118bscript:x\">x</a>",
    ])
    func rawHTMLWithScriptURLsIsDroppedEvenWhenUnsafe(html: String) {
        let output = model("\(html)\n\nafter\n", unsafeHTML: true)
        #expect(!output.model.intro.lowercased().contains("script"), "\(output.model.intro)")
        #expect(output.model.intro.contains("<a>x</a>"), "the link keeps its text: \(output.model.intro)")
        #expect(output.model.intro.contains("after"))
    }

    /// A script URL in a block of raw HTML took the whole block with it, and an inline link's start tag alone, its
    /// end tag left behind: only the attribute goes, the rest stays as written.
    @Test func aScriptURLTakesOnlyItsAttributeFromUnsafeHTML() {
        let markdown = """
            <div class="box">
            <p>IMPORTANT ONE</p>
            <p><a href="javascript:void(0)" title="t">click</a> <img src="x.png" onerror="y()"></p>
            <form action="vbscript:x"><button formaction="JaVa&#x09;script:z">go</button></form>
            <p>IMPORTANT TWO, about javascript: URLs</p>
            </div>

            Inline <a href="javascript:x()" class="k">link text</a> end, <a href="/ok">fine</a>.

            """
        let output = model(markdown, unsafeHTML: true)
        let html = output.model.intro
        #expect(
            html.contains("<p>IMPORTANT ONE</p>") && html.contains("IMPORTANT TWO, about javascript: URLs"), "\(html)")
        #expect(html.contains("<a title=\"t\">click</a>"), "\(html)")
        #expect(html.contains("<img src=\"x.png\" onerror=\"y()\">"), "the rest stays as written (unsafe): \(html)")
        #expect(html.contains("<form><button>go</button></form>"), "\(html)")
        #expect(html.contains("Inline <a class=\"k\">link text</a> end, <a href=\"/ok\">fine</a>."), "\(html)")
        #expect(!html.contains("javascript:v") && !html.contains("vbscript:") && !html.contains("javascript:x"))
        #expect(
            output.diagnostics.map { "\($0.line): \($0.message)" } == [
                "1: raw HTML <a href> with a javascript: URL omitted: such links are never kept",
                "1: raw HTML <form action> with a vbscript: URL omitted: such links are never kept",
                "1: raw HTML <button formaction> with a javascript: URL omitted: such links are never kept",
                "8: raw HTML <a href> with a javascript: URL omitted: such links are never kept",
            ])
    }

    /// `file:` and `data:` (but an image's) are URLs no setting keeps: with `unsafeHTML` too, raw HTML loses the
    /// attribute, as a Markdown link loses its URL; the words `data:` and `file:` elsewhere stay.
    @Test func fileAndDataURLsLeaveUnsafeRawHTMLToo() {
        let markdown = """
            <a href="data:text/html,<script>alert(1)</script>">d</a> <a href="FILE:///etc/passwd">f</a>
            <img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"> <a href="data&#58text/html,x">e</a>

            <p title="metadata: kept">file: a word, data: another</p>

            """
        let output = model(markdown, unsafeHTML: true)
        let html = output.model.intro
        #expect(html.contains("<a>d</a> <a>f</a>"), "\(html)")
        #expect(html.contains("<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"dot\"> <a>e</a>"), "\(html)")
        #expect(html.contains("<p title=\"metadata: kept\">file: a word, data: another</p>"), "\(html)")
        #expect(
            output.diagnostics.map(\.message) == [
                "raw HTML <a href> with a data: URL omitted: such links are never kept",
                "raw HTML <a href> with a file: URL omitted: such links are never kept",
                "raw HTML <a href> with a data: URL omitted: such links are never kept",
            ])
    }

    /// A script URL the parser does not read as an attribute (in a comment) still takes the piece with it.
    @Test func aScriptURLOutsideAnAttributeTakesItsPiece() {
        let output = model("<!-- <a href=\"javascript:x\"> -->\n\nafter\n", unsafeHTML: true)
        #expect(!output.model.intro.contains("javascript"), "\(output.model.intro)")
        #expect(output.model.intro.contains("after"))
    }
}

@Suite struct CodeBlockTests {
    @Test func codeBlocksAtEveryDepthAreKeyboardFocusable() {
        let output = model("## S\n\n```\ntop\n```\n\n- item\n\n  ```\n  nested\n  ```\n\n> ```\n> quoted\n> ```\n")
        let html = output.model.sections[0].html
        #expect(html.components(separatedBy: "<pre tabindex=\"0\"><code>").count == 4, "\(html)")
        #expect(!html.contains("<pre><code"))
    }
}
