/// The containers a rule can scope to after `in`, and how views map onto them.
public enum AppearanceContainer {
    /// Every page: the outermost container of every control.
    public static let page = "Page"
    /// The unpaged container (`view: list`).
    public static let listView = "ListView"
    /// The page view controller (`view: paged`).
    public static let pagedView = "PagedView"
    /// The tabbed container (`view: tabs`).
    public static let tabView = "TabView"
    /// The segmented switch between paged and list (`view: segmented`).
    public static let segmentedView = "SegmentedView"
    /// `Layout:<name>`: every page rendered with `Templates/layouts/<name>.mustache`.
    public static let layoutPrefix = "Layout:"

    /// The fixed container names, in the order the guide lists them.
    public static let builtIn: [String] = [page, listView, pagedView, tabView, segmentedView]

    /// The container a view kind renders as.
    public static func name(for kind: ViewSpec.Kind) -> String {
        switch kind {
        case .list: listView
        case .paged: pagedView
        case .tabs: tabView
        case .segmented: segmentedView
        }
    }

    /// `Layout:<layout>`.
    public static func layout(_ layout: String) -> String { layoutPrefix + layout }

    /// Whether a name can stand after `in`: a built-in, `Layout:<name>`, or an identifier a page may declare.
    static func isWellFormed(_ name: String) -> Bool {
        if name.hasPrefix(layoutPrefix) {
            let layout = name.dropFirst(layoutPrefix.count)
            return !layout.isEmpty && !layout.contains(":")
        }
        return !name.isEmpty && name != "in"
            && name.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)
            }
    }
}

/// One control on one page: a component and the containers around it, outermost first.
public struct ControlInstance: Sendable, Hashable, CustomStringConvertible {
    /// What the control is.
    public var component: Component
    /// From the page down: `Page`, `Layout:<layout>`, the page's `container:` name if any, then the views it sits in.
    public var containers: [String]

    /// A control inside `containers` (outermost first).
    public init(component: Component, containers: [String]) {
        self.component = component
        self.containers = containers
    }

    /// The containers every control of a page sits in: `Page`, `Layout:<layout>`, then the page's `container:`.
    public static func pageContainers(layout: String, container: String?) -> [String] {
        [AppearanceContainer.page, AppearanceContainer.layout(layout)] + (container.map { [$0] } ?? [])
    }

    /// The controls a view of `kind` shows, for a view that sits in `containers`.
    ///
    /// A paged view is itself a `PagedView` component (in `containers`) and holds a `PageControl`
    /// (in `containers + [PagedView]`); a tab view holds a `TabBar`; a segmented view a `SegmentedControl`.
    public static func controls(of kind: ViewSpec.Kind, in containers: [String]) -> [ControlInstance] {
        let inside = containers + [AppearanceContainer.name(for: kind)]
        switch kind {
        case .list: return []
        case .paged:
            return [
                ControlInstance(component: .pagedView, containers: containers),
                ControlInstance(component: .pageControl, containers: inside),
            ]
        case .tabs: return [ControlInstance(component: .tabBar, containers: inside)]
        case .segmented: return [ControlInstance(component: .segmentedControl, containers: inside)]
        }
    }

    /// `Page › Layout:default › TabView › PagedView › PageControl`.
    public var description: String { (containers + [component.name]).joined(separator: " › ") }
}
