import Mustache

/// A page's bounded view of the site tree, as template values: `site.tree`, `page.breadcrumbs`, `page.previous`,
/// `page.next`, `page.children`, `page.pagination`. Nothing here grows with the number of pages: long sibling lists
/// are cut to a window around the current page, with a link to the folder's page for the rest.
struct Navigation: Sendable {
    let tree: SiteTree
    /// A folder's children are all listed up to this many; beyond it, a window around the current one.
    static let fullListLimit = 24
    static let windowRadius = 5
    /// Children shown inside a closed folder of the sidebar.
    static let closedFolderLimit = 8
    /// Links in the header when site.yml has no `nav:`.
    static let headerLimit = 7

    typealias Href = (String) -> String

    /// The page being rendered: a node of the tree, and which of its folder's listing pages (1 for every other page).
    struct Position {
        var node: Int?
        var listingPage = 1
    }

    // MARK: Sidebar

    /// The sidebar's items: the top level, the current page's ancestors open with their windowed children.
    func sidebarItems(_ position: Position, href: Href) -> [SidebarItem] {
        let path = Set(position.node.map { tree.ancestors(of: $0) + [$0] } ?? [])
        return items(of: SiteTree.root, path: path, current: position, href: href)
    }

    private func items(of folder: Int, path: Set<Int>, current: Position, href: Href) -> [SidebarItem] {
        let children = tree.nodes[folder].children
        // The child on the current page's path, found from the current page upwards: no scan of a long folder.
        var focus: Int?
        var step = current.node
        while let node = step, let parent = tree.nodes[node].parent {
            if parent == folder {
                focus = tree.nodes[node].position
                break
            }
            step = parent
        }
        let open = path.contains(folder) || folder == SiteTree.root
        let limit = open ? Self.fullListLimit : Self.closedFolderLimit
        let range = Self.window(
            count: children.count, focus: focus, limit: limit, size: open ? 2 * Self.windowRadius + 1 : limit - 1)
        var result: [SidebarItem] = []
        if range.lowerBound > 0 { result.append(more(folder, count: range.lowerBound, href: href)) }
        for child in children[range] {
            // Field by field: a node copied whole retains and releases its every string, for every item of every page.
            var item = SidebarItem(title: tree.nodes[child].title, href: href(tree.nodes[child].url))
            item.current = child == current.node && current.listingPage == 1
            item.currentList = child == current.node && current.listingPage > 1
            if tree.nodes[child].isFolder {
                let onPath = path.contains(child)
                // A closed folder shows its children only when few, and only at the top level; a larger one is a plain
                // link to its page: the sidebar stays small.
                if onPath || (folder == SiteTree.root && tree.nodes[child].children.count <= Self.closedFolderLimit) {
                    item.folder = true
                    item.open = onPath
                    item.items = items(of: child, path: path, current: current, href: href)
                }
            }
            result.append(item)
        }
        if range.upperBound < children.count {
            result.append(more(folder, count: children.count - range.upperBound, href: href))
        }
        return result
    }

    private func more(_ folder: Int, count: Int, href: Href) -> SidebarItem {
        var item = SidebarItem(title: tree.nodes[folder].title, href: href(tree.nodes[folder].url))
        item.more = true
        item.count = count
        return item
    }

    /// The visible slice of `count` items: all of them up to `limit`, else `size` of them centred on `focus` (or the first).
    static func window(count: Int, focus: Int?, limit: Int, size: Int) -> Range<Int> {
        guard count > limit else { return 0..<count }
        let lower = max(0, min(count - size, (focus ?? 0) - size / 2))
        return lower..<(lower + size)
    }

    // MARK: Header

    /// Without `nav:`: the first entries of the top level, their URLs written as an author writes a `nav:` entry's
    /// (encoded: a page `c#.md` is `/c%23/`, not `/c#/`, a link to `/c` with a fragment).
    func headerLinks() -> [SiteConfig.NavItem] {
        tree.nodes[SiteTree.root].children.prefix(Self.headerLimit).map {
            SiteConfig.NavItem(title: tree.nodes[$0].title, url: SitePath.encoded(tree.nodes[$0].url))
        }
    }

    // MARK: Page

    /// A link to a node of the tree: `page.previous`, `page.next` and each of `page.children`.
    struct Link: MustacheParent {
        var title: String
        var href: String
        var url: String
        var folder: Bool
        var date: String?
        var description: String?

        /// To templates: `folder`, `date` and `description` absent rather than false or empty.
        func child(named name: String) -> Any? {
            switch name {
            case "title": TemplateText(title)
            case "href": TemplateText(href)
            case "url": TemplateText(SitePath.encoded(url))
            case "folder": folder ? true : nil
            case "date": date.map(TemplateText.init)
            case "description": description.flatMap { $0.isEmpty ? nil : TemplateText($0) }
            default: nil
            }
        }
    }

    /// One step of `page.breadcrumbs`.
    struct Crumb: MustacheParent {
        var title: String
        var href: String
        /// 1 for the site's home, then one more a step.
        var position: Int
        /// The last step: the page itself.
        var current: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "title": TemplateText(title)
            case "href": TemplateText(href)
            case "position": position
            case "current": current
            default: nil
            }
        }
    }

    func breadcrumbs(_ position: Position, href: Href) -> [Crumb] {
        guard let node = position.node else { return [] }
        var steps = (tree.ancestors(of: node) + [node]).map { (tree.nodes[$0].title, href(tree.nodes[$0].url)) }
        if position.listingPage > 1 { steps.append(("Page \(position.listingPage)", "./")) }
        return steps.enumerated().map { index, step in
            Crumb(title: step.0, href: step.1, position: index + 1, current: index == steps.count - 1)
        }
    }

    func neighbours(_ position: Position, href: Href) -> (previous: Link?, next: Link?) {
        guard let node = position.node, position.listingPage == 1 else { return (nil, nil) }
        let (previous, next) = tree.neighbours(of: node)
        return (previous.map { link($0, href: href) }, next.map { link($0, href: href) })
    }

    func link(_ index: Int, href: Href) -> Link {
        let node = tree.nodes[index]
        return Link(
            title: node.title, href: href(node.url), url: node.url, folder: node.isFolder, date: node.date,
            description: node.description)
    }

    // MARK: Folder listings

    /// How many listing pages a folder has.
    func listingPageCount(_ folder: Int) -> Int {
        let node = tree.nodes[folder]
        return max(1, (node.children.count + node.paginate - 1) / node.paginate)
    }

    /// The URL of listing page `number` of a folder: its own page, then `page/2/`, `page/3/`, …
    func listingURL(_ folder: Int, page number: Int) -> String {
        number <= 1 ? tree.nodes[folder].url : tree.nodes[folder].url + "page/\(number)/"
    }

    /// `page.children`: the entries of this listing page.
    func children(_ position: Position, href: Href) -> [Link] {
        guard let folder = position.node, tree.nodes[folder].isFolder else { return [] }
        let node = tree.nodes[folder]
        let start = min(node.children.count, (position.listingPage - 1) * node.paginate)
        let end = min(node.children.count, start + node.paginate)
        return node.children[start..<end].map { link($0, href: href) }
    }

    /// `page.pagination`: numbered links (the first, the last, two either side of the current), previous and next.
    func pagination(_ position: Position, href: Href) -> Pagination? {
        guard let folder = position.node, tree.nodes[folder].isFolder else { return nil }
        let total = listingPageCount(folder)
        guard total > 1 else { return nil }
        let current = position.listingPage
        var pagination = Pagination(current: current, total: total)
        var last = 0
        for number in 1...total where number == 1 || number == total || abs(number - current) <= 2 {
            if number > last + 1 { pagination.pages.append(nil) }
            pagination.pages.append((number, href(listingURL(folder, page: number))))
            last = number
        }
        if current > 1 { pagination.previous = href(listingURL(folder, page: current - 1)) }
        if current < total { pagination.next = href(listingURL(folder, page: current + 1)) }
        return pagination
    }

    /// `page.pagination`: the numbered pages of a long folder's list.
    struct Pagination: MustacheParent {
        var current: Int
        var total: Int
        /// The first page, the last and the current one's neighbours; nil where numbers are left out (a gap).
        var pages: [(number: Int, href: String)?] = []
        var previous: String?
        var next: String?

        func child(named name: String) -> Any? {
            switch name {
            case "current": current
            case "total": total
            case "pages": TemplateList(pages.map { NumberedPage(page: $0, current: current) })
            case "previous": previous.map(HrefValue.init)
            case "next": next.map(HrefValue.init)
            default: nil
            }
        }

        /// One of `pages`: `number`, `href` and `current`, or `gap` for numbers left out.
        struct NumberedPage: MustacheParent {
            var page: (number: Int, href: String)?
            var current: Int

            func child(named name: String) -> Any? {
                switch name {
                case "gap": page == nil
                case "current": page?.number == current
                case "number": page?.number
                case "href": page.map { TemplateText($0.href) }
                default: nil
                }
            }
        }
    }
}
