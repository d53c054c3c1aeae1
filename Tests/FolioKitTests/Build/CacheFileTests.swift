import Testing

@testable import FolioKit

@Suite struct CacheFileTests {
    @Test func aCacheSurvivesTheRoundTripWithEveryField() throws {
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
        let cache = BuildCache(
            siteKey: "abc", pages: ["a b.md": record],
            staticFiles: ["img/x.png": FileFingerprint(size: 5, seconds: 6, nanoseconds: 7)])

        let decoded = try #require(CacheFile.decode(CacheFile.encode(cache)))
        #expect(decoded.siteKey == "abc")
        #expect(decoded.staticFiles["img/x.png"] == FileFingerprint(size: 5, seconds: 6, nanoseconds: 7))
        let page = try #require(decoded.pages["a b.md"])
        #expect(page.title == record.title && page.url == record.url)
        #expect(page.listing == listing, "every listing field, the layout's place in the file too")
        #expect(page.sections == 4 && page.views == 2)
        #expect(page.renderDiagnostics.map(\.diagnostic) == [diagnostic.diagnostic])
        #expect(page.styles.compactMap(\.style) == [style])
    }

    @Test func anotherFormatIsIgnored() {
        #expect(CacheFile.decode("folio-cache-0\nkey\tx\n") == nil)
        #expect(CacheFile.decode("") == nil)
    }
}
