import Foundation
import Testing

@testable import FolioKit

@Suite struct SafetyTests {
    @Test func rawHTMLKeepsGitHubsSafeSubsetByDefault() {
        let output = model("<div class=x>raw</div>\n\nText <b>bold</b> <span onclick=\"x()\">c</span>.\n")
        #expect(output.model.intro == "<div>raw</div>\n<p>Text <b>bold</b> <span>c</span>.</p>\n")
        #expect(output.diagnostics.map(\.severity) == [.warning, .warning])
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
    ])
    func rawHTMLWithScriptURLsIsDroppedEvenWhenUnsafe(html: String) {
        let output = model("\(html)\n\nafter\n", unsafeHTML: true)
        #expect(!output.model.intro.lowercased().contains("script"), "\(output.model.intro)")
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
