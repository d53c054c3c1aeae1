/// The default theme's `layouts/default.mustache`, written directly while a theme keeps it: the page is the layout's
/// fixed text around its partials' HTML — a partial still the default theme's from the page's context
/// (`DirectPartialHTML`), one of the theme's own rendered by Mustache in its place. A theme that changes a header or a
/// footer so keeps the rest of the page off Mustache (which would cost it a fifth of a build's time).
/// `DirectPartialsTests` builds the guide both ways and compares every page.
enum DirectLayout {
    static let template = "layouts/default"

    /// Whether `files` (theme paths to bytes) keep the layout.
    static func applies(to files: [String: [UInt8]]) -> Bool {
        let path = template + ".mustache"
        return files[path] == DefaultTheme.files[path]
    }

    /// The page, from the context `PageContext` made for it; `render` gives the HTML of a partial that is not
    /// written directly (the theme's own, or a navigation partial on a page without navigation), in the layout's order.
    static func page(_ context: LayoutContext, rendering render: (DirectPartial) -> String) -> [UInt8] {
        let partials = context.partials
        func html(_ partial: DirectPartial) -> String { partials.html(partial) ?? render(partial) }
        let head = html(.head)
        let header = html(.header)
        let sidebar = html(.sidebar)
        let breadcrumbs = html(.breadcrumbs)
        let pageHead = html(.pageHead)
        let toc = html(.toc)
        let listing = html(.listing)
        let pager = html(.pager)
        let footer = html(.footer)
        let scripts = html(.scripts)
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
        out.appendHTML(scripts)
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
        out.append("</body>\n</html>\n")
        return out.bytes
    }
}
