import Mustache

/// What a layout reads: `site`, `page`, `pages`, `root` and `assets` (the guide's templates chapter documents each
/// key), and the HTML of the theme's direct partials under the names their stand-in templates ask for.
///
/// Each key is answered in one place, by a `child(named:)` below, from typed values: no dictionary is built for a
/// page (only `params`, the author's own keys, are one), and a value no template asks for (the sidebar's items,
/// `page.sections`, `pages`, a direct partial's HTML) is made only when asked.
/// `DirectLayout` reads the same values as fields.
struct LayoutContext: MustacheParent {
    var site: SiteValues
    var page: PageValues
    var pages: PageLinks
    /// The way back to the site's root from the page: `./`, `../`, …
    var root: String
    var assets: AssetValues
    var partials: DirectPartialHTML

    func child(named name: String) -> Any? {
        switch name {
        case "site": site
        case "page": page
        case "pages": pages
        case "root": TemplateText(root)
        case "assets": assets
        default: partials.child(named: name)
        }
    }
}

/// `site`: the settings of site.yml, the header's links and, on a page with navigation, the sidebar.
struct SiteValues: MustacheParent {
    let config: SiteConfig
    /// `site.params`, made once a build.
    let params: Any
    var nav: [PageContext.NavLink]
    var navigation: PageNavigation?
    /// The theme's tree-item partial is the default one: `site.treeHTML` holds the sidebar's items as HTML.
    var treeHTML: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "title": TemplateText(config.title)
        case "baseURL": TemplateText(config.baseURL)
        case "language": TemplateText(config.language)
        case "params": params
        case "search": config.search
        // Absent rather than empty: an empty string is truthy in Mustache sections.
        case "description": config.description.flatMap { $0.isEmpty ? nil : TemplateText($0) }
        case "author": config.author.flatMap { $0.isEmpty ? nil : TemplateText($0) }
        case "nav": TemplateList(nav)
        default: navigation?.siteValue(name, treeHTML: treeHTML)
        }
    }
}

/// `page`: the page being rendered, its body rendered, its meta values and, where it has them, its navigation.
struct PageValues: MustacheParent {
    let page: Page
    /// The page's body: its intro and its view, rendered.
    let content: String
    /// Its absolute URL; empty without an absolute base URL.
    let canonicalURL: String
    let meta: PageMeta
    /// `page.params`: the front matter keys Folio does not know, made once for the page.
    let params: Any
    var navigation: PageNavigation?
    /// A folder's page Folio writes without a Markdown file.
    var generated = false

    var isHome: Bool { page.url == "/" }

    func child(named name: String) -> Any? {
        let front = page.front
        switch name {
        case "title": return TemplateText(page.title)
        case "url": return TemplateText(SitePath.encoded(page.url))
        case "layout": return front.layout
        case "view": return front.view.description
        case "content": return TemplateText(content)
        case "intro": return TemplateText(page.model.intro)
        case "sections": return SectionValues(sections: page.model.sections)
        case "tags": return TemplateList(front.tags)
        case "isHome": return isHome
        case "params": return params
        // Absent rather than empty: an empty string is truthy in Mustache sections.
        case "description": return front.description.flatMap { $0.isEmpty ? nil : TemplateText($0) }
        case "canonicalURL": return canonicalURL.isEmpty ? nil : TemplateText(canonicalURL)
        case "date": return front.date.map(TemplateText.init)
        case "meta": return meta
        case "generated": return generated ? true : nil
        default: return navigation?.pageValue(name)
        }
    }
}

/// `assets`: the theme's stylesheets and scripts, each `href` relative to the page.
struct AssetValues: MustacheParent {
    var stylesheets: [String]
    var scripts: [String]

    func child(named name: String) -> Any? {
        switch name {
        case "stylesheets": TemplateList(stylesheets.map(HrefValue.init))
        case "scripts": TemplateList(scripts.map(HrefValue.init))
        default: nil
        }
    }
}

/// The HTML of the theme's partials that are the default ones, written directly, under `folio-direct-<name>`: what
/// the stand-in template of each (`{{{folio-direct-head}}}`) reads, and what `DirectLayout` places.
struct DirectPartialHTML: MustacheParent {
    let partials: Set<DirectPartial>
    let page: DirectPartial.PageValues
    /// The navigation partials are written only on a page with navigation (not on the 404 page).
    var navigation: PageNavigation?

    /// nil when the theme has its own version of the partial (or, for a navigation partial, the page has none).
    func html(_ partial: DirectPartial) -> String? {
        guard partials.contains(partial) else { return nil }
        if partial.isNavigation { return navigation?.html(of: partial) }
        switch partial {
        case .search: return page.search ? DirectPartial.search(root: page.root, siteTitle: page.siteTitle) : ""
        case .head: return DirectPartial.head(page)
        case .header: return DirectPartial.header(page)
        case .pageHead: return DirectPartial.pageHead(page)
        case .footer: return DirectPartial.footer(page)
        case .scripts: return DirectPartial.scripts(page)
        case .sidebar, .breadcrumbs, .toc, .pager, .listing: return nil
        }
    }

    func child(named name: String) -> Any? {
        guard name.hasPrefix(DirectPartial.prefix),
            let partial = DirectPartial(rawValue: String(name.dropFirst(DirectPartial.prefix.count)))
        else { return nil }
        return html(partial).map(TemplateText.init)
    }
}

/// `pages` with links relative to the page being rendered, made only if a template iterates them.
struct PageLinks: MustacheSequence {
    let links: [PageContext.Link]
    let href: (String) -> String

    func makeIterator() -> AnyIterator<Listed> {
        let href = href
        return TemplateList<Listed>.budgeted(links.lazy.map { Listed(link: $0, href: href($0.url)) }.makeIterator())
    }

    /// One of `pages`.
    struct Listed: MustacheParent {
        let link: PageContext.Link
        let href: String

        func child(named name: String) -> Any? {
            switch name {
            case "title": TemplateText(link.title)
            case "url": TemplateText(SitePath.encoded(link.url))
            case "href": TemplateText(href)
            case "description": TemplateText(link.description)
            case "date": TemplateText(link.date)
            default: nil
            }
        }
    }
}

/// `page.sections` for templates, each section's values made only if a template iterates them (the default theme
/// does not).
struct SectionValues: MustacheSequence {
    let sections: [Section]

    func makeIterator() -> AnyIterator<SectionValue> {
        TemplateList<SectionValue>.budgeted(sections.lazy.map(SectionValue.init).makeIterator())
    }

    /// One section: `id`, `title`, `text`, `level`, `html`, `rows` and its own `sections`.
    struct SectionValue: MustacheParent {
        let section: Section

        func child(named name: String) -> Any? {
            switch name {
            case "id": TemplateText(section.id)
            case "title": TemplateText(section.title)
            case "text": TemplateText(section.text)
            case "level": section.level
            case "html": TemplateText(section.html)
            case "rows": TemplateList(section.rows.map(RowValue.init))
            case "sections": SectionValues(sections: section.sections)
            default: nil
            }
        }
    }

    /// One row of a section: `html`, `text` and `kind`.
    struct RowValue: MustacheParent {
        let row: Row

        func child(named name: String) -> Any? {
            switch name {
            case "html": TemplateText(row.html)
            case "text": TemplateText(row.text)
            case "kind": row.kind.rawValue
            default: nil
            }
        }
    }
}
