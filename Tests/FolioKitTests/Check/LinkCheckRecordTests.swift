import Foundation
import Testing

@testable import FolioKit

/// A build in which nothing changed reports the link check of the last such build, from the record it kept, without
/// reading every page's links and ids back.
@Suite struct LinkCheckRecordTests {
    static let files = [
        "site.yml": "title: Links\nbaseURL: https://example.org/\n",
        "index.md":
            "# Home\n\nSee [gone](missing.md), [the guide](guide.md#nowhere) and [out](https://example.com/x).\n",
        "guide.md": "# Guide\n\n## One\n\nBack [home](index.md) and to [the picture](img/a.png).\n",
        "img/a.png": "png",
    ]

    @Test func aBuildInWhichNothingChangedReportsTheSameFindings() throws {
        let site = try ScratchSite(Self.files)
        let first = site.build()
        let found = first.diagnostics.map(\.description)
        #expect(found.contains { $0.contains("index.md:3:5: warning:") && $0.contains("missing.md") }, "\(found)")
        #expect(found.contains { $0.contains("#nowhere") }, "\(found)")
        #expect(first.published && first.internalLinks == 4 && first.externalLinks.count == 1)

        let again = site.build()
        #expect(again.summary.rendered == 0, "nothing changed")
        #expect(again.diagnostics.map(\.description) == found)
        #expect(again.internalLinks == first.internalLinks && again.externalLinks == first.externalLinks)

        // Fixed: the page renders again, and the build after it (nothing changed) finds nothing either.
        try site.write(["index.md": "# Home\n\nSee [the guide](guide.md#one).\n"])
        #expect(site.build().diagnostics.isEmpty)
        let quiet = site.build()
        #expect(quiet.summary.rendered == 0 && quiet.diagnostics.isEmpty, "\(quiet.diagnostics)")
        #expect(quiet.internalLinks == 3 && quiet.externalLinks.isEmpty)
    }

    @Test func theRecordIsUsedOnlyUnderItsOwnKey() throws {
        let site = try ScratchSite(Self.files)
        let first = site.build()
        let path = LinkCheckRecord.location(
            buildCache: BuildCache.location(content: site.content.path, output: site.output.path))
        #expect(LinkCheckRecord.load(from: path) == nil, "a build that renders pages keeps no record: it would cost it")
        #expect(site.build().summary.rendered == 0)
        var record = try #require(LinkCheckRecord.load(from: path), "the first build with nothing to do keeps one")
        #expect(record.findings.map(\.description) == first.diagnostics.map(\.description))
        // Under its own key, what the record says is what a build in which nothing changed reports.
        var altered = record
        altered.findings = [.warning("kept by the last build", at: "Content/index.md")]
        altered.save(to: path)
        #expect(site.build().diagnostics.map(\.message) == ["kept by the last build"])
        // Under another key, the build checks the links itself, and keeps its own record.
        record.key &+= 1
        record.findings = [.warning("from another build", at: "Content/index.md")]
        record.save(to: path)
        let again = site.build()
        #expect(again.diagnostics.map(\.description) == first.diagnostics.map(\.description))
        #expect(LinkCheckRecord.load(from: path)?.findings.map(\.description) == first.diagnostics.map(\.description))
    }

    @Test func theKeyFollowsEveryInput() {
        let prints = ["a.md": FileFingerprint(size: 1, seconds: 2, nanoseconds: 3)]
        let base = LinkCheckRecord.key(siteKey: "k", fingerprints: prints, files: ["/x.png"], strict: false)
        #expect(base == LinkCheckRecord.key(siteKey: "k", fingerprints: prints, files: ["/x.png"], strict: false))
        #expect(base != LinkCheckRecord.key(siteKey: "k2", fingerprints: prints, files: ["/x.png"], strict: false))
        #expect(base != LinkCheckRecord.key(siteKey: "k", fingerprints: prints, files: ["/x.png"], strict: true))
        #expect(base != LinkCheckRecord.key(siteKey: "k", fingerprints: prints, files: [], strict: false))
        let edited = ["a.md": FileFingerprint(size: 1, seconds: 2, nanoseconds: 4)]
        #expect(base != LinkCheckRecord.key(siteKey: "k", fingerprints: edited, files: ["/x.png"], strict: false))
    }

    @Test func aRecordSurvivesTheRoundTrip() throws {
        let record = LinkCheckRecord(
            key: 0xdead_beef_0123_4567, internalLinks: 12,
            external: [ExternalLink(url: "https://example.com/a\tb", path: "Content/a b.md", line: 3, column: 9)],
            findings: [
                .warning("broken\tlink\nhere \\ there", at: "Content/a.md", line: 4, column: 2),
                .error("an error", at: "Content/b.md"),
            ])
        let decoded = try #require(
            record.encoded.withUnsafeBufferPointer { LinkCheckRecord.decode($0) })
        #expect(decoded == record)
        #expect(Array("folio-links-0\nkey\t1\n".utf8).withUnsafeBufferPointer { LinkCheckRecord.decode($0) } == nil)
    }
}
