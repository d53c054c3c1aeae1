import Testing

@testable import FolioKit

@Suite struct AppearanceResolverTests {
    func resolver(_ text: String, theme: String? = nil) -> AppearanceResolver {
        var diagnostics: [Diagnostic] = []
        let config = AppearanceConfig.load(
            theme: theme.map { AppearanceFile(path: "Templates/appearance.yml", text: $0) },
            site: AppearanceFile(path: "Content/appearance.yml", text: text), diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return AppearanceResolver(config)
    }

    func dot(_ resolver: AppearanceResolver, _ path: [String], page: PageAppearance? = nil) -> String? {
        resolver.resolve(ControlInstance(component: .pageControl, containers: path), page: page)[.currentPageIndicatorTintColor]?
            .color.light.css
    }

    /// UIKit's documented case (UIAppearance, whenContainedInInstancesOf:), on Folio's containers:
    /// SampleVC → a page container `SampleVC`; ViewA → PagedView; ViewB → TabView.
    @Test func uikitsDocumentedCase() {
        let rules = resolver("""
            PageControl:
              currentPageIndicatorTintColor: brown
            PageControl in SampleVC:
              currentPageIndicatorTintColor: magenta
            PageControl in PagedView:
              currentPageIndicatorTintColor: blue
            PageControl in TabView in SampleVC:
              currentPageIndicatorTintColor: red

            """)
        let page = ControlInstance.pageContainers(layout: "default", container: "SampleVC")
        // A control in ViewA in SampleVC is magenta (the rule scoped to the outermost container wins).
        #expect(dot(rules, page + ["PagedView"]) == "#ff00ff")
        // One in ViewA in ViewB in SampleVC is red (same outermost container: the longer chain wins).
        #expect(dot(rules, page + ["TabView", "PagedView"]) == "#ff0000")
        // Outside SampleVC: ViewA's rule; outside everything: the global one.
        let plain = ControlInstance.pageContainers(layout: "default", container: nil)
        #expect(dot(rules, plain + ["PagedView"]) == "#0000ff")
        #expect(dot(rules, plain) == "#996633")
    }

    /// UIKit's rule is "outermost wins", not CSS's "nearest wins".
    @Test func galleryBeatsTheNearerLongerChain() {
        let rules = resolver("""
            PageControl in PagedView in TabView:
              currentPageIndicatorTintColor: systemPink
            PageControl in Gallery:
              currentPageIndicatorTintColor: systemGreen

            """)
        let gallery = ["Page", "Layout:default", "Gallery", "TabView", "PagedView"]
        #expect(dot(rules, gallery) == "#34c759")
        let elsewhere = ["Page", "Layout:default", "TabView", "PagedView"]
        #expect(dot(rules, elsewhere) == "#ff2d55")
    }

    @Test func containersMatchAncestorsAtAnyDepthInOrder() {
        let rules = resolver("""
            PageControl:
              currentPageIndicatorTintColor: black
            PageControl in PagedView in SegmentedView:
              currentPageIndicatorTintColor: red

            """)
        // Not direct parents: a tab view stands between.
        #expect(dot(rules, ["Page", "Layout:default", "SegmentedView", "TabView", "PagedView"]) == "#ff0000")
        // Order matters: the segmented view must be outside the paged view.
        #expect(dot(rules, ["Page", "Layout:default", "PagedView", "SegmentedView"]) == "#000000")
        // Every container must be there.
        #expect(dot(rules, ["Page", "Layout:default", "PagedView"]) == "#000000")
    }

    @Test func aChainIsPlacedWithItsOutermostContainerAsHighAsPossible() {
        // [TabView, PagedView]: TabView inside PagedView. In P › PagedView › TabView › PagedView › TabView › (control)
        // it can sit at depth 1 (PagedView) or 3; placed at 1, it beats `in TabView` (outermost TabView at 2).
        let rules = resolver("""
            PageControl in TabView:
              currentPageIndicatorTintColor: red
            PageControl in TabView in PagedView:
              currentPageIndicatorTintColor: blue

            """)
        #expect(dot(rules, ["Page", "PagedView", "TabView", "PagedView", "TabView"]) == "#0000ff")
    }

    @Test func aScopedRuleBeatsTheGlobalRuleWhateverTheOrder() {
        let rules = resolver("""
            PageControl in PagedView:
              currentPageIndicatorTintColor: red
            PageControl:
              currentPageIndicatorTintColor: black

            """)
        #expect(dot(rules, ["Page", "Layout:default", "PagedView"]) == "#ff0000")
    }

    @Test func pageAndLayoutAreContainersLikeAnyOther() {
        let rules = resolver("""
            PageControl in Layout:wide:
              currentPageIndicatorTintColor: blue
            PageControl in Page:
              currentPageIndicatorTintColor: red

            """)
        // Page is the outermost container of every control, so its rule wins over the layout's.
        #expect(dot(rules, ["Page", "Layout:wide", "PagedView"]) == "#ff0000")
        let layoutOnly = resolver("PageControl in Layout:wide:\n  currentPageIndicatorTintColor: blue\n")
        #expect(dot(layoutOnly, ["Page", "Layout:wide", "PagedView"]) == "#0000ff")
        #expect(dot(layoutOnly, ["Page", "Layout:default", "PagedView"]) == nil)
    }

    @Test func tiesGoToTheLongerChainThenTheLaterDeclaration() {
        let rules = resolver(
            """
            PageControl in PagedView in Page:
              currentPageIndicatorTintColor: green
            PageControl in Page:
              currentPageIndicatorTintColor: red
            PageControl in Layout:default:
              pageIndicatorTintColor: blue

            """,
            theme: """
            PageControl in Layout:default:
              pageIndicatorTintColor: yellow

            """)
        let instance = ControlInstance(component: .pageControl, containers: ["Page", "Layout:default", "PagedView"])
        let style = rules.resolve(instance)
        // Both rules have their outermost container at Page: the longer chain wins although it comes first.
        #expect(style[.currentPageIndicatorTintColor]?.color.light.css == "#00ff00")
        // Same place, same length: the site's (later) rule beats the theme's.
        #expect(style[.pageIndicatorTintColor]?.color.light.css == "#0000ff")
        #expect(style[.pageIndicatorTintColor]?.source.description == "Content/appearance.yml:6")
    }

    @Test func laterLinesWinWithinOneFile() {
        let rules = resolver("""
            PageControl:
              currentPageIndicatorTintColor: red
            "PageControl ":
              currentPageIndicatorTintColor: blue

            """)
        #expect(dot(rules, ["Page"]) == "#0000ff")
    }

    @Test func eachPropertyTakesItsOwnBestRule() {
        let rules = resolver("""
            PageControl:
              pageIndicatorTintColor: lightGray
              currentPageIndicatorTintColor: black
            PageControl in PagedView:
              currentPageIndicatorTintColor: systemBlue

            """)
        let style = rules.resolve(ControlInstance(component: .pageControl, containers: ["Page", "Layout:default", "PagedView"]))
        #expect(style[.pageIndicatorTintColor]?.color.light.css == "#aaaaaa")
        #expect(style[.pageIndicatorTintColor]?.source.description == "Content/appearance.yml:2")
        #expect(style[.currentPageIndicatorTintColor]?.color == DynamicColor(light: Color(hex: 0x007AFF), dark: Color(hex: 0x0A84FF)))
        #expect(style[.currentPageIndicatorTintColor]?.source.description == "Content/appearance.yml:5")
        #expect(style[.currentPageIndicatorTintColor]?.source.ruleKey == "PageControl in PagedView")
    }

    @Test func pageValuesBeatEveryRuleOnThatPage() {
        let rules = resolver("""
            PageControl in Page:
              currentPageIndicatorTintColor: red
              pageIndicatorTintColor: gray

            """)
        let source = AppearanceSource(kind: .frontMatter, path: "Content/x.md", line: 7, column: 36)
        let page = PageAppearance(settings: [.init(property: .currentPageIndicatorTintColor, color: DynamicColor(Color(hex: 0x00FF00)), source: source)])
        let style = rules.resolve(ControlInstance(component: .pageControl, containers: ["Page", "Layout:default", "PagedView"]), page: page)
        #expect(style[.currentPageIndicatorTintColor]?.color.light.css == "#00ff00")
        #expect(style[.currentPageIndicatorTintColor]?.source.description == "(front matter) Content/x.md:7")
        // Properties the page leaves alone still come from the rules.
        #expect(style[.pageIndicatorTintColor]?.color.light.css == "#808080")
    }

    @Test func rulesApplyOnlyToTheirComponent() {
        let rules = resolver("""
            PagedView:
              backgroundColor: red
            SegmentedControl:
              backgroundColor: blue

            """)
        let paged = rules.resolve(ControlInstance(component: .pagedView, containers: ["Page"]))
        #expect(paged.values.keys.sorted() == [.pagedBackgroundColor])
        #expect(paged[.pagedBackgroundColor]?.color.light.css == "#ff0000")
        let segmented = rules.resolve(ControlInstance(component: .segmentedControl, containers: ["Page", "SegmentedView"]))
        #expect(segmented[.segmentedBackgroundColor]?.color.light.css == "#0000ff")
        #expect(rules.resolve(ControlInstance(component: .tabBar, containers: ["Page"])).values.isEmpty)
    }

    @Test func controlsOfAViewSitInsideItExceptThePagedViewItself() {
        let base = ControlInstance.pageContainers(layout: "default", container: "Gallery")
        #expect(base == ["Page", "Layout:default", "Gallery"])
        let paged = ControlInstance.controls(of: .paged, in: base + ["TabView"])
        #expect(paged.map(\.component) == [.pagedView, .pageControl])
        #expect(paged[0].containers == ["Page", "Layout:default", "Gallery", "TabView"])
        #expect(paged[1].description == "Page › Layout:default › Gallery › TabView › PagedView › PageControl")
        #expect(ControlInstance.controls(of: .tabs, in: base).map(\.description) == ["Page › Layout:default › Gallery › TabView › TabBar"])
        #expect(ControlInstance.controls(of: .segmented, in: base).first?.containers.last == "SegmentedView")
        #expect(ControlInstance.controls(of: .list, in: base).isEmpty)
        #expect(AppearanceContainer.name(for: .list) == "ListView")
    }

    @Test func matchReportsTheOutermostPlacement() {
        #expect(AppearanceResolver.match([], in: ["Page"]) == Int.max)
        #expect(AppearanceResolver.match(["Page", "PagedView"], in: ["Page", "TabView", "PagedView"]) == 0)
        #expect(AppearanceResolver.match(["PagedView", "TabView"], in: ["Page", "TabView", "PagedView"]) == nil)
        #expect(AppearanceResolver.match(["PagedView"], in: ["Page", "PagedView", "TabView", "PagedView"]) == 1)
    }
}
