import Testing

@testable import FolioKit

@Suite struct AppearanceChecksTests {
    func config(_ text: String) -> AppearanceConfig {
        var diagnostics = Diagnostics()
        let config = AppearanceConfig.load(
            [AppearanceFile(path: "Content/appearance.yml", text: text)], diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return config
    }

    func undeclared(in config: AppearanceConfig, declaredContainers: Set<String>, layouts: Set<String>) -> Diagnostics {
        var found = Diagnostics()
        AppearanceChecks.undeclaredContainers(
            in: config, declaredContainers: declaredContainers, layouts: layouts, diagnostics: &found)
        return found
    }

    func contrast(_ dot: ResolvedStyle, pagedView: ResolvedStyle?) -> Diagnostics {
        var found = Diagnostics()
        AppearanceChecks.pageControlContrast(dot, pagedView: pagedView, diagnostics: &found)
        return found
    }

    @Test func aContainerNoPageDeclaresIsAWarningAtItsName() {
        let rules = config(
            """
            PageControl in Galery:
              currentPageIndicatorTintColor: red
            PageControl in PagedView in Gallery in Page:
              currentPageIndicatorTintColor: red
            TabBar in Layout:wide:
              tintColor: red
            TabBar in Layout:default in Docs:
              tintColor: red

            """)
        let warnings = undeclared(
            in: rules, declaredContainers: ["Gallery"], layouts: ["default", "wid"])
        #expect(
            warnings.map(\.description) == [
                "Content/appearance.yml:1:16: warning: rule 'PageControl in Galery' never applies: no page declares `container: Galery`; did you mean `Gallery`?",
                "Content/appearance.yml:5:11: warning: rule 'TabBar in Layout:wide' never applies: there is no layout 'wide' (Templates/layouts/wide.mustache); did you mean `wid`?",
                "Content/appearance.yml:7:29: warning: rule 'TabBar in Layout:default in Docs' never applies: no page declares `container: Docs`",
            ])
    }

    @Test func aBuiltInNameInTheWrongCaseGetsASuggestion() {
        let warnings = undeclared(
            in: config("PageControl in pagedView:\n  currentPageIndicatorTintColor: red\n"), declaredContainers: [],
            layouts: [])
        #expect(warnings.first?.message.hasSuffix("did you mean `PagedView`?") == true)
    }

    func style(
        _ component: Component, _ property: AppearanceProperty, _ color: DynamicColor, line: Int = 4
    ) -> ResolvedStyle {
        let source = AppearanceSource(
            kind: .rule(key: component.name), path: "Content/appearance.yml", line: line, column: 34)
        return ResolvedStyle(component: component, values: [property: .init(color: color, source: source)])
    }

    @Test func aFaintCurrentDotIsAWarningInEachSchemeWhereItFails() {
        // Black is fine on white and invisible on the dark page background.
        let black = style(.pageControl, .currentPageIndicatorTintColor, DynamicColor(Color(hex: 0x000000)))
        let warnings = contrast(black, pagedView: nil)
        #expect(
            warnings.map(\.description) == [
                "Content/appearance.yml:4:34: warning: currentPageIndicatorTintColor #000000 has 1.13:1 contrast against its background #121418 in dark mode; WCAG 1.4.11 asks for at least 3:1"
            ])
        // lightGray fails on white, passes on dark.
        let light = style(.pageControl, .currentPageIndicatorTintColor, DynamicColor(Color(hex: 0xAAAAAA)))
        #expect(
            contrast(light, pagedView: nil).map(\.message) == [
                "currentPageIndicatorTintColor #aaaaaa has 2.32:1 contrast against its background #ffffff in light mode; WCAG 1.4.11 asks for at least 3:1"
            ])
        // systemBlue passes on both.
        let blue = style(
            .pageControl, .currentPageIndicatorTintColor,
            DynamicColor(light: Color(hex: 0x007AFF), dark: Color(hex: 0x0A84FF)))
        #expect(contrast(blue, pagedView: nil).isEmpty)
    }

    @Test func theBackgroundIsThePagedViewsOverThePage() {
        let white = style(.pageControl, .currentPageIndicatorTintColor, DynamicColor(Color(hex: 0xFFFFFF)))
        // White dots on a dark card pass even in light mode…
        let dark = style(.pagedView, .pagedBackgroundColor, DynamicColor(Color(hex: 0x1C1C1E)))
        #expect(contrast(white, pagedView: dark).isEmpty)
        // …and a translucent card is blended over the page first: 10% black (26/255) on white is #e5e5e5.
        let translucent = style(.pagedView, .pagedBackgroundColor, DynamicColor(Color(hex: 0x000000, alpha: 0.1)))
        let warnings = contrast(white, pagedView: translucent)
        #expect(warnings.first?.message.contains("background #e5e5e5 in light mode") == true)
        // A semi-transparent dot is blended too.
        let faint = style(.pageControl, .currentPageIndicatorTintColor, DynamicColor(Color(hex: 0x000000, alpha: 0.2)))
        #expect(contrast(faint, pagedView: nil).count == 2)
    }

    @Test func frontMatterValuesAreReportedAtThePage() {
        let source = AppearanceSource(kind: .frontMatter, path: "Content/x.md", line: 7, column: 36)
        let page = ResolvedStyle(
            component: .pageControl,
            values: [
                .currentPageIndicatorTintColor: .init(color: DynamicColor(Color(hex: 0xEEEEEE)), source: source)
            ])
        let warnings = contrast(page, pagedView: nil)
        #expect(warnings.map { "\($0.path):\($0.line):\($0.column)" } == ["Content/x.md:7:36"])
        #expect(Diagnostics(warnings.all + warnings.all).removingDuplicates() == warnings)
    }
}
