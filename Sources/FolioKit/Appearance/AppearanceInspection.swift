/// `folio appearance PAGE.md`: the page's controls, each property's resolved value and the rule that won.
public enum AppearanceInspection {
    public struct Result: Sendable {
        public var report: String
        public var diagnostics: [Diagnostic]
    }

    /// Renders the page's views (writing nothing) to find every control on it, then formats their appearance.
    public static func inspect(_ located: PageLocator.Located, templatesDirectory: String?) -> Result? {
        var diagnostics = Diagnostics()
        let theme = Theme.load(directory: templatesDirectory, diagnostics: &diagnostics)
        let site = SiteReader.read(
            .init(contentDirectory: located.content, includeDrafts: true), diagnostics: &diagnostics)
        let config = AppearanceConfig.load(
            theme: theme, contentDirectory: located.content, followSymlinks: site.config.followSymlinks,
            diagnostics: &diagnostics)
        guard let source = site.pages.first(where: { $0.sourcePath == located.sourcePath }) else { return nil }
        let page = PageLoader.load(source, front: nil, site: site, diagnostics: &diagnostics).page
        var renderer = ViewRenderer(
            theme: theme, settings: PageSettings(page: page), appearance: AppearanceResolver(config))
        _ = renderer.render(page.model, diagnostics: &diagnostics)
        let relevant = diagnostics.filter {
            $0.path == located.displayPath || $0.path.hasSuffix("appearance.yml") || $0.path.hasSuffix("site.yml")
                || $0.path.hasSuffix(".mustache")
        }
        let report =
            renderer.controls.isEmpty
            ? "\(located.displayPath) has no page controls, tab bars or segmented controls (view: \(page.front.view)).\n"
            : AppearanceReport.format(renderer.controls)
        return Result(report: report, diagnostics: relevant.sortedForDisplay().removingDuplicates())
    }
}
