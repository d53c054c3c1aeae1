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

    /// The default theme's tree items, written directly.
    lazy var sidebarHTML = SidebarItem.html(sidebar)

    /// `site.tree`, `site.hasTree` and (while the theme's tree-item is the default) `site.treeHTML`.
    func siteValue(_ name: String, treeHTML: Bool) -> Any? {
        switch name {
        case "tree": sidebar.isEmpty ? nil : TemplateList(sidebar)
        case "hasTree": sidebar.isEmpty ? nil : true
        case "treeHTML": treeHTML && !sidebar.isEmpty ? TemplateText(sidebarHTML) : nil
        default: nil
        }
    }

    /// The page's navigation values; absent rather than empty, as an empty list is truthy in a Mustache section.
    func pageValue(_ name: String) -> Any? {
        switch name {
        case "breadcrumbs": breadcrumbs.count > 1 ? TemplateList(breadcrumbs) : nil
        case "previous": neighbours.previous
        case "next": neighbours.next
        case "neighbours": neighbours.previous != nil || neighbours.next != nil ? true : nil
        case "children": children.isEmpty ? nil : TemplateList(children)
        case "pagination": pagination
        case "listing": listsChildren ? true : nil
        case "toc": toc.isEmpty ? nil : TemplateList(toc)
        default: nil
        }
    }

    /// The HTML of one of the theme's navigation partials that is the default one (`DirectPartial.isNavigation`).
    func html(of partial: DirectPartial) -> String {
        switch partial {
        case .search, .head, .header, .pageHead, .footer, .scripts: ""  // DirectPartialHTML writes these, on every page
        case .sidebar: DirectPartial.sidebar(sidebar)
        case .breadcrumbs: DirectPartial.breadcrumbs(breadcrumbs)
        case .toc: DirectPartial.toc(toc)
        case .pager: DirectPartial.pager(previous: neighbours.previous, next: neighbours.next)
        case .listing: DirectPartial.listing(children: listsChildren ? children : nil, pagination: pagination)
        }
    }
}
