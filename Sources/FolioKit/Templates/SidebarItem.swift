import Mustache

/// One entry of the sidebar: a page, a folder with its (windowed) entries, or a "N more in Folder" link.
struct SidebarItem: Sendable {
    var title: String
    var href: String
    var more = false
    var count = 0
    var current = false
    var folder = false
    var open = false
    var items: [SidebarItem] = []

    /// Every key set, even when false: a nested item must not see its folder's values through Mustache's context stack.
    var templateValue: [String: Any] {
        [
            "title": TemplateText(title), "href": TemplateText(href), "more": more, "count": count, "current": current,
            "folder": folder, "open": open, "items": items.map(\.templateValue),
        ]
    }

    /// The default theme's `partials/tree-item.mustache`, written directly: rendering it item by item through
    /// Mustache cost as much as the rest of a page. Used only while the theme's tree-item is the default one.
    static func html(_ items: [SidebarItem]) -> String {
        var out = ""
        out.reserveCapacity(items.count * 64)
        append(items, to: &out)
        return out
    }

    private static func append(_ items: [SidebarItem], to out: inout String) {
        // One line an item, no class on the <li> and plain links (nav.css styles `.folio-tree a`): the sidebar is on every page.
        for item in items {
            let title = HTMLEscape.attribute(item.title)
            let href = HTMLEscape.attribute(item.href)
            let current = item.current ? " aria-current=\"page\"" : ""
            if item.more {
                out += "<li><a class=\"folio-tree__more\" href=\"\(href)\">\(item.count) more in \(title)</a></li>\n"
            } else if item.folder {
                out += "<li><details class=\"folio-tree__folder\"\(item.open ? " open" : "")>"
                out += "<summary class=\"folio-tree__summary\">\(title)</summary><ul class=\"folio-tree\">\n"
                out += "<li><a href=\"\(href)\"\(current)>Overview</a></li>\n"
                append(item.items, to: &out)
                out += "</ul></details></li>\n"
            } else {
                out += "<li><a href=\"\(href)\"\(current)>\(title)</a></li>\n"
            }
        }
    }
}

/// `site.tree` for templates, converted only if a template iterates it (the default theme writes it directly).
struct SidebarValues: MustacheSequence {
    let items: [SidebarItem]

    func makeIterator() -> AnyIterator<[String: Any]> {
        var iterator = items.makeIterator()
        return AnyIterator { iterator.next()?.templateValue }
    }
}
