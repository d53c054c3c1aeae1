import Testing

@testable import FolioKit

/// The default theme's `Templates/appearance.yml`, as embedded in the binary.
@Suite struct DefaultThemeAppearanceTests {
    func load() -> (AppearanceConfig, Diagnostics) {
        let bytes = DefaultTheme.files["appearance.yml"] ?? []
        var diagnostics = Diagnostics()
        let config = AppearanceConfig.load(
            theme: AppearanceFile(path: "(default theme)/appearance.yml", text: String(decoding: bytes, as: UTF8.self)),
            site: nil, diagnostics: &diagnostics)
        return (config, diagnostics)
    }

    @Test func parsesCleanly() {
        let (config, diagnostics) = load()
        #expect(!config.rules.isEmpty)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func everyPropertyOfEveryComponentIsSetByAnUnscopedRule() {
        let (config, _) = load()
        let unscoped = Set(config.rules.filter(\.isGlobal).flatMap { $0.settings.map(\.property) })
        #expect(unscoped == Set(AppearanceProperty.allCases))
        // So every control anywhere resolves every property.
        let resolver = AppearanceResolver(config)
        for component in Component.allCases {
            let style = resolver.resolve(
                ControlInstance(component: component, containers: ["Page", "Layout:x", "Odd", "TabView"]))
            #expect(Set(style.values.keys) == Set(component.properties))
        }
    }

    @Test func theCurrentDotPassesTheContrastCheckInLightAndDark() {
        let (config, _) = load()
        let resolver = AppearanceResolver(config)
        let base = ControlInstance.pageContainers(layout: "default", container: nil)
        let controls = ControlInstance.controls(of: .paged, in: base)
        let card = resolver.resolve(controls[0])
        let dot = resolver.resolve(controls[1])
        var warnings = Diagnostics()
        AppearanceChecks.pageControlContrast(dot, pagedView: card, diagnostics: &warnings)
        // Also without the card behind it: straight on the page background.
        AppearanceChecks.pageControlContrast(dot, pagedView: nil, diagnostics: &warnings)
        #expect(warnings.isEmpty, "\(warnings.all)")
        #expect(card[.pagedBackgroundColor]?.color.description == "#f2f2f7 / #1c1c1e")
        #expect(dot[.currentPageIndicatorTintColor]?.color.description == "#000000 / #ffffff")
    }

    @Test func styleClassNamesDoNotCollide() {
        let (config, _) = load()
        let resolver = AppearanceResolver(config)
        let styles = Component.allCases.map {
            resolver.resolve(ControlInstance(component: $0, containers: ["Page"])).style
        }
        #expect(Set(styles.map(\.className)).count == styles.count)
        let css = AppearanceStylesheet(styles).css
        #expect(!css.contains("initial"))
        #expect(css.contains("@media (prefers-color-scheme: dark)"))
    }
}
