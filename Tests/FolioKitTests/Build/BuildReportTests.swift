import Foundation
import Testing

@testable import FolioKit

/// `folio build --format json`: what CI reads, a large site's 130,000 external links included.
@Suite struct BuildReportTests {
    @Test func theExternalLinksReadBackAsTheyWereFoundWhetherOrNotTheyRepeat() throws {
        // A page's links follow one another and share addresses: each URL and path is written as quoted for the
        // link before it when they are the same, so a repeat, a change and a change back must all read back.
        let links = [
            ExternalLink(url: "https://example.com/docs", path: "Content/a.md", line: 3, column: 9),
            ExternalLink(url: "https://example.com/docs", path: "Content/a.md", line: 14, column: 474),
            ExternalLink(url: "https://example.com/\"q\"\\x", path: "Content/a.md", line: 1, column: 1),
            ExternalLink(url: "https://example.com/docs", path: "Content/b é.md", line: 1_000_000, column: 0),
            ExternalLink(url: "https://example.com/docs", path: "Content/a.md", line: 7, column: 12),
            ExternalLink(url: "https://例え.jp/\u{2028}", path: "Content/a.md", line: 7, column: 13),
        ]
        var result = SiteBuilder.Result(diagnostics: [], summary: SiteBuilder.Summary(), published: true)
        result.externalLinks = ExternalLinks(links)
        let json = BuildReport(result: result, output: "Public").json
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "not JSON: \(json)")
        let read = try #require(report["externalLinks"] as? [[String: Any]])
        let back = read.map { link in
            ExternalLink(
                url: link["url"] as? String ?? "?", path: link["path"] as? String ?? "?",
                line: link["line"] as? Int ?? -1, column: link["column"] as? Int ?? -1)
        }
        #expect(back == links)
    }

    @Test func numbersAreWrittenAsSwiftWritesThem() {
        for value in [0, 1, 9, 10, 99, 100, 474, 1_000_000, -1, -10, -474, Int.max, Int.min] {
            var bytes: [UInt8] = Array("n=".utf8)
            bytes.appendDecimal(value)
            #expect(String(decoding: bytes, as: UTF8.self) == "n=\(value)")
        }
    }
}
