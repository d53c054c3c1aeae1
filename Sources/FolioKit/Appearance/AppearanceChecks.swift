/// The warnings of SPEC §6: a container no page declares, and a current-page dot too faint to see (WCAG 1.4.11).
public enum AppearanceChecks {
    /// WCAG 1.4.11 (non-text contrast): user-interface components need at least 3:1 against what is next to them.
    public static let minimumContrast = 3.0

    /// A warning at each container after `in` that is not built in, not `Layout:<an existing layout>`,
    /// and not declared by any page's `container:`.
    public static func undeclaredContainers(
        in config: AppearanceConfig, declaredContainers: Set<String>, layouts: Set<String>,
        diagnostics warnings: inout Diagnostics
    ) {
        let known =
            AppearanceContainer.builtIn + declaredContainers.sorted() + layouts.sorted().map(AppearanceContainer.layout)
        for rule in config.rules {
            for (container, column) in zip(rule.containers, rule.containerColumns) {
                if AppearanceContainer.builtIn.contains(container) || declaredContainers.contains(container) {
                    continue
                }
                let message: String
                if container.hasPrefix(AppearanceContainer.layoutPrefix) {
                    let layout = String(container.dropFirst(AppearanceContainer.layoutPrefix.count))
                    if layouts.contains(layout) { continue }
                    let hint = Suggestion.didYouMean(layout, among: layouts.sorted())
                    message =
                        "rule '\(rule.key)' never applies: there is no layout '\(layout)' "
                        + "(Templates/layouts/\(layout).mustache)\(hint)"
                } else {
                    let hint = Suggestion.didYouMean(container, among: known)
                    message = "rule '\(rule.key)' never applies: no page declares `container: \(container)`\(hint)"
                }
                warnings.warning(message, at: rule.path, line: rule.line, column: column)
            }
        }
    }

    /// Warnings when the current-page dot has less than 3:1 contrast against what it sits on, in light or dark.
    ///
    /// The background is the paged view's resolved `backgroundColor`, painted over `pageBackground`
    /// (the theme's `--folio-bg`); the dot is painted over that. A warning points at the value that won.
    public static func pageControlContrast(
        _ pageControl: ResolvedStyle, pagedView: ResolvedStyle?,
        pageBackground: DynamicColor = .folioPageBackground, diagnostics warnings: inout Diagnostics
    ) {
        guard let dot = pageControl[.currentPageIndicatorTintColor] else { return }
        var background = pageBackground
        if let card = pagedView?[.pagedBackgroundColor] { background = card.color.composited(over: pageBackground) }
        for scheme in ColorScheme.allCases {
            let color = dot.color.resolved(in: scheme)
            let behind = background.resolved(in: scheme)
            let ratio = color.contrastRatio(over: behind)
            guard ratio < minimumContrast else { continue }
            let hundredths = Int((ratio * 100).rounded(.down))
            let rounded = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
            warnings.report(
                .warning(
                    "currentPageIndicatorTintColor \(color.css) has \(rounded):1 contrast against its background "
                        + "\(behind.css) in \(scheme.rawValue) mode; WCAG 1.4.11 asks for at least 3:1",
                    at: dot.source.path, line: dot.source.line, column: dot.source.column))
        }
    }
}
