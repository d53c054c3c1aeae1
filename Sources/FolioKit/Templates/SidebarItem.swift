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
        var out = HTMLBuffer(capacity: items.count * 64)
        append(items, to: &out)
        return out.string
    }

    static func append(_ items: [SidebarItem], to out: inout HTMLBuffer) {
        // One line an item, no class on the <li> and plain links (nav.css styles `.folio-tree a`): the sidebar is on every page.
        for item in items {
            if item.more {
                out.append("<li><a class=\"folio-tree__more\" href=\"")
                out.appendEscaped(item.href)
                out.append("\">")
                out.append(item.count)
                out.append(" more in ")
                out.appendEscaped(item.title)
                out.append("</a></li>\n")
                continue
            }
            if item.folder {
                out.append("<li><details class=\"folio-tree__folder\"")
                if item.open { out.append(" open") }
                out.append("><summary class=\"folio-tree__summary\">")
                out.appendEscaped(item.title)
                out.append("</summary><ul class=\"folio-tree\">\n")
            }
            out.append("<li><a href=\"")
            out.appendEscaped(item.href)
            out.append("\"")
            if item.current { out.append(" aria-current=\"page\"") }
            out.append(">")
            if item.folder {
                out.append("Overview</a></li>\n")
                append(item.items, to: &out)
                out.append("</ul></details></li>\n")
            } else {
                out.appendEscaped(item.title)
                out.append("</a></li>\n")
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
