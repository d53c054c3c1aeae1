/// The default theme's `layouts/default.mustache`, written directly while a theme keeps it and every partial it
/// includes as the default theme has them (then each of those partials is direct too): the page is the layout's
/// fixed text around the partials' HTML, which the page's context already holds under their `folio-direct-` names.
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

    /// The page, from the context `PageContext` made for it; nil when a value is not where the layout reads it
    /// (the caller then renders the template).
    static func page(_ context: [String: Any]) -> [UInt8]? {
        guard let site = context["site"] as? [String: Any], let page = context["page"] as? [String: Any],
            let language = site["language"] as? TemplateText, let siteTitle = site["title"] as? TemplateText,
            let title = page["title"] as? TemplateText, let isHome = page["isHome"] as? Bool,
            let content = page["content"] as? TemplateText
        else { return nil }
        func partial(_ partial: DirectPartial) -> String? {
            guard let deferred = context[partial.contextKey] as? Deferred else { return nil }
            return (deferred.representation as? TemplateText)?.string ?? ""
        }
        guard let head = partial(.head), let header = partial(.header), let sidebar = partial(.sidebar),
            let breadcrumbs = partial(.breadcrumbs), let pageHead = partial(.pageHead), let toc = partial(.toc),
            let listing = partial(.listing), let pager = partial(.pager), let footer = partial(.footer),
            let scripts = partial(.scripts)
        else { return nil }
        var out = HTMLBuffer(capacity: content.string.utf8.count + 16384)
        out.append("<!doctype html>\n<html lang=\"")
        out.appendEscaped(language.string)
        out.append(
            "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        )
        if !isHome {
            out.appendEscaped(title.string)
            out.append(" · ")
        }
        out.appendEscaped(siteTitle.string)
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
        out.appendHTML(content.string)
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
