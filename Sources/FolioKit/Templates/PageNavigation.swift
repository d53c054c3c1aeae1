/// One page's navigation — `site.tree`, `page.breadcrumbs`, `page.previous`/`next`, `page.children`,
/// `page.pagination`, `page.toc` — each computed only if a template of the page asks for it, then kept.
// @unchecked: a page's context is rendered by one thread.
final class PageNavigation: @unchecked Sendable {
    private let navigation: Navigation
    private let position: Navigation.Position
    private let href: Navigation.Href
    private let page: Page
    /// The heading levels of "On this page"; nil when the site or the page turns it off.
    private let tocLevels: ClosedRange<Int>?
    /// A folder's listing written without a Markdown file (its own page, or page 2, 3, … of its list).
    private let generated: Bool

    init(
        navigation: Navigation, position: Navigation.Position, page: Page, tocLevels: ClosedRange<Int>?,
        generated: Bool, href: @escaping Navigation.Href
    ) {
        self.navigation = navigation
        self.generated = generated
        self.position = position
        self.page = page
        self.href = href
        let showTOC: Bool = {
            if case .bool(let show)? = page.front.params.first(where: { $0.key == "toc" })?.value { return show }
            return true
        }()
        self.tocLevels = showTOC ? tocLevels : nil
    }

    lazy var sidebar: [SidebarItem] = navigation.sidebarItems(position, href: href)
    lazy var breadcrumbs: [Navigation.Crumb] = navigation.breadcrumbs(position, href: href)
    lazy var neighbours: (previous: Navigation.Link?, next: Navigation.Link?) = navigation.neighbours(
        position, href: href)
    lazy var children: [Navigation.Link] = navigation.children(position, href: href)
    lazy var pagination: Navigation.Pagination? = navigation.pagination(position, href: href)
    lazy var toc: [TableOfContents.Entry] =
        tocLevels.map { TableOfContents.entries(page.model.sections, levels: $0) }
        ?? []

    /// A generated page lists its folder, and so does an index.md without a body.
    var listsChildren: Bool {
        if generated { return true }
        guard let node = position.node, navigation.tree.nodes[node].isFolder else { return false }
        return page.model.sections.isEmpty && page.model.intro.isEmpty && !children.isEmpty
    }

    /// `site.tree`, `site.hasTree` and (while the theme's tree-item is the default) `site.treeHTML`.
    func addSiteValues(to values: inout [String: Any], treeHTML: Bool) {
        values["tree"] = Deferred { self.sidebar.isEmpty ? nil : SidebarValues(items: self.sidebar) }
        values["hasTree"] = Deferred { self.sidebar.isEmpty ? nil : true }
        if treeHTML {
            values["treeHTML"] = Deferred { self.sidebar.isEmpty ? nil : TemplateText(SidebarItem.html(self.sidebar)) }
        }
    }

    /// The page's navigation values; absent rather than empty, as an empty list is truthy in a Mustache section.
    func addPageValues(to values: inout [String: Any]) {
        values["breadcrumbs"] = Deferred {
            self.breadcrumbs.count > 1 ? self.breadcrumbs.map(\.templateValue) : nil
        }
        values["previous"] = Deferred { self.neighbours.previous?.templateValue }
        values["next"] = Deferred { self.neighbours.next?.templateValue }
        values["neighbours"] = Deferred { self.neighbours.previous != nil || self.neighbours.next != nil ? true : nil }
        values["children"] = Deferred { self.children.isEmpty ? nil : self.children.map(\.templateValue) }
        values["pagination"] = Deferred { self.pagination?.templateValue }
        values["listing"] = Deferred { self.listsChildren ? true : nil }
        values["toc"] = Deferred { self.toc.isEmpty ? nil : self.toc.map(\.templateValue) }
    }

    /// The HTML of the theme's direct partials, under the names their replacement templates ask for.
    func addDirectPartials(_ partials: Set<DirectPartial>, to values: inout [String: Any]) {
        for partial in partials where partial.isNavigation {
            values[partial.contextKey] = Deferred { TemplateText(self.html(of: partial)) }
        }
    }

    private func html(of partial: DirectPartial) -> String {
        switch partial {
        case .search, .head, .header, .pageHead, .footer, .scripts: ""  // PageContext answers these, on every page
        case .sidebar: DirectPartial.sidebar(sidebar)
        case .breadcrumbs: DirectPartial.breadcrumbs(breadcrumbs)
        case .toc: DirectPartial.toc(toc)
        case .pager: DirectPartial.pager(previous: neighbours.previous, next: neighbours.next)
        case .listing: DirectPartial.listing(children: listsChildren ? children : nil, pagination: pagination)
        }
    }
}
