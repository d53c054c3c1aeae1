import Testing

@testable import FolioKit

@Suite struct AnchorScannerTests {
    @Test func findsEveryIdAttributeAndNamedAnchorsButNotEscapedText() {
        let html = """
            <h2 id="install">Install</h2><div data-id="no" id='single'><a name="legacy"></a>
            <meta name="description" content="x"><code>id=&quot;escaped&quot;</code><p id="a&amp;b">x</p>
            <span\tid="x=y" title="z">z</span><A
            name='up'></A><a href="#up" name="not-first">x</a><p title=" id='in-a-value'" id=unquoted>
            """
        #expect(
            AnchorScanner.ids(in: html) == ["install", "single", "legacy", "a&b", "x=y", "up", "in-a-value"])
    }
}

@Suite struct LinkSuggestionTests {
    /// The id a broken anchor's message suggests on a page with `ids`.
    private func nearest(_ fragment: String, in ids: [String]) -> String? {
        var hints = LinkHints()
        return hints.id(near: fragment, onPage: 0, ids: { ids })
    }

    @Test func suggestsTheIdWithTheSameLettersFirst() {
        #expect(nearest("Node-JS-Setup", in: ["nodejs-setup", "node"]) == "nodejs-setup")
        #expect(nearest("node-js-setup", in: ["intro", "nodejs-setup"]) == "nodejs-setup")
        #expect(nearest("instal", in: ["install", "usage"]) == "install")
        #expect(nearest("zzz", in: ["install", "usage"]) == nil)
        // The first of the ids with the same letters and digits; Folio's own ids are never suggested by distance.
        #expect(nearest("A.B", in: ["a-b", "ab", "A_B"]) == "a-b")
        #expect(nearest("folio-tab-2", in: ["folio-tab-1", "intro"]) == nil)
    }

    @Test func suggestionsStopWhenTheirBudgetIsSpentAndTheLinksLeftWithoutOneAreCounted() {
        let pages = ["guide/setup.md", "guide/usage.md", "notes/a.md", "notes/b.md"].map {
            SiteTreeTests.page($0, title: $0)
        }
        // Each suggestion among the four pages costs four of the budget; one already made costs nothing again.
        var hints = LinkHints(budget: 10)
        #expect(hints.source(near: "guide/setup.mdx", pages: pages) == "guide/setup.md")
        #expect(hints.source(near: "guide/setup.mdx", pages: pages) == "guide/setup.md")
        #expect(hints.source(near: "guide/usag.md", pages: pages) == "guide/usage.md")
        #expect(hints.note == nil)
        #expect(hints.source(near: "notes/c.md", pages: pages) == nil)
        // Ids with the same letters and digits cost nothing: found without measuring.
        #expect(
            hints.id(near: "Node-JS-Setup", onPage: 0, ids: { ["nodejs-setup", "node", "intro"] }) == "nodejs-setup")
        #expect(hints.id(near: "nodejs-setpu", onPage: 0, ids: { ["nodejs-setup", "node", "intro"] }) == nil)
        #expect(hints.unhinted == 2)
        #expect(
            hints.note
                == "note: 2 broken links are reported without a \"did you mean\": comparing every broken link with "
                + "every page of a site this large would take too long")
        var unlimited = LinkHints()
        #expect(unlimited.source(near: "notes/c.md", pages: pages) == "notes/a.md")
    }
}

@Suite struct PageLinkTargetTests {
    @Test func resolvesWhatTheBrowserWouldRequest() {
        #expect(
            PageLink.target(emitted: "../other/#usage", pageURL: "/a/b/") == .site(path: "/a/other/", fragment: "usage")
        )
        #expect(PageLink.target(emitted: "#x%20y", pageURL: "/a/") == .site(path: "/a/", fragment: "x y"))
        #expect(
            PageLink.target(emitted: "images/a.svg", pageURL: "/a/") == .site(path: "/a/images/a.svg", fragment: nil))
        #expect(PageLink.target(emitted: "./", pageURL: "/") == .site(path: "/", fragment: nil))
        #expect(PageLink.target(emitted: "https://example.com/x", pageURL: "/") == .external("https://example.com/x"))
        #expect(PageLink.target(emitted: "mailto:a@example.com", pageURL: "/") == nil)
    }

    @Test func onlyWebSchemesAreExternalInAnyCase() {
        for url in ["http://a.example/", "HTTPS://a.example/", "Http:x", "hTTps:"] {
            #expect(PageLink.target(emitted: url, pageURL: "/") == .external(url), "\(url)")
        }
        #expect(PageLink.target(emitted: "//cdn.example/x.js", pageURL: "/") == .external("https://cdn.example/x.js"))
        for url in ["htt://a", "httpx://a", "httpss://a", "ftp://a", "tel:123", "h:x", "javascript:alert(1)"] {
            #expect(PageLink.target(emitted: url, pageURL: "/") == nil, "\(url)")
        }
    }

    @Test func theSuffixStartsAtTheFirstHashOrQuestionMark() {
        #expect(PageLink.target(emitted: "a/?q=1#top", pageURL: "/d/") == .site(path: "/d/a/", fragment: "top"))
        #expect(PageLink.target(emitted: "a/?q=#1", pageURL: "/") == .site(path: "/a/", fragment: "1"))
        #expect(PageLink.target(emitted: "?q", pageURL: "/d/e/") == .site(path: "/d/e/", fragment: nil))
        #expect(PageLink.target(emitted: "/top/#x#y", pageURL: "/d/") == .site(path: "/top/", fragment: "x#y"))
        #expect(PageLink.target(emitted: "ü/#é", pageURL: "/ä/") == .site(path: "/ä/ü/", fragment: "é"))
        #expect(PageLink.target(emitted: "../../..", pageURL: "/a/") == .site(path: "/", fragment: nil))
    }
}

@Suite struct PageFactsFileTests {
    @Test func roundTripsIdsLinksAndUpdated() {
        let facts = PageFacts(
            ids: ["install", "tab\there", "cr\rhere"],
            links: [
                PageLink(
                    target: .site(path: "/a/", fragment: "x"), line: 3, column: 5, isImage: false, written: "a.md#x"),
                PageLink(
                    target: .source(path: "gone.md", fragment: nil), line: 4, column: 1, isImage: false,
                    written: "gone.md"),
                PageLink(
                    target: .external("https://example.com/"), line: 9, column: 2, isImage: true,
                    written: "https://example.com/"),
            ],
            updated: "2026-03-01")
        let entries = [
            "a.md": PageFactsFile.Entry(fingerprint: FileFingerprint(size: 1, seconds: 2, nanoseconds: 3), facts: facts)
        ]
        let decoded = PageFactsFile.decode(PageFactsFile.encode(entries))
        #expect(decoded?["a.md"]?.facts == facts)
        #expect(decoded?["a.md"]?.fingerprint == FileFingerprint(size: 1, seconds: 2, nanoseconds: 3))
        // The missing file's fingerprint has a negative size: it round-trips too.
        let missing = ["b.md": PageFactsFile.Entry(fingerprint: .missing, facts: facts)]
        #expect(PageFactsFile.decode(PageFactsFile.encode(missing))?["b.md"]?.fingerprint == .missing)
    }
}

extension PageFactsFileTests {
    @Test func cachedFactsGiveAPageBackOnlyWhenItsFileIsUnchangedAndTheKeyMatches() throws {
        let first = PageFactsFile.Entry(
            fingerprint: FileFingerprint(size: 10, seconds: 20, nanoseconds: 30),
            facts: PageFacts(ids: ["a"], links: [], updated: nil))
        let second = PageFactsFile.Entry(
            fingerprint: FileFingerprint(size: 11, seconds: -21, nanoseconds: 31),
            facts: PageFacts(
                ids: ["ünïcode", "back\\slash"],
                links: [
                    PageLink(
                        target: .site(path: "/é/", fragment: nil), line: 12, column: 1, isImage: false,
                        written: "line\nbreak")
                ],
                updated: "2026-01-02"))
        let text = PageFactsFile.encode(["a.md": first, "é/b.md": second], siteKey: "the key")
        let cached = try #require(CachedFacts(file: text, siteKey: "the key"))
        let found = try #require(cached.entry(for: "é/b.md", fingerprint: second.fingerprint))
        #expect(found.facts == second.facts)
        let record = cached.withRecord(for: "é/b.md", fingerprint: second.fingerprint) {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(record == PageFactsFile.record("é/b.md", second), "the record is written again as it was read")
        #expect(cached.entry(for: "a.md", fingerprint: first.fingerprint)?.facts == first.facts)
        #expect(cached.entry(for: "a.md", fingerprint: second.fingerprint) == nil, "a changed file is read again")
        #expect(cached.entry(for: "c.md", fingerprint: first.fingerprint) == nil)
        #expect(CachedFacts(file: text, siteKey: "another key") == nil)
        #expect(PageFactsFile.decode(text, siteKey: "the key")?.count == 2)
        #expect(PageFactsFile.decode(text, siteKey: "another key") == nil)
        #expect(PageFactsFile.decode("folio-facts-0\nkey\tx\n") == nil)
        // A file cut short anywhere (a full disk) is no file: not the facts of fewer pages, or of a page without ids.
        let bytes = Array(text.utf8)
        for length in 0..<bytes.count {
            let cut = String(decoding: bytes[..<length], as: UTF8.self)
            #expect(CachedFacts(file: cut, siteKey: "the key") == nil, "cut at \(length)")
            #expect(PageFactsFile.decode(cut) == nil, "cut at \(length)")
        }
        #expect(PageFactsFile.decode(PageFactsFile.header(siteKey: "") + "link\t1\t1\t0\tx\ts\t/\t\u{0}\n") == nil)
    }
}

extension PageFactsFileTests {
    /// An incremental build takes an unchanged page's facts from its record straight into the form the check keeps:
    /// the same ids, date and links as decoding the record whole and resolving its links.
    @Test func aRecordDecodedCompactlyGivesTheCheckWhatTheWholeRecordGives() throws {
        let pageURLs = ["/": 0, "/guide/": 1, "/guide/setup/": 2]
        func link(_ target: PageLink.Target, _ line: Int) -> PageLink {
            PageLink(target: target, line: line, column: 3, isImage: line == 4, written: "as\twritten \(line)")
        }
        let facts = [
            PageFacts(ids: [], links: [], updated: nil),
            PageFacts(ids: [""], links: [], updated: "2026-01-02"),
            PageFacts(
                ids: ["intro", "tab\tand\\slash", "ünïcode", "all-intro"],
                links: [
                    link(.site(path: "/guide/", fragment: "setup"), 1),
                    link(.site(path: "/guide/setup", fragment: nil), 2),
                    link(.site(path: "/guide/index.html", fragment: "top"), 3),
                    link(.site(path: "/", fragment: ""), 4),
                    link(.site(path: "/missing/", fragment: "a"), 5),
                    link(.site(path: "/images/a.svg", fragment: nil), 6),
                    link(.source(path: "draft.md", fragment: "b"), 7),
                    link(.external("https://example.com/a\tb"), 8),
                    link(.site(path: "/", fragment: "ünï"), 9),
                    link(.external("https://example.com/"), 10),
                ],
                updated: nil),
        ]
        for (number, facts) in facts.enumerated() {
            let entry = PageFactsFile.Entry(
                fingerprint: FileFingerprint(size: 5, seconds: 6, nanoseconds: 7), facts: facts)
            var record = PageFactsFile.record("p\(number).md", entry)
            let compact = try #require(
                record.withUTF8 { PageFactsFile.decodeCompact($0, pageURLs: pageURLs) })
            #expect(compact.ids == facts.ids.joined(separator: "\u{0}"))
            #expect(compact.updated == facts.updated)
            var expected = SiteLinks(pageCount: 1)
            expected.set(SiteLinks.resolve(facts.links, pageURLs: pageURLs), page: 0)
            var decoded = SiteLinks(pageCount: 1)
            decoded.set(compact.links, page: 0)
            #expect(decoded == expected)
        }
        var third = PageFactsFile.record(
            "p.md", PageFactsFile.Entry(fingerprint: .missing, facts: facts[2]))
        let resolved = try #require(third.withUTF8 { PageFactsFile.decodeCompact($0, pageURLs: pageURLs) })
        var links = SiteLinks(pageCount: 1)
        links.set(resolved.links, page: 0)
        // What the check sees: two anchors (to /guide/ and to /), the missing page, the file and the draft kept
        // whole as written, two external links, and every internal link counted.
        #expect(links.pages[0].anchors.map(links.fragment) == ["setup", "ünï"])
        #expect(links.pages[0].others.map(\.line) == [5, 6, 7])
        #expect(links.pages[0].others.first?.written == "as\twritten 5")
        #expect(links.pages[0].externals.map(\.line) == [8, 10])
        #expect(links.urls == ["https://example.com/a\tb", "https://example.com/"])
        #expect(links.internalCount == 8)
        for broken in ["", "page\tp.md\n", "ids\ta\n", "page\tp.md\t1\t2\t3\t\u{0}\nlink\t1\n"] {
            var text = broken
            #expect(text.withUTF8 { PageFactsFile.decodeCompact($0, pageURLs: pageURLs) } == nil, "\(broken)")
        }
    }
}

@Suite struct GitHubReportTests {
    @Test func escapesAsTheWorkflowCommandsSpecRequires() {
        #expect(GitHubReport.data("100% done\r\nnext") == "100%25 done%0D%0Anext")
        #expect(GitHubReport.property("a,b:c%") == "a%2Cb%3Ac%25")
    }
}
