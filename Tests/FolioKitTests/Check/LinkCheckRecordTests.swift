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

    /// The record kept for `site`, whatever its key.
    func record(of site: ScratchSite) -> (path: String, record: LinkCheckRecord?) {
        let path = LinkCheckRecord.location(
            buildCache: BuildCache.location(content: site.content.path, output: site.output.path))
        let record = FileManager.default.contents(atPath: path).flatMap { data in
            CacheChecksum.checked([UInt8](data)).flatMap { file in
                file.withUnsafeBufferPointer { LinkCheckRecord.decode($0) }
            }
        }
        return (path, record)
    }

    @Test func theRecordIsUsedOnlyUnderItsOwnKey() throws {
        let site = try ScratchSite(Self.files)
        let first = site.build()
        let (path, kept) = record(of: site)
        var record = try #require(kept, "the build keeps what its link check found")
        #expect(record.findings.map(\.description) == first.diagnostics.map(\.description))
        #expect(LinkCheckRecord.load(from: path, key: record.key &+ 1) == nil)
        // Under its own key, what the record says is what a build in which nothing changed reports.
        var altered = record
        altered.findings = [.warning("kept by the last build", at: "Content/index.md")]
        altered.save(to: path)
        let again = site.build()
        #expect(again.summary.rendered == 0 && again.diagnostics.map(\.message) == ["kept by the last build"])
        // Under another key, the build checks the links itself, and keeps its own record.
        record.key &+= 1
        record.findings = [.warning("from another build", at: "Content/index.md")]
        record.save(to: path)
        let checked = site.build()
        #expect(checked.diagnostics.map(\.description) == first.diagnostics.map(\.description))
        #expect(self.record(of: site).record?.findings.map(\.description) == first.diagnostics.map(\.description))
    }

    @Test func theBuildAfterAnEditWithNothingChangedUsesTheEditsRecord() throws {
        // The edit's build checked every link already: the build after it (nothing changed) must not check again,
        // which on a large site is most of a build that renders nothing.
        let site = try ScratchSite(Self.files)
        site.build()
        let before = try #require(record(of: site).record)
        try site.write(["guide.md": "# Guide\n\n## One\n\nBack [home](index.md) and to [a lost page](lost.md).\n"])
        let edit = site.build()
        #expect(edit.summary.rendered == 1)
        let (path, kept) = record(of: site)
        var record = try #require(kept)
        #expect(record.key != before.key, "the edited page is part of the key")
        #expect(record.findings.map(\.description) == edit.diagnostics.map(\.description))
        #expect(edit.diagnostics.contains { $0.message.contains("lost.md") }, "\(edit.diagnostics)")
        record.findings = [.warning("kept by the edit's build", at: "Content/guide.md")]
        record.save(to: path)
        let after = site.build()
        #expect(after.summary.rendered == 0 && after.diagnostics.map(\.message) == ["kept by the edit's build"])
    }

    @Test func aPreviewRebuildKeepsNoRecord() throws {
        // `folio serve` rebuilds on every save: writing 130,000 links each time would cost each rebuild.
        let site = try ScratchSite(Self.files)
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)
        #expect(record(of: site).record == nil)
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
            ], note: "note: 3 broken links are reported without a \"did you mean\"\tand a tab",
            looksAtContentFiles: true)
        let decoded = try #require(
            record.encoded.withUnsafeBufferPointer { LinkCheckRecord.decode($0) })
        #expect(decoded == record)
        #expect(Array("folio-links-0\nkey\t1\n".utf8).withUnsafeBufferPointer { LinkCheckRecord.decode($0) } == nil)
    }

    @Test func repeatedAndAlternatingLinksSurviveTheRoundTrip() throws {
        // Decoding keeps a field's String for the next link with the same bytes: repeats, changes and changes back,
        // escaped or not, must all read back as written.
        let urls = ["https://example.com/docs", "https://example.com/a\tb\\c", "https://example.com/docs", "x"]
        let paths = ["Content/a.md", "Content/a.md", "Content/b\tc.md", "Content/a.md"]
        var external: [ExternalLink] = []
        for index in 0..<12 {
            external.append(
                ExternalLink(url: urls[index % 4], path: paths[index / 3], line: index, column: 100 - index))
        }
        let record = LinkCheckRecord(key: 7, internalLinks: 3, external: ExternalLinks(external), findings: [])
        let decoded = try #require(record.encoded.withUnsafeBufferPointer { LinkCheckRecord.decode($0) })
        #expect(decoded == record)
        #expect(record.encoded.withUnsafeBufferPointer { LinkCheckRecord.decode($0, key: 8) } == nil)
        #expect(record.encoded.withUnsafeBufferPointer { LinkCheckRecord.decode($0, key: 7) } == record)
    }
}
