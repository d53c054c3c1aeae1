import Testing

@testable import FolioKit

/// Every problem in an `appearance.yml`, at its own line and column.
@Suite struct AppearanceParserErrorTests {
    func load(_ text: String, path: String = "Content/appearance.yml") -> (AppearanceConfig, Diagnostics) {
        var diagnostics = Diagnostics()
        let config = AppearanceConfig.load([AppearanceFile(path: path, text: text)], diagnostics: &diagnostics)
        return (config, diagnostics)
    }

    /// Every error: its message, line and column.
    @Test(arguments: [
        (
            "PageControll:\n  pageIndicatorTintColor: red\n", 1, 1,
            "unknown component 'PageControll'; did you mean `PageControl`?"
        ),
        (
            "Button:\n  tintColor: red\n", 1, 1,
            "unknown component 'Button'; components are PageControl, TabBar, SegmentedControl, PagedView"
        ),
        (
            "PageControl:\n  currentPageIndicatorColor: red\n", 2, 3,
            "unknown property 'currentPageIndicatorColor' of PageControl; did you mean `currentPageIndicatorTintColor`?"
        ),
        (
            "PageControl:\n  tintColor: red\n", 2, 3,
            "'tintColor' is a property of TabBar, not of PageControl; PageControl has pageIndicatorTintColor, currentPageIndicatorTintColor"
        ),
        ("TabBar:\n  tintColor: systemBlu\n", 2, 14, "unknown color 'systemBlu'; did you mean `systemBlue`?"),
        (
            "TabBar:\n  tintColor: \"#12345\"\n", 2, 14,
            "'#12345' is not a color: a hex color has 3, 4, 6 or 8 hex digits after `#`"
        ),
        (
            "TabBar:\n  tintColor: #123456\n", 2, 14,
            "expected a color; `#` starts a YAML comment, so quote hex colors: \"#cccccc\""
        ),
        ("TabBar:\n  tintColor: [red]\n", 2, 14, "expected a color or {light: …, dark: …}, not a list"),
        (
            "TabBar:\n  tintColor: {light: red}\n", 2, 14,
            "a dynamic color needs both `light` and `dark`, like {light: white, dark: \"#1c1c1e\"}"
        ),
        (
            "TabBar:\n  tintColor: {light: red, drak: blue}\n", 2, 27,
            "a dynamic color has only `light` and `dark`, not 'drak'; did you mean `dark`?"
        ),
        (
            "TabBar:\n  tintColor: {light: red, dark: nope}\n", 2, 33,
            "unknown color 'nope'; use a UIKit name (systemBlue), a CSS name, #rrggbb, rgb() or hsl()"
        ),
        (
            "PageControl in:\n  pageIndicatorTintColor: red\n", 1, 13,
            "malformed rule key 'PageControl in': a container name must follow `in`"
        ),
        (
            "PageControl inside PagedView:\n  pageIndicatorTintColor: red\n", 1, 13,
            "malformed rule key 'PageControl inside PagedView': expected `in` after 'PageControl', not 'inside'; write `Component` or `Component in Container in …`"
        ),
        (
            "PageControl in PagedView TabView:\n  pageIndicatorTintColor: red\n", 1, 26,
            "malformed rule key 'PageControl in PagedView TabView': expected `in` after 'PagedView', not 'TabView'; write `Component` or `Component in Container in …`"
        ),
        (
            "in PagedView:\n  pageIndicatorTintColor: red\n", 1, 1,
            "malformed rule key 'in PagedView': it must start with a component; write `Component` or `Component in Container in …`"
        ),
        (
            "PageControl in layout:wide:\n  pageIndicatorTintColor: red\n", 1, 16,
            "malformed rule key 'PageControl in layout:wide': 'layout:wide' is not a container name; did you mean `Layout:wide`?"
        ),
        (
            "\"PageControl in Paged/View\":\n  pageIndicatorTintColor: red\n", 1, 17,
            "malformed rule key 'PageControl in Paged/View': 'Paged/View' is not a container name; containers are Page, ListView, PagedView, TabView, SegmentedView, Layout:<name> or a name pages declare with `container:`"
        ),
        (
            "PageControl: red\n", 1, 14,
            "rule 'PageControl' must be a mapping of properties to colors, like `pageIndicatorTintColor: systemBlue`; not 'red'"
        ),
        (
            "PagedView:\nTabBar:\n  tintColor: red\n", 1, 1,
            "rule 'PagedView' must be a mapping of properties to colors, like `backgroundColor: systemBlue`; not nothing"
        ),
        ("- PageControl\n", 1, 1, "expected a mapping of `key: value` lines"),
    ])
    func errorsPointAtTheirLineAndColumn(text: String, line: Int, column: Int, message: String) {
        let (_, diagnostics) = load(text)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message == message)
        #expect(diagnostics.first?.line == line)
        #expect(diagnostics.first?.column == column)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.path == "Content/appearance.yml")
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() {
        let (config, diagnostics) = load(
            """
            PageControl:
              pageIndicatorTintColor: nope
              currentPageIndicatorTintColor: black
            Buton:
              tintColor: red
            TabBar:
              tintColor: red
              selectedColor: red

            """)
        #expect(diagnostics.map(\.line) == [2, 4, 8])
        // The good lines still count.
        #expect(config.rules.map(\.key) == ["PageControl", "TabBar"])
        #expect(config.rules[0].settings.map(\.property) == [.currentPageIndicatorTintColor])
    }

    @Test func anUnquotedCommaInADynamicColorGetsAHint() {
        let (_, diagnostics) = load("TabBar:\n  tintColor: {light: rgb(0, 122, 255), dark: systemBlue}\n")
        #expect(diagnostics.first?.message.contains("quote colors with commas") == true)
        #expect(diagnostics.first?.line == 2)
        // The space-separated form needs no quotes.
        let (config, clean) = load("TabBar:\n  tintColor: {light: rgb(0 122 255), dark: systemBlue}\n")
        #expect(clean.isEmpty)
        #expect(config.rules.first?.settings.first?.color.description == "#007aff / #0a84ff")
    }

    @Test func invalidYAMLIsReportedAtItsPosition() {
        let (_, diagnostics) = load("PageControl:\n  pageIndicatorTintColor: [red\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].message.hasPrefix("invalid YAML"))
        #expect(diagnostics[0].path == "Content/appearance.yml")
    }
}
