import Testing

@testable import FolioKit

@Suite struct AppearancePrecedenceTests: ResolverFixtures {
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
        let rules = resolver(
            """
            PageControl:
              currentPageIndicatorTintColor: red
            "PageControl ":
              currentPageIndicatorTintColor: blue

            """)
        #expect(dot(rules, ["Page"]) == "#0000ff")
    }

    @Test func eachPropertyTakesItsOwnBestRule() {
        let rules = resolver(
            """
            PageControl:
              pageIndicatorTintColor: lightGray
              currentPageIndicatorTintColor: black
            PageControl in PagedView:
              currentPageIndicatorTintColor: systemBlue

            """)
        let style = rules.resolve(
            ControlInstance(component: .pageControl, containers: ["Page", "Layout:default", "PagedView"]))
        #expect(style[.pageIndicatorTintColor]?.color.light.css == "#aaaaaa")
        #expect(style[.pageIndicatorTintColor]?.source.description == "Content/appearance.yml:2")
        #expect(
            style[.currentPageIndicatorTintColor]?.color
                == DynamicColor(light: Color(hex: 0x007AFF), dark: Color(hex: 0x0A84FF)))
        #expect(style[.currentPageIndicatorTintColor]?.source.description == "Content/appearance.yml:5")
        #expect(style[.currentPageIndicatorTintColor]?.source.ruleKey == "PageControl in PagedView")
    }

    @Test func pageValuesBeatEveryRuleOnThatPage() {
        let rules = resolver(
            """
            PageControl in Page:
              currentPageIndicatorTintColor: red
              pageIndicatorTintColor: gray

            """)
        let source = AppearanceSource(kind: .frontMatter, path: "Content/x.md", line: 7, column: 36)
        let page = PageAppearance(settings: [
            .init(property: .currentPageIndicatorTintColor, color: DynamicColor(Color(hex: 0x00FF00)), source: source)
        ])
        let style = rules.resolve(
            ControlInstance(component: .pageControl, containers: ["Page", "Layout:default", "PagedView"]), page: page)
        #expect(style[.currentPageIndicatorTintColor]?.color.light.css == "#00ff00")
        #expect(style[.currentPageIndicatorTintColor]?.source.description == "(front matter) Content/x.md:7")
        // Properties the page leaves alone still come from the rules.
        #expect(style[.pageIndicatorTintColor]?.color.light.css == "#808080")
    }

    @Test func rulesApplyOnlyToTheirComponent() {
        let rules = resolver(
            """
            PagedView:
              backgroundColor: red
            SegmentedControl:
              backgroundColor: blue

            """)
        let paged = rules.resolve(ControlInstance(component: .pagedView, containers: ["Page"]))
        #expect(paged.values.keys.sorted() == [.pagedBackgroundColor])
        #expect(paged[.pagedBackgroundColor]?.color.light.css == "#ff0000")
        let segmented = rules.resolve(
            ControlInstance(component: .segmentedControl, containers: ["Page", "SegmentedView"]))
        #expect(segmented[.segmentedBackgroundColor]?.color.light.css == "#0000ff")
        #expect(rules.resolve(ControlInstance(component: .tabBar, containers: ["Page"])).values.isEmpty)
    }
}
