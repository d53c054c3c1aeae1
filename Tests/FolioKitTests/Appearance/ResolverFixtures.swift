import Testing

@testable import FolioKit

/// Rules from `appearance.yml` texts, and the current-dot color they give a page control.
protocol ResolverFixtures {}

extension ResolverFixtures {
    /// A resolver for the site's rules (and the theme's, read first); the texts must parse cleanly.
    func resolver(_ text: String, theme: String? = nil) -> AppearanceResolver {
        var diagnostics = Diagnostics()
        let config = AppearanceConfig.load(
            theme: theme.map { AppearanceFile(path: "Templates/appearance.yml", text: $0) },
            site: AppearanceFile(path: "Content/appearance.yml", text: text), diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return AppearanceResolver(config)
    }

    /// The light current-dot color of a page control inside `path`.
    func dot(_ resolver: AppearanceResolver, _ path: [String], page: PageAppearance? = nil) -> String? {
        let style = resolver.resolve(ControlInstance(component: .pageControl, containers: path), page: page)
        return style[.currentPageIndicatorTintColor]?.color.light.css
    }
}
