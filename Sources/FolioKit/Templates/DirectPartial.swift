/// The default theme's partials, written directly while a theme keeps them as they are.
///
/// Rendered through Mustache, the partials cost a third of a full build (every name looked up through casts, a
/// partial per table-of-contents entry); the default layout around them is written directly too (`DirectLayout`).
/// While a theme's files for one of them are the default theme's, `Theme` registers `{{{folio-direct-NAME}}}` in
/// the partial's place and the page's context answers that name with the same HTML, written here. A theme that
/// changes any of the files gets Mustache for that partial.
/// `DirectPartialTests` builds the guide both ways and compares every page.
enum DirectPartial: String, CaseIterable, Sendable {
    case sidebar, breadcrumbs, toc, pager, search
    case head, header
    case pageHead = "page-head"
    case listing, footer, scripts

    static let prefix = "folio-direct-"

    /// The partials this one writes: each must be the default theme's.
    var partials: [String] {
        switch self {
        case .sidebar: ["sidebar", "tree-item"]
        case .breadcrumbs: ["breadcrumbs"]
        case .toc: ["toc", "toc-entry"]
        case .pager: ["pager"]
        case .search: ["search"]
        case .head: ["head", "meta"]
        case .header: ["header", "search"]
        case .pageHead: ["page-head"]
        case .listing: ["listing", "pagination"]
        case .footer: ["footer"]
        case .scripts: ["scripts"]
        }
    }

    /// The name a page's context answers with the partial's HTML.
    var contextKey: String { Self.prefix + rawValue }

    /// What the theme registers instead of the partial's text.
    var template: String { "{{{" + contextKey + "}}}" }

    /// The partials of `files` (theme paths to bytes) written directly: those whose files are all the default's.
    static func unchanged(in files: [String: [UInt8]]) -> Set<DirectPartial> {
        Set(
            allCases.filter { direct in
                direct.partials.allSatisfy {
                    let path = "partials/\($0).mustache"
                    return files[path] == DefaultTheme.files[path]
                }
            })
    }

    /// The partials every page answers, the 404 page too; the rest depend on the page's place in the site.
    var isNavigation: Bool {
        switch self {
        case .sidebar, .breadcrumbs, .toc, .pager, .listing: true
        case .search, .head, .header, .pageHead, .footer, .scripts: false
        }
    }

    // MARK: The HTML, as the default partials render it

    /// `partials/sidebar.mustache` with `partials/tree-item.mustache`.
    static func sidebar(_ items: [SidebarItem]) -> String {
        guard !items.isEmpty else { return "" }
        var out = HTMLBuffer(capacity: 512 + items.count * 64)
        out.append(
            """
            <nav class="folio-sidebar" aria-label="Pages">
            <details class="folio-menu" data-folio-menu>
            <summary class="folio-menu__button"><span class="folio-menu__icon" aria-hidden="true"></span>Menu</summary>
            <div class="folio-menu__panel">
            <ul class="folio-tree">

            """)
        SidebarItem.append(items, to: &out)
        out.append("\n</ul>\n</div>\n</details>\n</nav>\n")
        return out.string
    }

    /// `partials/breadcrumbs.mustache`: shown from two steps on.
    static func breadcrumbs(_ crumbs: [Navigation.Crumb]) -> String {
        guard crumbs.count > 1 else { return "" }
        var out = HTMLBuffer(capacity: 256 + crumbs.count * 192)
        out.append(
            """
            <nav class="folio-breadcrumbs" aria-label="Breadcrumbs">
            <ol class="folio-breadcrumbs__list" itemscope itemtype="https://schema.org/BreadcrumbList">

            """)
        for crumb in crumbs {
            out.append("<li itemprop=\"itemListElement\" itemscope itemtype=\"https://schema.org/ListItem\">")
            if crumb.current {
                out.append("<span itemprop=\"name\" aria-current=\"page\">")
                out.appendEscaped(crumb.title)
                out.append("</span>")
            } else {
                out.append("<a itemprop=\"item\" href=\"")
                out.appendEscaped(crumb.href)
                out.append("\"><span itemprop=\"name\">")
                out.appendEscaped(crumb.title)
                out.append("</span></a>")
            }
            out.append("<meta itemprop=\"position\" content=\"")
            out.append(crumb.position)
            out.append("\"></li>\n")
        }
        out.append("</ol>\n</nav>\n")
        return out.string
    }

    /// `partials/toc.mustache` with `partials/toc-entry.mustache`.
    static func toc(_ entries: [TableOfContents.Entry]) -> String {
        guard !entries.isEmpty else { return "" }
        var out = HTMLBuffer(capacity: 512 + entries.count * 96)
        out.append(
            """
            <nav class="folio-toc" aria-label="On this page" data-folio-toc>
            <details class="folio-toc__details">
            <summary class="folio-toc__summary">On this page</summary>
            <p class="folio-toc__title" aria-hidden="true">On this page</p>
            <ul class="folio-toc__list">

            """)
        appendTOC(entries, to: &out)
        out.append("</ul>\n</details>\n</nav>\n")
        return out.string
    }

    private static func appendTOC(_ entries: [TableOfContents.Entry], to out: inout HTMLBuffer) {
        for entry in entries {
            out.append("<li><a href=\"#")
            out.appendEscaped(entry.id)
            out.append("\" data-folio-toc-link>")
            out.appendEscaped(entry.title)
            out.append("</a>")
            if !entry.entries.isEmpty {
                out.append("<ul class=\"folio-toc__list\">\n")
                appendTOC(entry.entries, to: &out)
                out.append("</ul>")
            }
            out.append("</li>\n")
        }
    }

    /// `partials/search.mustache`: the search button and its dialog, where the site has search.
    static func search(root: String, siteTitle: String) -> String {
        var out = HTMLBuffer(capacity: 1536)
        appendSearch(root: root, siteTitle: siteTitle, to: &out)
        return out.string
    }

    static func appendSearch(root: String, siteTitle: String, to out: inout HTMLBuffer) {
        out.append("<div class=\"folio-search\" data-folio-search data-folio-root=\"")
        out.appendEscaped(root)
        out.append(
            """
            " hidden>
            <button type="button" class="folio-search__button" aria-haspopup="dialog" aria-keyshortcuts="/ Control+K Meta+K">
            <svg class="folio-search__icon" aria-hidden="true" viewBox="0 0 20 20" width="16" height="16"><circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="m13 13 4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
            <span class="folio-search__button-label">Search</span> <kbd class="folio-search__key" aria-hidden="true">/</kbd>
            </button>
            <dialog class="folio-search__dialog" aria-label="Search\u{20}
            """)
        out.appendEscaped(siteTitle)
        out.append(
            """
            ">
            <div class="folio-search__bar">
            <label class="folio-search__label" for="folio-search-input">Search</label>
            <input id="folio-search-input" class="folio-search__input" type="text" role="combobox" aria-expanded="false"
             aria-controls="folio-search-results" aria-autocomplete="list" autocomplete="off" spellcheck="false" placeholder="Search\u{20}
            """)
        out.appendEscaped(siteTitle)
        out.append(
            """
            ">
            <button type="button" class="folio-search__close" data-folio-search-close>Close</button>
            </div>
            <p class="folio-search__status" role="status"></p>
            <ul id="folio-search-results" class="folio-search__results" role="listbox" aria-label="Results" tabindex="-1"></ul>
            </dialog>
            </div>

            """)
    }

    /// `partials/pager.mustache`.
    static func pager(previous: Navigation.Link?, next: Navigation.Link?) -> String {
        guard previous != nil || next != nil else { return "" }
        var out = HTMLBuffer(capacity: 256)
        out.append("<nav class=\"folio-pager\" aria-label=\"Previous and next pages\">\n")
        for (link, rel, label): (Navigation.Link?, StaticString, StaticString) in [
            (previous, "prev", "Previous"), (next, "next", "Next"),
        ] {
            guard let link else { continue }
            out.append("<a href=\"")
            out.appendEscaped(link.href)
            out.append("\" rel=\"")
            out.append(rel)
            out.append("\"><span>")
            out.append(label)
            out.append("</span><span>")
            out.appendEscaped(link.title)
            out.append("</span></a>\n")
        }
        out.append("</nav>\n")
        return out.string
    }
}
