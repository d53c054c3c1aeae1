import Testing

@testable import FolioKit

/// The check's list of links that leave the site, kept as numbers: it must read back as the links it was given.
@Suite struct ExternalLinksTests {
    @Test func linksGivenAsStringsOrAsIndexesReadBackAsWritten() {
        let written = [
            ExternalLink(url: "https://example.com/docs", path: "Content/a.md", line: 3, column: 9),
            ExternalLink(url: "https://example.com/docs", path: "Content/a.md", line: 14, column: 474),
            ExternalLink(url: "https://example.com/x", path: "Content/a.md", line: 15, column: 1),
            ExternalLink(url: "https://example.com/docs", path: "Content/b.md", line: 1_000_000, column: 0),
        ]
        let fromStrings = ExternalLinks(written)
        #expect(Array(fromStrings) == written)
        #expect(fromStrings.count == 4 && fromStrings.last?.url == "https://example.com/docs")
        #expect(Array(fromStrings.reversed()) == written.reversed())

        // As the link check makes it: the site's URLs and its pages' paths, each page's links by their indexes (a
        // page without any leaves no trace).
        var fromIndexes = ExternalLinks(
            urls: ["https://example.com/x", "https://example.com/docs"],
            paths: ["Content/a.md", "Content/none.md", "Content/b.md"])
        fromIndexes.append(
            page: 0,
            links: [
                SiteLinks.External(url: 1, line: 3, column: 9), SiteLinks.External(url: 1, line: 14, column: 474),
                SiteLinks.External(url: 0, line: 15, column: 1),
            ])
        fromIndexes.append(page: 1, links: [])
        fromIndexes.append(page: 2, links: [SiteLinks.External(url: 1, line: 1_000_000, column: 0)])
        #expect(fromIndexes == fromStrings)
        #expect(fromIndexes.count == 4)
        fromIndexes.append(page: 2, links: [SiteLinks.External(url: 0, line: 1, column: 1)])
        #expect(fromIndexes != fromStrings)
        #expect(fromIndexes.count == 5)
        #expect(ExternalLinks() == [] && ExternalLinks().isEmpty)
    }
}
