import Testing

@testable import FolioKit

/// Where controls sit, and how a rule's chain is placed in a control's path.
@Suite struct ControlInstanceTests {
    @Test func pathsStartAtThePageAndItsLayout() {
        #expect(ControlInstance.pageContainers(layout: "wide", container: nil) == ["Page", "Layout:wide"])
        let bar = ControlInstance(component: .tabBar, containers: ["Page", "Layout:wide", "TabView"])
        #expect(bar.description == "Page › Layout:wide › TabView › TabBar")
        #expect(AppearanceContainer.builtIn == ["Page", "ListView", "PagedView", "TabView", "SegmentedView"])
    }

    @Test func controlsOfAViewSitInsideItExceptThePagedViewItself() {
        let base = ControlInstance.pageContainers(layout: "default", container: "Gallery")
        #expect(base == ["Page", "Layout:default", "Gallery"])
        let paged = ControlInstance.controls(of: .paged, in: base + ["TabView"])
        #expect(paged.map(\.component) == [.pagedView, .pageControl])
        #expect(paged[0].containers == ["Page", "Layout:default", "Gallery", "TabView"])
        #expect(paged[1].description == "Page › Layout:default › Gallery › TabView › PagedView › PageControl")
        #expect(
            ControlInstance.controls(of: .tabs, in: base).map(\.description) == [
                "Page › Layout:default › Gallery › TabView › TabBar"
            ])
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
