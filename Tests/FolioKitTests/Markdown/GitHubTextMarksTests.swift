import Testing

@testable import FolioKit

/// The one walk that tells the passes whether any text holds what starts their construct.
@Suite struct GitHubTextMarksTests {
    private func marks(_ markdown: String) -> [String] {
        let found = GitHubMarkdown.TextMarks(MarkdownDocument(parsing: markdown, unsafeHTML: false))
        return [(found.address, "address"), (found.tilde, "~"), (found.at, "@"), (found.bracket, "[")]
            .filter(\.0).map(\.1)
    }

    @Test func eachMarkIsFoundWhereverItStandsInAText() {
        #expect(marks("plain words, with w and a colon: here") == [])
        #expect(marks("see www.example.com") == ["address"])
        #expect(marks("ww www. w") == ["address"])
        #expect(marks("at https://example.com now") == ["address"])
        #expect(marks("a:/ b :// c") == ["address"])
        #expect(marks("wwww.example.com") == ["address"])
        #expect(marks("x:://y") == ["address"])
        #expect(marks("~~gone~~") == ["~"])
        #expect(marks("mail me@example.com") == ["@"])
        #expect(marks("- [ ] task") == ["["])
        #expect(marks("w~ *x* w@ `y` w[") == ["~", "@", "["])
        #expect(marks("end in www.") == ["address"])
        #expect(marks("end in :") == [])
    }

    /// Code and raw HTML are no text: what they hold starts no construct.
    @Test func codeIsNotText() {
        #expect(marks("`www.example.com ~ @ [`") == [])
    }
}
