import Foundation
import Testing

@testable import FolioKit

@Suite struct CacheFileTests {
    @Test func aCacheSurvivesTheRoundTripWithEveryField() throws {
        let (cache, record, listing, diagnostic, style, front) = Self.sample()
        let decoded = try #require(CacheFile.decode(String(decoding: CacheFile.encode(cache), as: UTF8.self)))
        #expect(decoded.siteKey == "abc")
        #expect(decoded.staticFiles["img/x.png"] == FileFingerprint(size: 5, seconds: 6, nanoseconds: 7))
        let page = try #require(decoded.pages["a b.md"])
        #expect(page.title == record.title && page.url == record.url)
        #expect(page.listing == listing, "every listing field, the layout's place in the file too")
        #expect(page.sections == 4 && page.views == 2)
        #expect(page.renderDiagnostics.map(\.diagnostic) == [diagnostic.diagnostic])
        #expect(page.frontDiagnostics.isEmpty)
        #expect(page.styles.compactMap(\.style) == [style])
        let second = try #require(decoded.pages["c.md"])
        #expect(second.frontDiagnostics.map(\.diagnostic) == front.map(\.diagnostic))
        #expect(second.renderDiagnostics.isEmpty)
    }

    @Test func aCacheWrittenPageByPageReadsBackAsTheWholeFileAndAnUnfinishedOneLeavesTheLastAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("build.json").path
        var (cache, _, _, _, _, _) = Self.sample()
        cache.output = [7, 8]
        // A third page naming the first one's style: the style's line is written once.
        cache.pages["d.md"] = BuildCache.PageRecord(
            fingerprint: FileFingerprint(size: 6, seconds: 7, nanoseconds: 8), url: "/d/", title: "D",
            listing: PageListing(), sections: 2, views: 1, frontDiagnostics: [], renderDiagnostics: [],
            styles: cache.pages["a b.md"]!.styles)
        // And pages with a problem each, added by several threads at once, as the render's workers add them.
        for number in 0..<200 {
            cache.pages["many/\(number).md"] = BuildCache.PageRecord(
                fingerprint: FileFingerprint(size: Int64(number), seconds: 1, nanoseconds: 2), url: "/many/\(number)/",
                title: "Page \(number)", listing: PageListing(), sections: number, views: 1, frontDiagnostics: [],
                renderDiagnostics: [
                    BuildCache.CachedDiagnostic(
                        .warning("on \(number)", at: "Content/many/\(number).md", line: 1, column: 2))
                ], styles: [])
        }
        let stream = try #require(BuildCacheStream(path: path, siteKey: "abc"))
        let pages = Array(cache.pages)
        DispatchQueue.concurrentPerform(iterations: 4) { part in
            for index in stride(from: part, to: pages.count, by: 4) { stream.add(pages[index].key, pages[index].value) }
        }
        stream.finish(staticFiles: cache.staticFiles, output: [7, 8])
        let read = try #require(BuildCache.load(from: path))
        // Encoded again (sorted), the cache read back is the cache written, field for field.
        #expect(
            String(decoding: CacheFile.encode(read), as: UTF8.self)
                == String(decoding: CacheFile.encode(cache), as: UTF8.self))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("style\t") }.count == 1)

        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let unfinished = try #require(BuildCacheStream(path: path, siteKey: "other"))
            unfinished.add("e.md", cache.pages["c.md"]!)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["build.json"],
            "no temporary file left")
    }

    private static func sample() -> (
        cache: BuildCache, record: BuildCache.PageRecord, listing: PageListing,
        diagnostic: BuildCache.CachedDiagnostic, style: AppearanceStyle, front: [BuildCache.CachedDiagnostic]
    ) {
        let style = AppearanceStyle(
            component: .pageControl,
            colors: [
                .currentPageIndicatorTintColor: DynamicColor(light: Color(hex: 0x007AFF), dark: Color(hex: 0x0A84FF))
            ])
        let diagnostic = BuildCache.CachedDiagnostic(
            .warning("tab\there, line\nbreak, back\\slash", at: "Content/a b.md", line: 3, column: 7))
        var listing = PageListing()
        listing.date = "2024-05-01"
        listing.weight = -3
        listing.layout = "wide"
        listing.layoutPosition = FrontMatter.Position(line: 4, column: 9)
        listing.container = "Gallery"
        let record = BuildCache.PageRecord(
            fingerprint: FileFingerprint(size: 10, seconds: 1_700_000_000, nanoseconds: 42), url: "/a-b/",
            title: "Größe \"quoted\"", listing: listing, sections: 4, views: 2, frontDiagnostics: [],
            renderDiagnostics: [diagnostic],
            styles: [BuildCache.CachedStyle(style)])
        // A second page with two problems of its front matter: each page's problems come back to it, by kind.
        let front = ["first", "second"].map {
            BuildCache.CachedDiagnostic(.error("'view' \($0)", at: "Content/c.md", line: 2, column: 7))
        }
        let other = BuildCache.PageRecord(
            fingerprint: FileFingerprint(size: 3, seconds: 4, nanoseconds: 5), url: "/c/", title: "C",
            listing: PageListing(), sections: 1, views: 1, frontDiagnostics: front, renderDiagnostics: [], styles: [])
        let cache = BuildCache(
            siteKey: "abc", pages: ["a b.md": record, "c.md": other],
            staticFiles: ["img/x.png": FileFingerprint(size: 5, seconds: 6, nanoseconds: 7)])
        return (cache, record, listing, diagnostic, style, front)
    }

    @Test func aRecordIsAValueThoughItsFieldsAreShared() {
        let diagnostic = BuildCache.CachedDiagnostic(.warning("first", at: "Content/a.md", line: 1, column: 1))
        let original = BuildCache.PageRecord(
            fingerprint: FileFingerprint(size: 1, seconds: 2, nanoseconds: 3), url: "/a/", title: "A",
            listing: PageListing(), sections: 1, views: 0, frontDiagnostics: [], renderDiagnostics: [diagnostic],
            styles: [])
        var copy = original
        copy.renderDiagnostics.append(diagnostic)
        copy.frontDiagnostics = [diagnostic]
        #expect(original.renderDiagnostics.map(\.message) == ["first"], "a copy's change reached its original")
        #expect(original.frontDiagnostics.isEmpty)
        #expect(copy.renderDiagnostics.count == 2 && copy.frontDiagnostics.count == 1)
        #expect(copy.url == "/a/" && copy.fingerprint == original.fingerprint)
    }

    @Test func anotherFormatIsIgnored() {
        #expect(CacheFile.decode("folio-cache-0\nkey\tx\n") == nil)
        #expect(CacheFile.decode("") == nil)
    }

    @Test func aPagesStylesAreWrittenInOneOrderWhateverOrderThePageListsThem() {
        let one = DynamicColor(light: Color(hex: 0x111111), dark: Color(hex: 0x222222))
        let other = DynamicColor(light: Color(hex: 0x333333), dark: Color(hex: 0x444444))
        let styles = [
            AppearanceStyle(component: .pageControl, colors: [.pageIndicatorTintColor: one]),
            AppearanceStyle(component: .segmentedControl, colors: [.segmentedSelectedSegmentTintColor: other]),
        ]
        func encoded(_ styles: [AppearanceStyle]) -> [UInt8] {
            let record = BuildCache.PageRecord(
                fingerprint: FileFingerprint(size: 1, seconds: 2, nanoseconds: 3), url: "/", title: "Home",
                listing: PageListing(), sections: 1, views: 1, frontDiagnostics: [], renderDiagnostics: [],
                styles: styles.map(BuildCache.CachedStyle.init))
            return CacheFile.encode(BuildCache(siteKey: "k", pages: ["index.md": record], staticFiles: [:]))
        }
        #expect(encoded(styles) == encoded(styles.reversed()))
        let decoded = CacheFile.decode(String(decoding: encoded(styles), as: UTF8.self))
        #expect(Set(decoded?.pages["index.md"]?.styles.compactMap(\.style) ?? []) == Set(styles))
        // A style read back keeps its name, so the next build, which reuses the page, writes the same file.
        #expect(decoded.map(CacheFile.encode) == encoded(styles))
    }
}
