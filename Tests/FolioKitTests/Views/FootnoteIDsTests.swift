import Foundation
import Testing

@testable import FolioKit

@Suite struct FootnoteIDsTests {
    @Test func segmentedViewKeepsFootnoteIdsUnique() {
        var output = model("## One\n\nA note.[^n]\n\n## Two\n\nb\n\n[^n]: The note.\n").model
        let view = ViewSpec([.segmented])
        output.view = view
        var renderer = ViewRenderer(
            theme: ViewRendererTests.theme,
            settings: PageSettings(
                title: "T", view: view, transition: .scroll, segments: ["Pages", "All"], tabGroup: nil))
        var diagnostics = Diagnostics()
        let html = renderer.render(output, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        #expect(html.contains("id=\"fn-n\"") && html.contains("id=\"all-fn-n\""))
        #expect(html.contains("href=\"#all-fnref-n\"") && html.contains("href=\"#all-fn-n\""))
        #expect(html.components(separatedBy: "id=\"fnref-n\"").count == 2)
    }
}
