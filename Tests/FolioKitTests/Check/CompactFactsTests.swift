import Foundation
import Testing

@testable import FolioKit

/// The link check keeps little per page (issue 14 within SPEC §11's memory budget): what it keeps, and that the
/// facts cache written page by page reads back.
@Suite struct CompactFactsTests {
    @Test func aPageKeepsOnlyTheLinksTheSiteWideCheckStillNeeds() {
        let links = [
            PageLink(target: .site(path: "/b/", fragment: nil), line: 1, column: 1, isImage: false, written: "b.md"),
            PageLink(
                target: .site(path: "/b/", fragment: "usage"), line: 2, column: 1, isImage: false, written: "b.md#usage"
            ),
            PageLink(
                target: .site(path: "/b/", fragment: "top"), line: 2, column: 9, isImage: false, written: "b.md#top"),
            PageLink(
                target: .site(path: "/img/a.svg", fragment: nil), line: 3, column: 1, isImage: true,
                written: "img/a.svg"),
            PageLink(
                target: .external("https://example.com/"), line: 4, column: 1, isImage: false,
                written: "https://example.com/"),
            PageLink(
                target: .external("https://example.com/"), line: 5, column: 1, isImage: false,
                written: "https://example.com/"),
        ]
        var site = SiteLinks(pageCount: 2)
        site.set(SiteLinks.resolve(links, pageURLs: ["/": 0, "/b/": 1]), page: 0)
        site.set(SiteLinks.resolve([links[5]], pageURLs: ["/": 0, "/b/": 1]), page: 1)
        let page = site.pages[0]
        #expect(site.internalCount == 4)
        #expect(page.anchors.map(site.fragment) == ["usage"])
        #expect(page.anchors.first?.target == 1)
        #expect(page.others.map(\.written) == ["img/a.svg"])
        #expect(page.externals.map(\.line) == [4, 5])
        #expect(site.pages[1].externals.map(\.url) == [0])
        #expect(site.urls == ["https://example.com/"], "one copy of a URL linked twice, also from another page")
    }

    @Test func aFactsFileWrittenPageByPageReadsBackAndAnUnfinishedOneLeavesTheLastAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-facts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("build.facts").path
        let entries = [
            "a.md": PageFactsFile.Entry(
                fingerprint: FileFingerprint(size: 1, seconds: 2, nanoseconds: 3),
                facts: PageFacts(
                    ids: ["x", "y"],
                    links: [
                        PageLink(
                            target: .site(path: "/b/", fragment: "x"), line: 1, column: 2, isImage: false,
                            written: "b.md#x")
                    ],
                    updated: nil)),
            "b.md": PageFactsFile.Entry(
                fingerprint: FileFingerprint(size: 4, seconds: 5, nanoseconds: 6),
                facts: PageFacts(
                    ids: ["x"], links: [], updated: "2026-01-02")),
        ]
        let stream = try #require(PageFactsFile.Stream(path: path, siteKey: "key"))
        for (path, entry) in entries { stream.append(PageFactsFile.record(path, entry)) }
        stream.finish()
        let file = try #require(CacheChecksum.checked([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        let read = PageFactsFile.decode(String(decoding: file, as: UTF8.self), siteKey: "key")
        #expect(read?.mapValues(\.facts) == entries.mapValues(\.facts))

        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let failed = try #require(PageFactsFile.Stream(path: path, siteKey: "other"))
            failed.append(PageFactsFile.record("c.md", entries["a.md"]!))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["build.facts"],
            "no temporary file left")
    }

    @Test func aBrokenAnchorIsReportedWithWhatTheAuthorWroteAlsoFromTheCache() throws {
        let site = try ScratchSite([
            "index.md": "# Home\n\nSee [b](b.md#Usage) and\n[c](c.md#nope), [fine](b.md#usage).\n",
            "b.md": "# B\n\n## Usage\n",
            "c.md": "# C\n",
            "site.yml": "title: Links\n",
        ])
        for cache in [false, true] {
            let result = site.build(cache: cache)
            let broken = result.diagnostics.filter { $0.message.hasPrefix("broken link") }
            #expect(broken.map(\.line) == [3, 4], "cache: \(cache): \(result.diagnostics)")
            #expect(
                broken.first?.message.hasPrefix("broken link 'b.md#Usage': no id 'Usage' on /b/") == true, "\(broken)")
            #expect(broken.first?.message.hasSuffix("did you mean '#usage'?") == true, "\(broken)")
            #expect(broken.last?.message.hasPrefix("broken link 'c.md#nope': no id 'nope' on /c/") == true, "\(broken)")
            #expect(result.internalLinks == 3)
        }
    }
}

/// The check finds a link's fragment among its target's ids by comparing bytes (a page's few dozen ids), or in a set
/// (a page with many): only a whole id matches, either way.
@Suite struct AnchorMatchTests {
    @Test func onlyAWholeIDMatches() {
        #expect(LinkCheck.joined("section-10\u{0}intro", contains: "intro"))
        #expect(LinkCheck.joined("a\u{0}section-1", contains: "section-1"))
        #expect(!LinkCheck.joined("section-10\u{0}intro", contains: "section-1"))
        #expect(!LinkCheck.joined("xsection-1\u{0}b", contains: "section-1"))
        #expect(!LinkCheck.joined("a\u{0}\u{0}b", contains: ""))
        #expect(!LinkCheck.joined(nil, contains: "a"))
    }

    @Test func aPagesIDsAreKeptJoinedByNUL() {
        for ids in [[], ["main"], ["main", "section-1", "été", "東京", ""], ["", ""]] {
            #expect(SiteFacts.joined(ids) == ids.joined(separator: "\u{0}"), "\(ids)")
        }
        #expect(LinkCheck.joined(SiteFacts.joined(["main", "été"]), contains: "été"))
    }

    @Test func brokenAnchorsAreFoundOnPagesWithFewAndWithManyIDs() throws {
        let parts = (1...300).map { "## Part \($0)\n" }.joined(separator: "\n")
        let site = try ScratchSite([
            "site.yml": "title: Anchors\n",
            "index.md": """
            # Home

            [a](many.md#part-300) [b](many.md#part-3000) [c](few.md#part-1) [d](few.md#part-10)

            """,
            "many.md": "# Many\n\n" + parts,
            "few.md": "# Few\n\n## Part 1\n\n## Part 10x\n",
        ])
        for cache in [false, true] {
            let result = site.build(cache: cache)
            let broken = result.diagnostics.filter { $0.message.hasPrefix("broken link") }
            #expect(
                broken.map { $0.message.components(separatedBy: "':").first ?? "" }.sorted()
                    == ["broken link 'few.md#part-10", "broken link 'many.md#part-3000"], "cache: \(cache): \(broken)")
        }
    }
}

/// The site-wide check groups links by the page they point to and lists external links by page: pages are stored
/// in whatever order their workers finish, so neither may depend on it.
@Suite struct LinkCheckOrderTests {
    @Test func everyBrokenAnchorIsFoundAndExternalLinksAreListedInPageOrderWhateverOrderPagesAreStoredIn() throws {
        let names = ["a", "b", "c", "d", "e", "f"]
        var files = ["site.yml": "title: Order\n", "index.md": "# Home\n"]
        for (number, name) in names.enumerated() {
            let next = names[(number + 1) % names.count]
            let after = names[(number + 2) % names.count]
            files["\(name).md"] = """
                ---
                title: \(name.uppercased())
                weight: \(number + 1)
                ---
                # \(name.uppercased())

                ## Part \(name)

                [next](\(next).md#part-\(next)) [gone](\(after).md#gone-\(name)) [own](#part-\(name))

                [web](https://example.com/\(name)/1) [web](https://example.com/\(name)/2)

                """
        }
        let site = try ScratchSite(files)
        let result = site.build(cache: false)
        let broken = result.diagnostics.filter { $0.message.hasPrefix("broken link") }
        let found = Set(broken.map { $0.message.replacingOccurrences(of: site.content.path + "/", with: "") })
        let expected = names.enumerated().map { number, name in
            let after = names[(number + 2) % names.count]
            return "broken link '\(after).md#gone-\(name)': no id 'gone-\(name)' on /\(after)/ (\(after).md)"
        }
        #expect(found == Set(expected))
        #expect(broken.allSatisfy { $0.line == 9 && $0.column == 21 }, "\(broken)")
        #expect(
            result.externalLinks.map(\.url)
                == names.flatMap { ["https://example.com/\($0)/1", "https://example.com/\($0)/2"] })
        #expect(
            result.externalLinks.map { URL(fileURLWithPath: $0.path).lastPathComponent }
                == names.flatMap { ["\($0).md", "\($0).md"] })
    }
}

/// `folio serve` takes an unchanged page's facts from its last build (or, once a page is added before the others, from
/// memory by path): its links must still be checked against what the other pages are now.
@Suite struct ServeLinkFactsTests {
    private static func broken(_ result: SiteBuilder.Result) -> [String] {
        result.diagnostics.filter { $0.message.hasPrefix("broken link") }.map { diagnostic in
            let page = URL(fileURLWithPath: diagnostic.path).lastPathComponent
            return page + ": " + (diagnostic.message.components(separatedBy: "':").first ?? "")
        }.sorted()
    }

    @Test func anUnchangedPagesLinksAreCheckedAgainstTheEditedPageAlsoAfterAPageIsAdded() throws {
        let session = BuildSession()
        defer { session.flush() }
        let site = try ScratchSite([
            "site.yml": "title: Serve\n",
            "index.md": "# Home\n\n[usage](b.md#usage) [setup](c.md#setup)\n",
            "b.md": "# B\n\n## Usage\n",
            "c.md": "# C\n\n## Setup\n",
        ])
        #expect(Self.broken(site.build(session: session)).isEmpty)

        // The target loses its heading: the unchanged home page's link breaks.
        try site.write(["b.md": "# B\n\n## Use\n"])
        #expect(Self.broken(site.build(session: session)) == ["index.md: broken link 'b.md#usage"])

        // A page before the others changes every page's number (and renders every page again, for the navigation).
        try site.write(["a.md": "# A\n\n## Setup\n"])
        #expect(Self.broken(site.build(session: session)) == ["index.md: broken link 'b.md#usage"])
        try site.write(["b.md": "# B\n\n## Usage\n"])
        #expect(Self.broken(site.build(session: session)).isEmpty)
        try site.write(["c.md": "# C\n"])
        #expect(Self.broken(site.build(session: session)) == ["index.md: broken link 'c.md#setup"])

        // The page with the links edited, the pages they point to taken from the last build as they were.
        try site.write(["index.md": "# Home\n\n[usage](b.md#usage) [setup](a.md#setup) [gone](a.md#gone)\n"])
        #expect(Self.broken(site.build(session: session)) == ["index.md: broken link 'a.md#gone"])
    }

    @Test func aServeRebuildAfterATextEditChecksThatPagesAnchorsAndKeepsTheOtherPagesFindings() throws {
        let session = BuildSession()
        defer { session.flush() }
        let site = try ScratchSite([
            "site.yml": "title: Serve\n",
            "index.md": "# Home\n\n[usage](b.md#usage) [nothing](b.md#nothing)\n",
            "b.md": "# B\n\n## Usage\n",
            "c.md": "# C\n\nText.\n",
        ])
        #expect(Self.broken(site.build(session: session)) == ["index.md: broken link 'b.md#nothing"])

        // Another page's text edited: the home page's broken link is still reported, as the last check found it,
        // with the fragment it names.
        try site.write(["c.md": "# C\n\nText, edited.\n"])
        let kept = site.build(session: session)
        #expect(Self.broken(kept) == ["index.md: broken link 'b.md#nothing"])
        #expect(kept.diagnostics.contains { $0.message.contains("no id 'nothing' on /b/") }, "\(kept.diagnostics)")

        // The edited page's own anchor broken: found.
        try site.write(["c.md": "# C\n\nSee [the end](#the-end).\n"])
        #expect(
            Self.broken(site.build(session: session)) == [
                "c.md: broken link '#the-end", "index.md: broken link 'b.md#nothing",
            ])

        // The target gains the id while the page linking to it stays as it was: that link mends.
        try site.write(["b.md": "# B\n\n## Usage\n\n## Nothing\n"])
        #expect(Self.broken(site.build(session: session)) == ["c.md: broken link '#the-end"])
        session.flush()
    }
}
