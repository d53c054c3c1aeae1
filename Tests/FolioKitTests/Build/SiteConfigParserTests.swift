import Testing

@testable import FolioKit

@Suite struct SiteConfigParserTests {
    func parse(_ text: String) -> (SiteConfig, Diagnostics) {
        var diagnostics = Diagnostics()
        let config = SiteConfigParser.parse(text, path: "site.yml", diagnostics: &diagnostics)
        return (config, diagnostics)
    }

    @Test func readsEveryKey() {
        let (config, diagnostics) = parse(
            """
            title: Folio
            baseURL: https://example.org/project/
            language: de
            description: A guide
            author: Ann
            sectionLevel: 3
            unsafeHTML: true
            followSymlinks: true
            nav:
              - {title: Home, url: /}
              - {title: Guide, url: /guide/}
            theme_color: teal
            """)
        #expect(diagnostics.isEmpty)
        #expect(config.title == "Folio")
        #expect(config.basePath == "/project/")
        #expect(config.absoluteURL("/guide/") == "https://example.org/project/guide/")
        #expect(config.language == "de")
        #expect(config.sectionLevel == 3)
        #expect(config.unsafeHTML)
        #expect(config.followSymlinks)
        #expect(config.nav?.map(\.url) == ["/", "/guide/"])
        #expect(config.params.map(\.key) == ["theme_color"])
    }

    /// Sitemaps, feeds and canonical links hold URLs: a page path outside ASCII is percent-encoded there, as the
    /// sitemap protocol's own example encodes `ü` (the links inside the site keep the characters).
    @Test func anAbsoluteURLEncodesWhatIsNotASCII() {
        var config = SiteConfig()
        config.baseURL = "https://example.org/docs/"
        #expect(
            config.absoluteURL("/ünï/страница/")
                == "https://example.org/docs/%C3%BCn%C3%AF/%D1%81%D1%82%D1%80%D0%B0%D0%BD%D0%B8%D1%86%D0%B0/")
        #expect(config.absoluteURL("/my notes/") == "https://example.org/docs/my%20notes/")
        #expect(config.absoluteURL("/plain/") == "https://example.org/docs/plain/")
    }

    /// A base URL is written into every canonical link, feed and sitemap entry: only http and https, or a path.
    @Test(arguments: ["ftp://example.org/", "mailto:me@example.org", "javascript:alert(1)", "file:///srv/site/"])
    func aBaseURLOfAnotherSchemeIsRefused(url: String) {
        #expect(SiteConfig.baseURLProblem(url)?.hasPrefix("must be an http(s) URL") == true, "\(url)")
        #expect(SiteConfig.baseURLProblem("https://example.org/docs/") == nil)
        #expect(SiteConfig.baseURLProblem("/project/") == nil)
    }

    @Test func titleIsRequired() {
        let (_, diagnostics) = parse("language: en\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].message.contains("title"))
    }

    @Test func wrongTypesAreReportedAtTheirValues() {
        let (_, diagnostics) = parse("title: x\nunsafeHTML: perhaps\nsectionLevel: deep\n")
        #expect(diagnostics.map(\.line) == [2, 3])
        #expect(diagnostics.map(\.column) == [13, 15])
    }
}
