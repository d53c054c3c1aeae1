import Testing

@testable import FolioKit

@Suite struct AppearanceParserTests {
    func load(_ text: String, path: String = "Content/appearance.yml") -> (AppearanceConfig, Diagnostics) {
        var diagnostics = Diagnostics()
        let config = AppearanceConfig.load([AppearanceFile(path: path, text: text)], diagnostics: &diagnostics)
        return (config, diagnostics)
    }

    @Test func readsTheSpecExample() {
        let (config, diagnostics) = load(
            """
            PageControl:                               # UIPageControl.appearance()
              pageIndicatorTintColor: lightGray
              currentPageIndicatorTintColor: black
            PageControl in PagedView:
              currentPageIndicatorTintColor: systemBlue
            PageControl in PagedView in TabView:
              currentPageIndicatorTintColor: systemPink
            PageControl in Gallery:
              pageIndicatorTintColor: "#cccccc"
            TabBar:
              tintColor: systemBlue
              barTintColor: {light: white, dark: "#1c1c1e"}

            """)
        #expect(diagnostics.isEmpty)
        #expect(
            config.rules.map(\.key) == [
                "PageControl", "PageControl in PagedView", "PageControl in PagedView in TabView",
                "PageControl in Gallery", "TabBar",
            ])
        #expect(config.rules.map(\.order) == [0, 1, 2, 3, 4])
        #expect(config.rules[2].containers == ["PagedView", "TabView"])
        #expect(config.rules[2].line == 6)
        #expect(config.rules[2].containerColumns == [16, 29])
        #expect(config.rules[0].isGlobal)
        let bar = config.rules[4].settings[1]
        #expect(bar.property == .tabBarTintColor)
        #expect(bar.color == DynamicColor(light: Color(hex: 0xFFFFFF), dark: Color(hex: 0x1C1C1E)))
        #expect(bar.source.description == "Content/appearance.yml:12")
        #expect(bar.source.ruleKey == "TabBar")
        #expect(config.rules[3].settings[0].color.light.css == "#cccccc")
    }

    @Test func themeThenSiteNumberInDeclarationOrder() {
        var diagnostics = Diagnostics()
        let config = AppearanceConfig.load(
            theme: AppearanceFile(
                path: "Templates/appearance.yml", text: "PageControl:\n  pageIndicatorTintColor: red\n"),
            site: AppearanceFile(
                path: "Content/appearance.yml", text: "TabBar:\n  tintColor: red\nPagedView:\n  backgroundColor: red\n"),
            diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        #expect(config.rules.map(\.order) == [0, 1, 2])
        #expect(
            config.rules.map(\.path) == [
                "Templates/appearance.yml", "Content/appearance.yml", "Content/appearance.yml",
            ])
    }

    @Test func anEmptyFileHasNoRules() {
        let (config, diagnostics) = load("# nothing yet\n")
        #expect(config.rules.isEmpty)
        #expect(diagnostics.isEmpty)
    }

}
