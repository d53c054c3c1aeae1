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
