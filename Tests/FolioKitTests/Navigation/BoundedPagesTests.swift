import Foundation
import Testing

@testable import FolioKit

/// Nothing on a page grows with the number of pages in the site.
@Suite struct BoundedPagesTests {
    /// The largest page of a site of `count` notes in one folder, in bytes.
    func largestPage(notes count: Int) throws -> (bytes: Int, path: String) {
        var files = ["site.yml": "title: Bounded\n", "index.md": "# Home\n\nThe notes.\n"]
        for number in 0..<count {
            files["notes/n\(String(format: "%05d", number)).md"] =
                "# Note \(number)\n\nSome text.\n\n## Part\n\nMore text.\n"
        }
        let site = try ScratchSite(files)
        let result = site.build(cache: false)
        #expect(result.published, "\(result.diagnostics.prefix(3))")
        var largest = (bytes: 0, path: "")
        for (path, data) in ScratchSite.snapshot(site.output)
        where path.hasSuffix(".html") && data.count > largest.bytes {
            largest = (data.count, path)
        }
        return largest
    }

    @Test func theLargestPageOfThreeThousandInOneFolderIsNoBiggerThanInThirty() throws {
        let small = try largestPage(notes: 30)
        let large = try largestPage(notes: 3000)
        // A margin for longer numbers in titles, URLs and "N more" counts.
        #expect(large.bytes <= small.bytes + 1500, "\(large) against \(small)")
    }
}
