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
        #expect(fromStrings.count == 4 && fromStrings[3].url == "https://example.com/docs")

        // As the link check makes it: the site's URLs and its pages' paths, each link by their indexes.
        var fromIndexes = ExternalLinks(
            urls: ["https://example.com/x", "https://example.com/docs"], paths: ["Content/a.md", "Content/b.md"])
        for (url, path, line, column) in [(1, 0, 3, 9), (1, 0, 14, 474), (0, 0, 15, 1), (1, 1, 1_000_000, 0)] {
            fromIndexes.append(url: Int32(url), path: Int32(path), line: Int32(line), column: Int32(column))
        }
        #expect(fromIndexes == fromStrings)
        fromIndexes.append(url: 0, path: 1, line: 1, column: 1)
        #expect(fromIndexes != fromStrings)
        #expect(ExternalLinks() == [] && ExternalLinks().isEmpty)
    }
}
