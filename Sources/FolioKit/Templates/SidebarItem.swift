import Mustache

/// One entry of the sidebar: a page, a folder with its (windowed) entries, or a "N more in Folder" link.
struct SidebarItem: Sendable, MustacheParent {
    var title: String
    var href: String
    var more = false
    var count = 0
    var current = false
    /// The page is page 2, 3, … of the list this item links to (a folder's own page): the reader is in it.
    var currentList = false
    var folder = false
    var open = false
    var items: [SidebarItem] = []

    /// To templates: every key set, even when false, so a nested item never sees its folder's values through
    /// Mustache's context stack.
    func child(named name: String) -> Any? {
        switch name {
        case "title": TemplateText(title)
        case "href": TemplateText(href)
        case "more": more
        case "count": count
        case "current": current
        case "currentList": currentList
        case "folder": folder
        case "open": open
        case "items": TemplateList(items)
        default: nil
        }
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
            if item.currentList { out.append(" aria-current=\"true\"") }
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
