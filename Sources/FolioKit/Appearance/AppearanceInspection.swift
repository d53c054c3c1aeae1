/// `folio appearance PAGE.md`: the page's controls, each property's resolved value and the rule that won.
public enum AppearanceInspection {
    public struct Result: Sendable {
        public var report: String
        public var diagnostics: [Diagnostic]
    }

    /// Renders the page's views (writing nothing) to find every control on it, then formats their appearance.
    public static func inspect(_ located: PageLocator.Located, templatesDirectory: String?) -> Result? {
        var diagnostics: [Diagnostic] = []
        let theme = Theme.load(directory: templatesDirectory, diagnostics: &diagnostics)
        let site = SiteReader.read(
            .init(contentDirectory: located.content, includeDrafts: true), diagnostics: &diagnostics)
        let config = AppearanceConfig.load(theme: theme, contentDirectory: located.content, diagnostics: &diagnostics)
        guard let source = site.pages.first(where: { $0.sourcePath == located.sourcePath }) else { return nil }
        let loaded = PageLoader.load(source, site: site)
        let page = loaded.page
        let pageDiagnostics = loaded.diagnostics
        var renderer = ViewRenderer(
            theme: theme, settings: PageSettings(page: source), appearance: AppearanceResolver(config))
        _ = renderer.render(page.model)
        let relevant = (diagnostics + pageDiagnostics + renderer.warnings).filter {
            $0.path == located.displayPath || $0.path.hasSuffix("appearance.yml") || $0.path.hasSuffix("site.yml")
                || $0.path.hasSuffix(".mustache")
        }
        let report =
            renderer.controls.isEmpty
            ? "\(located.displayPath) has no page controls, tab bars or segmented controls (view: \(source.front.view)).\n"
            : AppearanceReport.format(renderer.controls)
        return Result(report: report, diagnostics: relevant.sortedForDisplay().removingDuplicates())
    }
}
