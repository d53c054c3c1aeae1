import Testing

@testable import FolioKit

@Suite struct ViewRendererTests {
    static let theme: Theme = {
        var diagnostics = Diagnostics()
        return Theme.load(directory: nil, diagnostics: &diagnostics)
    }()

    func render(_ markdown: String, view: ViewSpec, segments: [String] = ["Pages", "All"]) -> String {
        var output = model(markdown).model
        output.view = view
        var renderer = ViewRenderer(
            theme: Self.theme,
            settings: PageSettings(
                title: "T", view: view, transition: .scroll, segments: segments, tabGroup: nil))
        var diagnostics = Diagnostics()
        let html = renderer.render(output, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics.all)")
        return html
    }

    func count(_ needle: String, in html: String) -> Int {
        html.split(separator: needle, omittingEmptySubsequences: false).count - 1
    }

    let sections = "## One\n\na\n\n## Two\n\nb\n\n## Three\n\nc\n"

    @Test func listViewWrapsEachSection() {
        let html = render(sections, view: .list)
        #expect(count("data-folio-view=\"list\"", in: html) == 1)
        #expect(count("data-folio-section=", in: html) == 3)
        #expect(html.contains("data-folio-section=\"two\""))
    }

    @Test func pagedViewHasOneDotPerSection() {
        let html = render(sections, view: ViewSpec([.paged]))
        #expect(count("data-folio-page ", in: html) == 3)
        #expect(count("data-folio-dot ", in: html) == 3)
        #expect(count("aria-selected=\"true\"", in: html) == 1)
        #expect(html.contains("aria-label=\"2 of 3\""))
    }

    @Test func aSinglePageHasNoPageControl() {
        let html = render("## Only\n\nx\n", view: ViewSpec([.paged]))
        #expect(!html.contains("data-folio-page-control"))
    }

    @Test func tabsViewHasOneTabPerSection() {
        let html = render(sections, view: ViewSpec([.tabs]))
        #expect(count("role=\"tab\"", in: html) == 3)
        #expect(count("role=\"tabpanel\"", in: html) == 3)
        #expect(count("data-folio-tab-indicator", in: html) == 1)
    }

    @Test func tabsOfPagesNestOneLevelDown() {
        let html = render("## A\n\n### A1\n\n### A2\n\n## B\n\n### B1\n", view: ViewSpec([.tabs, .paged]))
        #expect(count("data-folio-view=\"paged\"", in: html) == 2)
        #expect(count("data-folio-dot ", in: html) == 2)
        #expect(count("data-folio-tab ", in: html) == 2)
    }

    @Test func segmentedRendersPagedAndListOfTheSameSectionsWithUniqueIDs() {
        let html = render(sections, view: ViewSpec([.segmented]), segments: ["Cards", "Everything"])
        #expect(count("data-folio-segment ", in: html) == 2)
        #expect(html.contains(">Cards<") && html.contains(">Everything<"))
        #expect(count("id=\"two\"", in: html) == 1)
        #expect(count("id=\"all-two\"", in: html) == 1)
        #expect(count("data-folio-section=\"two\"", in: html) == 1)
    }

    /// A segmented view inside another is rendered in the outer one's pages and in its list: the inner view's list
    /// in the outer pages and its pages in the outer list both gave `all-a`. Its list's ids now start `all2-`.
    @Test(arguments: [ViewSpec([.segmented, .segmented]), ViewSpec([.segmented])])
    func aSegmentedViewInsideAnotherKeepsEveryIDUnique(view: ViewSpec) {
        let markdown = "## One {view=segmented}\n\n### A\n\na\n\n### B\n\nb\n\n## Two\n\nx\n"
        let html = render(markdown, view: view)
        let ids = html.split(separator: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(ids.count == Set(ids).count, "\(ids.sorted())")
        for id in ["a", "all2-a", "all-a", "all-all2-a"] {
            #expect(count(" id=\"\(id)\"", in: html) == 1, "\(id): \(ids.sorted())")
        }
        // The inner view's page dots, in the outer view's pages and in its list, each lead to their own copy.
        #expect(count("href=\"#a\"", in: html) == 1 && count("href=\"#all-a\"", in: html) == 1, "\(html)")
    }

    @Test func headingAttributeViewAppliesToThatSectionOnly() {
        let html = render("## Plain\n\n### x\n\n## Gallery {view=paged}\n\n### G1\n\n### G2\n", view: .list)
        #expect(count("data-folio-view=\"paged\"", in: html) == 1)
        #expect(count("data-folio-dot ", in: html) == 2)
        #expect(html.contains("<h3 id=\"x\">x</h3>"))
    }
}

@Suite struct HeadingFastPathTests {
    @Test(arguments: ["plain", "größe-ümlaut", "a&b\"c<d>'e"])
    func theDirectHeadingIsByteForByteTheDefaultTemplate(id: String) {
        let theme = ViewRendererTests.theme
        #expect(!theme.hasCustomHeading)
        let section = Section(id: id, title: "Title <em>x</em> &amp; y", text: "Title x & y", level: 3)
        var diagnostics = Diagnostics()
        let templated = theme.render(
            "components/heading", ["level": section.level, "id": section.id, "title": section.title],
            diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        let direct = ViewRenderer.defaultHeading(level: section.level, id: section.id, title: section.title)
        #expect(direct == templated)
    }
}
