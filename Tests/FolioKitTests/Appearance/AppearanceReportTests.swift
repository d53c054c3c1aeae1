import Testing

@testable import FolioKit

@Suite struct AppearanceReportTests {
    @Test func listsEveryControlWithValuesAndWinningRules() {
        var diagnostics = Diagnostics()
        let config = AppearanceConfig.load(
            theme: AppearanceFile(
                path: "Templates/appearance.yml",
                text: """
                    PageControl:
                      pageIndicatorTintColor: lightGray
                      currentPageIndicatorTintColor: label
                    TabBar:
                      tintColor: systemBlue

                    """),
            site: AppearanceFile(
                path: "Content/appearance.yml",
                text: """
                    PageControl in PagedView in TabView:
                      currentPageIndicatorTintColor: systemPink

                    """),
            diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        let resolver = AppearanceResolver(config)
        let page = PageAppearance(settings: [
            .init(
                property: .tabUnselectedItemTintColor, color: DynamicColor(Color(hex: 0x6C6C70)),
                source: AppearanceSource(kind: .frontMatter, path: "Content/x.md", line: 7, column: 30))
        ])
        let base = ControlInstance.pageContainers(layout: "default", container: nil)
        let instances =
            ControlInstance.controls(of: .tabs, in: base) + [
                ControlInstance(component: .pageControl, containers: base + ["TabView", "PagedView"])
            ]
        let controls = instances.map { AppearanceReport.Control(instance: $0, style: resolver.resolve($0, page: page)) }
        let report = AppearanceReport.format(controls)
        #expect(
            report == """
                Page › Layout:default › TabView › TabBar
                  tintColor                      #007aff / #0a84ff  Templates/appearance.yml:5      TabBar
                  unselectedItemTintColor        #6c6c70            (front matter) Content/x.md:7
                  barTintColor                   (not set)          the theme stylesheet's default

                Page › Layout:default › TabView › PagedView › PageControl
                  pageIndicatorTintColor         #aaaaaa            Templates/appearance.yml:2      PageControl
                  currentPageIndicatorTintColor  #ff2d55 / #ff375f  Content/appearance.yml:2        PageControl in PagedView in TabView

                """)
        // Same input, same text.
        #expect(AppearanceReport.format(controls) == report)
    }

    @Test func labelsTellEqualPathsApart() {
        let instance = ControlInstance(component: .pagedView, containers: ["Page", "Layout:default"])
        let style = ResolvedStyle(component: .pagedView, values: [:])
        let report = AppearanceReport.format([
            .init(instance: instance, style: style, label: "folio-paged-1"),
            .init(instance: instance, style: style, label: "folio-paged-2"),
        ])
        #expect(report.contains("Page › Layout:default › PagedView  (folio-paged-2)\n"))
        #expect(AppearanceReport.format([]).hasPrefix("No controls on this page"))
    }
}
