/// The text of one `appearance.yml`, with the path to show in messages.
public struct AppearanceFile: Sendable {
    /// As shown in messages and reports: `Content/appearance.yml`, `(default theme)/appearance.yml`.
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// Every proxy rule of the site: the theme's `appearance.yml`, then the site's, in declaration order.
public struct AppearanceConfig: Sendable {
    /// All rules; `order` rises through the theme's file and then the site's.
    public private(set) var rules: [AppearanceRule]

    /// A config of the given rules (for tests and tools).
    public init(rules: [AppearanceRule] = []) {
        self.rules = rules
    }

    /// Parses the theme's file, then the site's (later declarations win ties); every problem goes to `diagnostics`.
    public static func load(
        theme: AppearanceFile?, site: AppearanceFile?, diagnostics: inout Diagnostics
    ) -> AppearanceConfig {
        load([theme, site].compactMap { $0 }, diagnostics: &diagnostics)
    }

    /// Parses `files` in rising precedence.
    public static func load(_ files: [AppearanceFile], diagnostics: inout Diagnostics) -> AppearanceConfig {
        var rules: [AppearanceRule] = []
        for file in files {
            rules += AppearanceFileParser.parse(file, firstOrder: rules.count, diagnostics: &diagnostics)
        }
        return AppearanceConfig(rules: rules)
    }

    /// The rules of one component, in declaration order.
    public func rules(for component: Component) -> [AppearanceRule] {
        rules.filter { $0.component == component }
    }
}
