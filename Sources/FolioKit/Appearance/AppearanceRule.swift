/// One proxy rule of `appearance.yml`: like `UIPageControl.appearance(whenContainedInInstancesOf: [...])`
/// with the properties it sets.
public struct AppearanceRule: Sendable, Equatable {
    /// One `property: color` line of the rule.
    public struct Setting: Sendable, Equatable {
        public var property: AppearanceProperty
        public var color: DynamicColor
        /// Where the value stands: what reports and warnings point at.
        public var source: AppearanceSource
    }

    /// The component the rule styles.
    public var component: Component
    /// Containers innermost first, as written (`PageControl in PagedView in TabView` → `[PagedView, TabView]`).
    public var containers: [String]
    /// The key as written.
    public var key: String
    /// The file the rule is in, as shown in messages.
    public var path: String
    /// The key's line and column.
    public var line: Int
    public var column: Int
    /// Where each container name stands, for warnings about it.
    public var containerColumns: [Int]
    /// Declaration order across the theme's file then the site's: a later rule wins a tie.
    public var order: Int
    /// The properties set, in the order written.
    public var settings: [Setting]

    /// Whether the rule is unscoped, like `UIPageControl.appearance()`.
    public var isGlobal: Bool { containers.isEmpty }
}

/// Where a resolved value came from: a rule's line, or the page's own front matter.
public struct AppearanceSource: Sendable, Hashable, CustomStringConvertible {
    /// A rule of an `appearance.yml`, or front matter `appearance:`.
    public enum Kind: Sendable, Hashable {
        case rule(key: String)
        case frontMatter
    }

    public var kind: Kind
    /// The file, as shown in messages (`Content/appearance.yml`, `Content/gallery.md`).
    public var path: String
    public var line: Int
    public var column: Int

    /// `Content/appearance.yml:4`, or `(front matter) Content/x.md:7`.
    public var description: String {
        switch kind {
        case .rule: "\(path):\(line)"
        case .frontMatter: "(front matter) \(path):\(line)"
        }
    }

    /// The rule's key (`PageControl in PagedView`), or nil for front matter.
    public var ruleKey: String? {
        if case .rule(let key) = kind { return key }
        return nil
    }
}
