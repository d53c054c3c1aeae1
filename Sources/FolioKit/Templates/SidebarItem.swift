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
        out.reserveCapacity(items.count * 120)
        append(items, to: &out)
        return out
    }

    private static func append(_ items: [SidebarItem], to out: inout String) {
        for item in items {
            let title = HTMLEscape.attribute(item.title)
            let href = HTMLEscape.attribute(item.href)
            let current = item.current ? " aria-current=\"page\"" : ""
            out += "<li class=\"folio-tree__item\">\n"
            if item.more {
                out += "<a class=\"folio-tree__more\" href=\"\(href)\">\(item.count) more in \(title)</a>\n"
            } else if item.folder {
                out += "<details class=\"folio-tree__folder\"\(item.open ? " open" : "")>\n"
                out += "<summary class=\"folio-tree__summary\">\(title)</summary>\n<ul class=\"folio-tree\">\n"
                out += "<li class=\"folio-tree__item\"><a class=\"folio-tree__link\" href=\"\(href)\"\(current)>Overview</a></li>\n"
                append(item.items, to: &out)
                out += "</ul>\n</details>\n"
            } else {
                out += "<a class=\"folio-tree__link\" href=\"\(href)\"\(current)>\(title)</a>\n"
            }
            out += "</li>\n"
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
