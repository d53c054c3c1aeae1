import Mustache

/// The values a layout sees: `site`, `page`, `pages`, `root`, `assets`. Documented in the user guide (templates chapter).
// @unchecked: `siteValues` holds only immutable strings, numbers, arrays and dictionaries built once before rendering.
struct PageContext: @unchecked Sendable {
    struct Link: Sendable {
        var title: String
        var url: String
        var description: String
        var date: String
    }

    let site: SiteConfig
    let siteValues: [String: Any]
    let nav: [SiteConfig.NavItem]
    let links: [Link]
    let stylesheets: [String]
    let scripts: [String]

    init(site: Site, theme: Theme) {
        self.site = site.config
        let config = site.config
        var values: [String: Any] = [
            "title": config.title, "baseURL": config.baseURL, "language": config.language,
            "params": YAMLValue.mapping(config.params).templateValue,
        ]
        if let description = config.description, !description.isEmpty { values["description"] = description }
        if let author = config.author, !author.isEmpty { values["author"] = author }
        siteValues = values
        nav = config.nav ?? Self.defaultNav(site.pages)
        links = site.pages.map { Link(title: $0.title, url: $0.url, description: $0.front.description ?? "", date: $0.front.date ?? "") }
        let css = ["folio.css", "views.css", "appearance.css"].filter { theme.assets[$0] != nil }
        stylesheets = css
        scripts = ["folio.js"].filter { theme.assets[$0] != nil }
    }

    /// Without `nav:` in site.yml: the home page, then the pages at the top of the site, in page order.
    static func defaultNav(_ pages: [PageSource]) -> [SiteConfig.NavItem] {
        pages.filter { $0.url.split(separator: "/").count <= 1 }
            .sorted { ($0.url == "/" ? 0 : 1) < ($1.url == "/" ? 0 : 1) }
            .map { SiteConfig.NavItem(title: $0.title, url: $0.url) }
    }

    func values(for page: Page, content: String) -> [String: Any] {
        values(for: page, content: content, root: SitePath.root(from: page.url)) { href($0, from: page.url) }
    }

    /// The 404 page is served at any depth, so its links start from the site's base path instead.
    func notFoundValues() -> [String: Any] {
        let base = site.basePath
        var front = FrontMatter()
        front.layout = "404"
        let model = TableModel(title: "Page not found", url: "/404.html", view: .list, intro: "", introRows: [], sections: [])
        let source = PageSource(sourcePath: "", displayPath: "", front: front, url: "/404.html", title: model.title)
        let page = Page(source: source, model: model)
        return values(for: page, content: "", root: base) { url in
            url.hasPrefix("/") && !url.hasPrefix("//") ? base + url.dropFirst() : url
        }
    }

    private func values(for page: Page, content: String, root: String, href: @escaping (String) -> String) -> [String: Any] {
        var siteValues = self.siteValues
        siteValues["nav"] = nav.map { item -> [String: Any] in
            ["title": item.title, "href": href(item.url), "current": item.url == page.url]
        }
        let front = page.front
        var pageValues: [String: Any] = [
            "title": page.title, "url": page.url,
            "layout": front.layout, "view": front.view.description, "content": content,
            "intro": page.model.intro, "sections": page.model.sections.map(Self.sectionValues),
            "tags": front.tags, "isHome": page.url == "/",
            "params": YAMLValue.mapping(front.params).templateValue,
        ]
        // Absent rather than empty: an empty string is truthy in Mustache sections.
        if let description = front.description, !description.isEmpty { pageValues["description"] = description }
        let canonical = site.absoluteURL(page.url)
        if !canonical.isEmpty { pageValues["canonicalURL"] = canonical }
        if let date = front.date { pageValues["date"] = date }
        return [
            "site": siteValues,
            "page": pageValues,
            "pages": PageLinks(links: links, href: href),
            "root": root,
            "assets": [
                "stylesheets": stylesheets.map { ["href": root + "assets/" + $0] },
                "scripts": scripts.map { ["href": root + "assets/" + $0] },
            ],
        ]
    }

    private func href(_ url: String, from pageURL: String) -> String {
        url.hasPrefix("/") && !url.hasPrefix("//") ? SitePath.relative(from: pageURL, to: url) : url
    }

    static func sectionValues(_ section: Section) -> [String: Any] {
        [
            "id": section.id, "title": section.title, "text": section.text, "level": section.level,
            "html": section.html, "rows": section.rows.map { ["html": $0.html, "text": $0.text, "kind": $0.kind.rawValue] },
            "sections": section.sections.map(sectionValues),
        ]
    }
}

/// `pages` with links relative to the page being rendered, made only if a template iterates them.
struct PageLinks: MustacheSequence {
    let links: [PageContext.Link]
    let href: (String) -> String

    func makeIterator() -> AnyIterator<[String: Any]> {
        var index = 0
        return AnyIterator {
            guard index < links.count else { return nil }
            let link = links[index]
            index += 1
            return [
                "title": link.title, "url": link.url, "href": href(link.url),
                "description": link.description, "date": link.date,
            ]
        }
    }
}
