import Yams

/// A page's own values, front matter `appearance: {Component: {property: color}}`: like values set on the
/// instances themselves, they beat every proxy rule on that page.
public struct PageAppearance: Sendable, Equatable {
    /// The values set, each with its place in the page's front matter.
    public private(set) var settings: [AppearanceRule.Setting]

    /// Values from settings (for tests and tools).
    public init(settings: [AppearanceRule.Setting] = []) {
        self.settings = settings
    }

    /// Whether the page sets nothing.
    public var isEmpty: Bool { settings.isEmpty }

    /// The page's value for `property`, if it sets one (the last one written wins).
    public func setting(for property: AppearanceProperty) -> AppearanceRule.Setting? {
        settings.last { $0.property == property }
    }

    /// Reads front matter `appearance:` (`node`), reporting problems at the page's own `line:col`.
    /// `lineOffset` is the number of lines before the YAML text (1: the opening `---`).
    static func parse(_ node: Node, path: String, lineOffset: Int, diagnostics: inout Diagnostics) -> PageAppearance? {
        let file = YAMLLocator(path: path, lineOffset: lineOffset)
        guard case .mapping(let mapping) = node else {
            diagnostics.report(file.error("'appearance' must be a mapping of components to properties", at: node))
            return nil
        }
        var settings: [AppearanceRule.Setting] = []
        for (key, value) in mapping {
            let name = key.string ?? ""
            guard let component = Component(named: name) else {
                diagnostics.report(file.error(unknownComponent(name), at: key))
                continue
            }
            guard case .mapping = value else {
                let at = YAMLLocator.isNull(value) ? key : value
                diagnostics.report(
                    file.error(
                        "'\(name)' must be a mapping of properties to colors, like "
                            + "`\(component.properties[0].name): systemBlue`; not \(YAMLLocator.kind(value))", at: at))
                continue
            }
            settings += AppearanceFileParser.readSettings(
                of: component, from: value, in: file, diagnostics: &diagnostics
            ) {
                AppearanceSource(kind: .frontMatter, path: path, line: $0, column: $1)
            }
        }
        return PageAppearance(settings: settings)
    }

    private static func unknownComponent(_ name: String) -> String {
        if name.contains(" in ") || name.hasSuffix(" in") {
            return "front matter 'appearance' sets values on this page's controls, keyed by component alone; "
                + "put scoped rules like '\(name)' in Content/appearance.yml"
        }
        let names = Component.allCases.map(\.name)
        let hint = Suggestion.didYouMean(name, among: names)
        return "unknown component '\(name)'"
            + (hint.isEmpty ? "; components are \(names.joined(separator: ", "))" : hint)
    }
}
