import Testing

@testable import FolioKit

@Suite struct GitHubStrikethroughTests {
    @Test func oneOrTwoTildesDelete() {
        #expect(gfmHTML("~a~ and ~~b~~\n") == "<p><del>a</del> and <del>b</del></p>\n")
    }

    @Test func threeTildesAndMismatchedRunsStayText() {
        #expect(gfmHTML("x ~~~c~~~ and ~d~~\n") == "<p>x ~~~c~~~ and ~d~~</p>\n")
    }

    @Test func flankingDecidesOpenersAndClosers() {
        #expect(gfmHTML("This ~is ~ ok~ but ~ not.\n") == "<p>This <del>is ~ ok</del> but ~ not.</p>\n")
    }

    @Test func deletionHoldsOtherInlines() {
        #expect(gfmHTML("~~*x* `y`~~\n") == "<p><del><em>x</em> <code>y</code></del></p>\n")
    }

    @Test func codeSpansKeepTheirTildes() {
        #expect(gfmHTML("`~x~`\n") == "<p><code>~x~</code></p>\n")
    }

    @Test func plainTextKeepsTheWords() {
        let output = model("## S\n\nsome ~~old~~ text\n")
        #expect(output.model.sections[0].rows[0].text == "some old text")
    }
}
