import Testing

@testable import FolioKit

@Suite struct AppearanceResolverTests: ResolverFixtures {
    /// UIKit's documented case (UIAppearance, whenContainedInInstancesOf:), on Folio's containers:
    /// SampleVC → a page container `SampleVC`; ViewA → PagedView; ViewB → TabView.
    @Test func uikitsDocumentedCase() {
        let rules = resolver(
            """
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
        let rules = resolver(
            """
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
        let rules = resolver(
            """
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
        let rules = resolver(
            """
            PageControl in TabView:
              currentPageIndicatorTintColor: red
            PageControl in TabView in PagedView:
              currentPageIndicatorTintColor: blue

            """)
        #expect(dot(rules, ["Page", "PagedView", "TabView", "PagedView", "TabView"]) == "#0000ff")
    }

    @Test func aScopedRuleBeatsTheGlobalRuleWhateverTheOrder() {
        let rules = resolver(
            """
            PageControl in PagedView:
              currentPageIndicatorTintColor: red
            PageControl:
              currentPageIndicatorTintColor: black

            """)
        #expect(dot(rules, ["Page", "Layout:default", "PagedView"]) == "#ff0000")
    }

    @Test func pageAndLayoutAreContainersLikeAnyOther() {
        let rules = resolver(
            """
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
}
