import Testing

@testable import FolioKit

@Suite struct PageAppearanceTests {
    func parse(_ page: String) -> (FrontMatter, Diagnostics) {
        var diagnostics = Diagnostics()
        let split = FrontMatterParser.split(page, path: "Content/x.md", diagnostics: &diagnostics)
        let front =
            split.yaml.map { FrontMatterParser.parse($0, path: "Content/x.md", diagnostics: &diagnostics) }
            ?? FrontMatter()
        return (front, diagnostics)
    }

    @Test func frontMatterValuesAreTypedWithTheirPageLines() {
        let (front, diagnostics) = parse(
            """
            ---
            title: Gallery
            container: Gallery
            appearance:
              PageControl:
                currentPageIndicatorTintColor: systemPink
              PagedView:
                backgroundColor: {light: "#fafafa", dark: "#202020"}
            ---
            Body

            """)
        #expect(diagnostics.isEmpty)
        let page = front.appearance
        let dot = page?.setting(for: .currentPageIndicatorTintColor)
        #expect(dot?.color.light.css == "#ff2d55")
        #expect(dot?.source.description == "(front matter) Content/x.md:6")
        #expect(dot?.source.column == 36)
        #expect(page?.setting(for: .pagedBackgroundColor)?.color.dark.css == "#202020")
        #expect(page?.setting(for: .pageIndicatorTintColor) == nil)
    }

    @Test(arguments: [
        ("appearance: blue", 2, 13, "'appearance' must be a mapping of components to properties"),
        (
            "appearance:\n  PageControll:\n    pageIndicatorTintColor: red", 3, 3,
            "unknown component 'PageControll'; did you mean `PageControl`?"
        ),
        (
            "appearance:\n  PageControl in PagedView:\n    pageIndicatorTintColor: red", 3, 3,
            "front matter 'appearance' sets values on this page's controls, keyed by component alone; put scoped rules like 'PageControl in PagedView' in Content/appearance.yml"
        ),
        (
            "appearance:\n  PageControl:\n    pageIndicatorColor: red", 4, 5,
            "unknown property 'pageIndicatorColor' of PageControl; did you mean `pageIndicatorTintColor`?"
        ),
        ("appearance:\n  TabBar:\n    tintColor: redd", 4, 16, "unknown color 'redd'; did you mean `red`?"),
        (
            "appearance:\n  TabBar: red", 3, 11,
            "'TabBar' must be a mapping of properties to colors, like `tintColor: systemBlue`; not 'red'"
        ),
    ])
    func frontMatterErrorsPointAtThePagesOwnLines(yaml: String, line: Int, column: Int, message: String) {
        let (_, diagnostics) = parse("---\n\(yaml)\n---\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message == message)
        #expect(diagnostics.first?.line == line)
        #expect(diagnostics.first?.column == column)
        #expect(diagnostics.first?.path == "Content/x.md")
    }
}
