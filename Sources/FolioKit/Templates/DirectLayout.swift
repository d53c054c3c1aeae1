/// The default theme's `layouts/default.mustache`, written directly while a theme keeps it and every partial it
/// includes as the default theme has them (then each of those partials is direct too): the page is the layout's
/// fixed text around the partials' HTML, which the page's context gives (`DirectPartialHTML`).
/// `DirectPartialsTests` builds the guide both ways and compares every page.
enum DirectLayout {
    static let template = "layouts/default"

    /// The partials the default layout includes.
    static let partials: Set<DirectPartial> = [
        .head, .header, .sidebar, .breadcrumbs, .pageHead, .toc, .listing, .pager, .footer, .scripts,
    ]

    /// Whether `files` (theme paths to bytes) keep the layout and every partial it includes.
    static func applies(to files: [String: [UInt8]], directPartials: Set<DirectPartial>) -> Bool {
        let path = template + ".mustache"
        return files[path] == DefaultTheme.files[path] && partials.isSubset(of: directPartials)
    }

    /// The page, from the context `PageContext` made for it; nil when a partial is not written directly (the
    /// caller then renders the template).
    static func page(_ context: LayoutContext) -> [UInt8]? {
        let partials = context.partials
        guard let head = partials.html(.head), let header = partials.html(.header),
            let sidebar = partials.html(.sidebar), let breadcrumbs = partials.html(.breadcrumbs),
            let pageHead = partials.html(.pageHead), let toc = partials.html(.toc),
            let listing = partials.html(.listing), let pager = partials.html(.pager),
            let footer = partials.html(.footer), let scripts = partials.html(.scripts)
        else { return nil }
        let content = context.page.content
        var out = HTMLBuffer(capacity: content.utf8.count + 16384)
        out.append("<!doctype html>\n<html lang=\"")
        out.appendEscaped(context.site.config.language)
        out.append(
            "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        )
        if !context.page.isHome {
            out.appendEscaped(context.page.page.title)
            out.append(" · ")
        }
        out.appendEscaped(context.site.config.title)
        out.append("</title>\n")
        out.appendHTML(head)
        out.append("</head>\n<body>\n<a class=\"folio-skip\" href=\"#main\">Skip to content</a>\n")
        out.appendHTML(header)
        out.append("<div class=\"folio-layout\">\n")
        out.appendHTML(sidebar)
        out.append("<main id=\"main\" class=\"folio-main\">\n")
        out.appendHTML(breadcrumbs)
        out.append("<article class=\"folio-article\">\n")
        out.appendHTML(pageHead)
        out.appendHTML(toc)
        out.append("<div class=\"folio-content\">\n")
        out.appendHTML(content)
        out.append("\n")
        out.appendHTML(listing)
        out.append("</div>\n</article>\n")
        out.appendHTML(pager)
        out.append("</main>\n</div>\n")
        out.appendHTML(footer)
        out.appendHTML(scripts)
        out.append("</body>\n</html>\n")
        return out.bytes
    }
}
