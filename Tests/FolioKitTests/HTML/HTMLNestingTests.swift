import Testing

@testable import FolioKit

/// A raw HTML block nested past 512 elements is left out (`HTMLNesting`); tags that only look like elements — in a
/// comment, in a script's or a style's text — do not count toward it.
@Suite struct HTMLNestingTests {
    static let deep = String(repeating: "<div>", count: HTMLNesting.maxDepth + 1)

    @Test func elementsPastTheLimitAreTooDeep() {
        #expect(HTMLNesting.isTooDeep(Self.deep))
        #expect(!HTMLNesting.isTooDeep(String(repeating: "<div>", count: HTMLNesting.maxDepth)))
        #expect(!HTMLNesting.isTooDeep(String(repeating: "<div></div>", count: 10_000)))
    }

    @Test func tagsInACommentAreText() {
        // A commented-out template of many `<div>`s left the whole block out.
        #expect(!HTMLNesting.isTooDeep("<div><!-- \(Self.deep) --></div>"))
        #expect(HTMLNesting.isTooDeep("<!-- a comment -->\(Self.deep)"), "the elements after it still count")
        #expect(!HTMLNesting.isTooDeep("<!-- \(Self.deep)"), "a comment never closed runs to the end")
    }

    @Test func tagsInAScriptOrStyleAreText() {
        #expect(!HTMLNesting.isTooDeep("<script>let html = \"\(Self.deep)\"</script>"))
        #expect(!HTMLNesting.isTooDeep("<STYLE>/* \(Self.deep) */</Style>"))
        #expect(HTMLNesting.isTooDeep("<script src=\"a.js\"></script>\(Self.deep)"))
        #expect(!HTMLNesting.isTooDeep("<script/>\(Self.deep)</script>"), "HTML ignores the slash: still a script")
    }

    @Test func aSlashEndsOnlyForeignElements() {
        // `<div/>` opens a div as `<div>` does: 200,000 of them ran in the HTML parser as long as unclosed ones.
        #expect(HTMLNesting.isTooDeep(String(repeating: "<div/>", count: HTMLNesting.maxDepth + 1)))
        let paths = String(repeating: "<path d=\"M0 0\"/>", count: 2 * HTMLNesting.maxDepth)
        #expect(
            !HTMLNesting.isTooDeep("<p><svg viewBox=\"0 0 9 9\"><g>\(paths)</g></svg></p>"), "an icon of many paths")
        #expect(!HTMLNesting.isTooDeep("<math><mi/><mo/></math>" + String(repeating: "<svg/>", count: 600)))
        #expect(
            HTMLNesting.isTooDeep("<svg></svg>" + String(repeating: "<span/>", count: HTMLNesting.maxDepth + 1)),
            "after the svg ends, a slash is ignored again")
    }
}

/// The quick test that lets `HTMLBalancer` leave a piece without reading it with the HTML parser.
@Suite struct WellNestedTests {
    @Test(arguments: [
        "<p>Text <kbd>Ctrl</kbd> and <b>bold</b><br>.</p>\n", "<p align=\"center\"><img src=\"a.png\" alt=\"a\" /></p>",
        "<svg><path d=\"M0\"/><circle r=\"1\"/></svg>", "<div><!-- </div> --></div>", "<script>w(\"</div>\")</script>",
        "<a title=\"a > b\" href=\"#x\">x</a>", "<DIV>x</div>", "a < b, 3 <4", "<p>no tags</p>\n\n",
    ])
    func inTurn(html: String) {
        #expect(HTMLNesting.isWellNested(html))
    }

    @Test(arguments: [
        "<div align=\"center\">\n", "</div>\n", "<p>a <b>b</p>", "<div/>", "<ul><li>a</ul>", "<p>a<p>b",
        "<a title=it's><div>'>x</a>", "<!-- open", "<script>never closed", "<svg><div>x</svg>", "<plaintext>",
        // Read otherwise by the parser, which ends each of these `</div>`s' pieces apart (found by a hostile tester):
        // a name with a colon, a comment ended by `--!>` or `<!-->`, a bogus comment, an unquoted value with a quote.
        "<div>\n<div:x>hi</div>\n</div>", "<div><!-- a --!> </div> <!-- b --></div>",
        "<div><!--> </div> <!-- b --></div>", "<div></3 <div></div></div>", "<div><?x <div></div></div>",
        "<div><span a=b=\"></span></div><span>\"></span></div>",
    ])
    func notInTurn(html: String) {
        #expect(!HTMLNesting.isWellNested(html))
    }
}
