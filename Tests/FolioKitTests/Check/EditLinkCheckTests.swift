import Foundation
import Testing

@testable import FolioKit

/// A `folio build` after an edit of a few pages checks the links of those pages only, and takes what the other pages'
/// links gave from the last build's record — as long as that is what checking every page would report.
@Suite struct EditLinkCheckTests {
    /// Four pages in site order, links out of the site on three of them, broken links on `c.md` (never edited: its
    /// `updated:` is the sitemap's) and `site.yml`'s nav.
    static let files = [
        "site.yml":
            "title: Edits\nbaseURL: https://example.org/\nnav:\n  - {title: Lost, url: /lost.html}\n  - {title: B, url: /b/#one}\n",
        "a.md": "# A\n\n## Top\n\nTo [b](b.md#one), [c](c.md) and [out](https://example.com/a).\n",
        "b.md": "# B\n\n## One\n\nBack to [a](a.md#top), [out](https://example.com/b) and [x](https://example.org/).\n",
        "c.md":
            "---\nupdated: 2024-05-06\n---\n# C\n\nTo [nothing](b.md#two), [a lost file](lost.pdf) and [out](https://example.com/c).\n\n![A](pic.png)\n",
        "d.md": "# D\n\n## Four\n\nNo links out: [a](a.md).\n",
    ]

    /// The record kept beside the cache of `site`'s output, and where it is.
    static func record(of site: ScratchSite) throws -> (path: String, record: LinkCheckRecord) {
        let path = LinkCheckRecord.location(
            buildCache: BuildCache.location(content: site.content.path, output: site.output.path))
        let data = try #require(FileManager.default.contents(atPath: path))
        let file = try #require(CacheChecksum.checked([UInt8](data)))
        return (path, try #require(file.withUnsafeBufferPointer { LinkCheckRecord.decode($0) }))
    }

    /// After `edit`, a cached build reports what a build of the same site from nothing reports, writes the same
    /// sitemap (which lists `lastmod`, when given) and keeps the same record; returns the cached build.
    @discardableResult
    static func expectSameAsClean(
        _ site: ScratchSite, after edit: [String: String], lastmod: String? = "2024-05-06"
    ) throws -> SiteBuilder.Result {
        try site.write(edit)
        let cached = site.build()
        let clean = site.build(into: site.root.appendingPathComponent("Clean"), cache: false)
        #expect(cached.published && clean.published)
        #expect(cached.diagnostics.map(\.description) == clean.diagnostics.map(\.description))
        #expect(cached.internalLinks == clean.internalLinks)
        #expect(cached.externalLinks == clean.externalLinks)
        #expect(cached.notes == clean.notes)
        // The sitemap lists each page's `updated:`, the unchanged pages' taken from the cache.
        if let lastmod { #expect(site.html("sitemap.xml").contains("<lastmod>\(lastmod)</lastmod>")) }
        #expect(site.html("sitemap.xml") == site.html("sitemap.xml", in: site.root.appendingPathComponent("Clean")))
        let kept = try record(of: site).record
        #expect(kept.findings == clean.diagnostics && kept.external == clean.externalLinks)
        #expect(kept.internalLinks == clean.internalLinks)
        return cached
    }

    @Test func anEditOfAPagesTextTakesTheOtherPagesFindingsFromTheRecord() throws {
        let site = try ScratchSite(Self.files)
        let first = site.build()
        #expect(first.diagnostics.count == 4, "\(first.diagnostics)")
        // What the record says of the pages not edited is what the edit's build reports for them.
        var (path, record) = try Self.record(of: site)
        record.findings = record.findings.map { finding in
            var finding = finding
            if finding.path.hasSuffix("c.md") { finding.message = "kept: " + finding.message }
            return finding
        }
        record.save(to: path)
        try site.write([
            "a.md": "# A\n\n## Top\n\nTo [b](b.md#one), [c](c.md) and [out](https://example.com/a).\n\nNew text.\n"
        ])
        let edit = site.build()
        #expect(edit.summary.rendered == 1)
        let messages = edit.diagnostics.map(\.message)
        #expect(messages.filter { $0.hasPrefix("kept: ") }.count == 3, "\(messages)")
        #expect(messages.contains { $0.contains("/lost.html") }, "the nav's finding, from the record: \(messages)")
        #expect(edit.internalLinks == first.internalLinks && edit.externalLinks == first.externalLinks)
    }

    @Test func anEditsBuildReportsWhatACleanBuildReports() throws {
        let site = try ScratchSite(Self.files)
        site.build()
        // The text of a page with links out of the site, between two others with them.
        let edit = try Self.expectSameAsClean(
            site, after: ["b.md": "# B\n\n## One\n\nBack to [a](a.md#top) and [out](https://example.com/b2).\n"])
        #expect(edit.summary.rendered == 1)
        // A page that had no link out of the site gets some; one that had some has none.
        try Self.expectSameAsClean(
            site,
            after: [
                "d.md":
                    "# D\n\n## Four\n\n[a](a.md), [one](https://example.com/d) and [two](https://example.com/d2).\n",
                "b.md": "# B\n\n## One\n\nBack to [a](a.md#top).\n",
            ])
        // More internal links on the edited page, fewer on another.
        try Self.expectSameAsClean(
            site,
            after: [
                "a.md":
                    "# A\n\n## Top\n\n[b](b.md#one), [c](c.md), [d](d.md#four), [d](d.md) [out](https://example.com/a).\n",
                "d.md": "# D\n\n## Four\n\nNone.\n",
            ])
    }

    @Test func anEditThatChangesWhatOtherPagesLinksFindIsCheckedWhole() throws {
        let site = try ScratchSite(Self.files)
        site.build()
        func mark() throws {
            var (path, record) = try Self.record(of: site)
            record.findings = record.findings.map { finding in
                var finding = finding
                finding.message = "kept: " + finding.message
                return finding
            }
            record.save(to: path)
        }
        // A heading renamed: `c.md`'s anchor into `b.md` mends, `a.md`'s and the nav's break.
        try mark()
        var edit = try Self.expectSameAsClean(
            site,
            after: [
                "b.md":
                    "# B\n\n## Two\n\nBack to [a](a.md#top), [out](https://example.com/b) and [x](https://example.org/).\n"
            ])
        #expect(!edit.diagnostics.contains { $0.message.hasPrefix("kept: ") }, "\(edit.diagnostics)")
        #expect(edit.diagnostics.contains { $0.path.hasSuffix("a.md") && $0.message.contains("#one") })
        // A broken link on the edited page: its "did you mean" depends on the pages checked before it.
        try mark()
        edit = try Self.expectSameAsClean(
            site, after: ["d.md": "# D\n\n## Four\n\nTo [a](a.md#to) and [gone](gone.md).\n"])
        #expect(!edit.diagnostics.contains { $0.message.hasPrefix("kept: ") }, "\(edit.diagnostics)")
        // A page given another URL: links to the old one break, links to the new one mend.
        try mark()
        edit = try Self.expectSameAsClean(
            site, after: ["d.md": "---\nslug: lost\n---\n# D\n\n## Four\n\nNo links out: [a](a.md).\n"])
        #expect(!edit.diagnostics.contains { $0.message.hasPrefix("kept: ") }, "\(edit.diagnostics)")
        // A file added that a broken link led to.
        try mark()
        try site.write(["pic.png": "png"])
        edit = try Self.expectSameAsClean(site, after: ["a.md": "# A\n\n## Top\n\nTo [b](b.md#two), [c](c.md).\n"])
        #expect(!edit.diagnostics.contains { $0.message.hasPrefix("kept: ") }, "\(edit.diagnostics)")
    }

    @Test func aLinkToAMarkdownFileThatIsNoPageIsCheckedAgainOnEveryEdit() throws {
        // Whether `_notes.md` exists changes the message of a link to it, but not the site: no key covers it.
        let site = try ScratchSite([
            "site.yml": "title: Notes\n", "a.md": "# A\n\nSee [the notes](_notes.md).\n",
            "b.md": "# B\n\nText.\n",
        ])
        #expect(site.build().diagnostics.map(\.message).contains { $0.contains("no page _notes.md") })
        try site.write(["_notes.md": "# Notes\n"])
        let edit = try Self.expectSameAsClean(site, after: ["b.md": "# B\n\nMore text.\n"], lastmod: nil)
        #expect(edit.summary.rendered == 1)
        #expect(edit.diagnostics.map(\.message).contains { $0.contains("_notes.md is skipped") }, "\(edit.diagnostics)")
        try site.remove("_notes.md")
        try Self.expectSameAsClean(site, after: ["b.md": "# B\n\nText again.\n"], lastmod: nil)
    }

    @Test func strictBuildsKeepTheirOwnRecord() throws {
        // Under --strict the broken links are errors: an edit's build is refused, and the record of the strict check
        // is never taken for the lenient one.
        let site = try ScratchSite(Self.files)
        var options = SiteBuilder.Options()
        options.contentDirectory = site.content.path
        options.templatesDirectory = nil
        options.outputDirectory = site.output.path
        site.build()
        options.strict = true
        try site.write([
            "a.md": "# A\n\n## Top\n\nEdited. To [b](b.md#one), [c](c.md) and [out](https://example.com/a).\n"
        ])
        let strict = SiteBuilder.build(options)
        #expect(!strict.published && strict.diagnostics.allSatisfy { $0.severity == .error })
        try Self.expectSameAsClean(site, after: ["d.md": "# D\n\n## Four\n\nEdited.\n"])
    }

    @Test func externalLinksOfEditedPagesReplaceTheirOwnInSiteOrder() {
        func links(_ list: [(String, String)]) -> ExternalLinks {
            ExternalLinks(list.enumerated().map { ExternalLink(url: $1.1, path: $1.0, line: $0, column: 1) })
        }
        let before = links([("a", "u1"), ("a", "u2"), ("c", "u1"), ("d", "u3")])
        let new = links([("b", "n1"), ("c", "u1"), ("c", "n2")])
        let merged = before.replacing(["b", "c", "e"], with: new, order: ["a", "b", "c", "d", "e"])
        #expect(
            merged.map { "\($0.path) \($0.url) \($0.line)" }
                == ["a u1 0", "a u2 1", "b n1 0", "c u1 1", "c n2 2", "d u3 3"])
        #expect(before.replacing(["a"], with: [], order: ["a", "b", "c", "d"]).map(\.path) == ["c", "d"])
    }
}
