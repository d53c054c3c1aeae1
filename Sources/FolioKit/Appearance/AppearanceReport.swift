/// The text `folio appearance PAGE.md` prints: every control of the page, its path, each property's value
/// and the rule that won. Plain, aligned, deterministic.
public enum AppearanceReport {
    /// One control of the page and its resolved style.
    public struct Control: Sendable {
        public var instance: ControlInstance
        public var style: ResolvedStyle
        /// Optional words after the path, e.g. the view's id (`folio-paged-2`), to tell equal paths apart.
        public var label: String?

        public init(instance: ControlInstance, style: ResolvedStyle, label: String? = nil) {
            self.instance = instance
            self.style = style
            self.label = label
        }
    }

    /// The report, controls in the order given (page order), one block each:
    ///
    ///     Page › Layout:default › TabView › PagedView › PageControl
    ///       pageIndicatorTintColor         #aaaaaa / #636366  (default theme)/appearance.yml:4  PageControl
    ///       currentPageIndicatorTintColor  #ff2d55 / #ff375f  Content/appearance.yml:9  PageControl in TabView
    public static func format(_ controls: [Control]) -> String {
        guard !controls.isEmpty else {
            return "No controls on this page: its views show no page control, tab bar or segmented control.\n"
        }
        typealias Row = (name: String, value: String, source: String, key: String)
        let blocks: [(title: String, rows: [Row])] = controls.map { control in
            let title = control.instance.description + (control.label.map { "  (\($0))" } ?? "")
            let rows = control.instance.component.properties.map { property -> Row in
                guard let value = control.style[property] else {
                    return (property.name, "(not set)", "the theme stylesheet's default", "")
                }
                return (property.name, value.color.description, value.source.description, value.source.ruleKey ?? "")
            }
            return (title, rows)
        }
        let rows = blocks.flatMap(\.rows)
        let nameWidth = rows.map(\.name.count).max() ?? 0
        let valueWidth = rows.map(\.value.count).max() ?? 0
        let sourceWidth = rows.map(\.source.count).max() ?? 0
        var text = ""
        for (index, block) in blocks.enumerated() {
            if index > 0 { text += "\n" }
            text += block.title + "\n"
            for row in block.rows {
                var line = "  " + pad(row.name, nameWidth) + "  " + pad(row.value, valueWidth) + "  "
                line += row.key.isEmpty ? row.source : pad(row.source, sourceWidth) + "  " + row.key
                text += line + "\n"
            }
        }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
