/// A control whose colors `appearance.yml` sets, named like its UIKit counterpart (SPEC §6).
public enum Component: String, Sendable, CaseIterable, Comparable {
    /// `UIPageControl`: the dots under a paged view.
    case pageControl = "PageControl"
    /// `UITabBar`: the titles and indicator of a tab view.
    case tabBar = "TabBar"
    /// `UISegmentedControl`: the two segments of a segmented view.
    case segmentedControl = "SegmentedControl"
    /// `UIPageViewController`'s view: the card the pages sit on.
    case pagedView = "PagedView"

    /// The name used in `appearance.yml` and in messages.
    public var name: String { rawValue }

    /// The properties this component has, in UIKit's order.
    public var properties: [AppearanceProperty] {
        switch self {
        case .pageControl: [.pageIndicatorTintColor, .currentPageIndicatorTintColor]
        case .tabBar: [.tabTintColor, .tabUnselectedItemTintColor, .tabBarTintColor]
        case .segmentedControl:
            [
                .segmentedSelectedSegmentTintColor, .segmentedBackgroundColor, .segmentedTitleColor,
                .segmentedSelectedTitleColor,
            ]
        case .pagedView: [.pagedBackgroundColor]
        }
    }

    /// The property of this component named `name` in UIKit's spelling.
    public func property(named name: String) -> AppearanceProperty? {
        properties.first { $0.name == name }
    }

    /// The component whose name is `name`, exactly.
    public init?(named name: String) { self.init(rawValue: name) }

    public static func < (lhs: Component, rhs: Component) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A color property of a component, with the CSS custom property the views' stylesheet reads.
public enum AppearanceProperty: Sendable, CaseIterable, Hashable, Comparable {
    case pageIndicatorTintColor
    case currentPageIndicatorTintColor
    case tabTintColor
    case tabUnselectedItemTintColor
    case tabBarTintColor
    case segmentedSelectedSegmentTintColor
    case segmentedBackgroundColor
    case segmentedTitleColor
    case segmentedSelectedTitleColor
    case pagedBackgroundColor

    /// The component that has this property.
    public var component: Component {
        switch self {
        case .pageIndicatorTintColor, .currentPageIndicatorTintColor: .pageControl
        case .tabTintColor, .tabUnselectedItemTintColor, .tabBarTintColor: .tabBar
        case .segmentedSelectedSegmentTintColor, .segmentedBackgroundColor, .segmentedTitleColor,
            .segmentedSelectedTitleColor:
            .segmentedControl
        case .pagedBackgroundColor: .pagedView
        }
    }

    /// UIKit's name of the property, as written in `appearance.yml`.
    public var name: String {
        switch self {
        case .pageIndicatorTintColor: "pageIndicatorTintColor"
        case .currentPageIndicatorTintColor: "currentPageIndicatorTintColor"
        case .tabTintColor: "tintColor"
        case .tabUnselectedItemTintColor: "unselectedItemTintColor"
        case .tabBarTintColor: "barTintColor"
        case .segmentedSelectedSegmentTintColor: "selectedSegmentTintColor"
        case .segmentedBackgroundColor, .pagedBackgroundColor: "backgroundColor"
        case .segmentedTitleColor: "titleColor"
        case .segmentedSelectedTitleColor: "selectedTitleColor"
        }
    }

    /// The CSS custom property that carries the resolved value to `views.css`.
    public var customProperty: String {
        switch self {
        case .pageIndicatorTintColor: "--folio-page-indicator-tint-color"
        case .currentPageIndicatorTintColor: "--folio-current-page-indicator-tint-color"
        case .tabTintColor: "--folio-tab-tint-color"
        case .tabUnselectedItemTintColor: "--folio-tab-unselected-item-tint-color"
        case .tabBarTintColor: "--folio-tab-bar-tint-color"
        case .segmentedSelectedSegmentTintColor: "--folio-segmented-selected-segment-tint-color"
        case .segmentedBackgroundColor: "--folio-segmented-background-color"
        case .segmentedTitleColor: "--folio-segmented-title-color"
        case .segmentedSelectedTitleColor: "--folio-segmented-selected-title-color"
        case .pagedBackgroundColor: "--folio-paged-background-color"
        }
    }

    /// `Component.property`, as in messages.
    public var qualifiedName: String { "\(component.name).\(name)" }

    public static func < (lhs: AppearanceProperty, rhs: AppearanceProperty) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
