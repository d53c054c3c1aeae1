import Foundation
import Testing

/// The context a theme's own templates read (the guide's templates chapter): every documented value of `site`, `page`,
/// `pages`, `root`, `assets` and of each component, printed by a theme that shows each value as text and as a
/// section, must come out as it did. `Expected/` holds the pages as the build before the typed context made them,
/// but for `selected`, now a Bool: `{{#selected}}` no longer opens on an unselected tab.
@Suite("Template context, documented")
struct DocumentedContextTests {
    @Test func everyDocumentedValueReachesAThemesOwnTemplatesUnchanged() throws {
        let built = try BuiltSite("template-context-dump", ["--templates", "Templates"])
        let expected = built.site.appendingPathComponent("Expected")
        // Every page, a generated folder page and the 404 page (no navigation, links from the base path) among them.
        let pages = Tree.files(under: expected).filter { $0.hasSuffix(".html") }
        #expect(
            pages.count == 14 && pages.contains("404.html") && pages.contains("guide/page/2/index.html"), "\(pages)")
        for page in pages {
            let want = try Tree.text(expected.appendingPathComponent(page))
            let got = try built.html(page)
            #expect(got == want, "\(page) differs:\n\(Self.firstDifference(got, want))")
        }
    }

    /// The first line that differs, both ways, for a readable failure.
    static func firstDifference(_ got: String, _ want: String) -> String {
        let gotLines = got.split(separator: "\n", omittingEmptySubsequences: false)
        let wantLines = want.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, pair) in zip(gotLines, wantLines).enumerated() where pair.0 != pair.1 {
            return "line \(number + 1)\n  got:  \(pair.0)\n  want: \(pair.1)"
        }
        return "lengths: \(gotLines.count) lines against \(wantLines.count)"
    }
}
