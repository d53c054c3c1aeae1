import Foundation
import Testing

@testable import FolioKit

/// A build stopped after it swapped its output in and before it wrote its cache leaves the last build's cache
/// beside an output that cache does not describe. Each test runs in a scratch folder of its own.
@Suite struct StaleCacheTests {
    /// The cache of the build before the last one, put back as a stop between the swap and the cache's write leaves
    /// it: the next build does not trust it, and its output is exactly a clean build's.
    @Test func aCacheWrittenBeforeTheOutputWasSwappedInIsNotUsed() throws {
        var files = ["site.yml": "title: Stale cache\n"]
        for number in 0..<8 { files["p\(number).md"] = "# Page \(number)\n\nWords of page \(number).\n" }
        let site = try ScratchSite(files)
        #expect(site.build().published)
        let cacheFolder = site.root.appendingPathComponent(".folio-cache")
        let saved = site.root.appendingPathComponent("Saved")
        try FileManager.default.copyItem(at: cacheFolder, to: saved)
        // A word no other page has: the edit's output has a search shard of its own for it.
        try site.write(["p3.md": "# Page 3\n\nWords of page 3, and one more: quincunx.\n"])
        #expect(site.build().published)
        #expect(site.html("p3/index.html").contains("quincunx"))
        try FileManager.default.removeItem(at: cacheFolder)
        try FileManager.default.copyItem(at: saved, to: cacheFolder)
        // The edit undone: the site is the first build's again.
        try site.write(["p3.md": "# Page 3\n\nWords of page 3.\n"])
        let result = site.build()
        #expect(result.published)
        #expect(result.summary.rendered == 8, "the stale cache was used")
        let clean = site.root.appendingPathComponent("Clean")
        #expect(site.build(into: clean, cache: false).published)
        #expect(ScratchSite.differences(site.output, clean).isEmpty, "\(ScratchSite.differences(site.output, clean))")
    }
}
