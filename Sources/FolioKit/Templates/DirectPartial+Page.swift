/// The HTML of the default theme's head, header, page head, listing, footer and scripts partials, as Mustache
/// renders them (a standalone `{{#…}}` line leaves nothing; every other line ends with its newline).
extension DirectPartial {
    /// What the page-level partials show: one value per page, made before its layout is rendered.
    struct PageValues {
        var root: String
        var siteTitle: String
        var author: String?
        var search: Bool
        var nav: [PageContext.NavLink]
        var title: String
        var date: String?
        var tags: [String]
        var canonicalURL: String?
        var meta: PageMeta
        var stylesheets: [String]
        var scripts: [String]
    }

    /// `partials/head.mustache` with `partials/meta.mustache`.
    static func head(_ page: PageValues) -> String {
        var out = HTMLBuffer(capacity: 2048)
        out.append("<meta name=\"color-scheme\" content=\"light dark\">\n")
        let meta = page.meta
        if let description = meta.description {
            for (attribute, name): (StaticString, StaticString) in [
                ("name", "description"), ("property", "og:description"), ("name", "twitter:description"),
            ] {
                appendMeta(attribute, name, description, to: &out)
            }
        }
        appendMeta("property", "og:title", meta.title, to: &out)
        appendMeta("name", "twitter:title", meta.title, to: &out)
        appendMeta("property", "og:type", meta.type, to: &out)
        appendMeta("property", "og:site_name", meta.siteName, to: &out)
        appendMeta("property", "og:locale", meta.locale, to: &out)
        appendMeta("name", "twitter:card", meta.card, to: &out)
        if let url = meta.url { appendMeta("property", "og:url", url, to: &out) }
        if let image = meta.image {
            appendMeta("property", "og:image", image, to: &out)
            appendMeta("name", "twitter:image", image, to: &out)
        }
        if let published = meta.published { appendMeta("property", "article:published_time", published, to: &out) }
        if meta.feeds {
            for (type, file): (StaticString, StaticString) in [
                ("application/atom+xml", "atom.xml"), ("application/feed+json", "feed.json"),
            ] {
                out.append("<link rel=\"alternate\" type=\"")
                out.append(type)
                out.append("\" title=\"")
                out.appendEscaped(meta.siteName)
                out.append("\" href=\"")
                out.appendEscaped(page.root)
                out.append(file)
                out.append("\">\n")
            }
        }
        if let author = page.author { appendMeta("name", "author", author, to: &out) }
        out.append("<meta name=\"generator\" content=\"Folio\">\n")
        if let canonical = page.canonicalURL {
            out.append("<link rel=\"canonical\" href=\"")
            out.appendEscaped(canonical)
            out.append("\">\n")
        }
        out.append("<link rel=\"icon\" href=\"")
        out.appendEscaped(page.root)
        out.append("assets/favicon.svg\" type=\"image/svg+xml\">\n")
        for stylesheet in page.stylesheets {
            out.append("<link rel=\"stylesheet\" href=\"")
            out.appendEscaped(stylesheet)
            out.append("\">\n")
        }
        return out.string
    }

    private static func appendMeta(
        _ attribute: StaticString, _ name: StaticString, _ content: String, to out: inout HTMLBuffer
    ) {
        out.append("<meta ")
        out.append(attribute)
        out.append("=\"")
        out.append(name)
        out.append("\" content=\"")
        out.appendEscaped(content)
        out.append("\">\n")
    }

    /// `partials/header.mustache` with `partials/search.mustache`.
    static func header(_ page: PageValues) -> String {
        var out = HTMLBuffer(capacity: 2560)
        out.append(
            "<header class=\"folio-header\">\n<div class=\"folio-header__inner\">\n<a class=\"folio-brand\" href=\"")
        out.appendEscaped(page.root)
        out.append("\">")
        out.appendEscaped(page.siteTitle)
        out.append("</a>\n")
        if !page.nav.isEmpty {
            out.append("<nav class=\"folio-nav\" aria-label=\"Site\">\n<ul class=\"folio-nav__list\">\n")
            for link in page.nav {
                out.append("<li><a class=\"folio-nav__link\" href=\"")
                out.appendEscaped(link.href)
                out.append("\"")
                if link.current { out.append(" aria-current=\"page\"") }
                if link.inSection { out.append(" aria-current=\"true\"") }
                out.append(">")
                out.appendEscaped(link.title)
                out.append("</a></li>\n")
            }
            out.append("</ul>\n</nav>\n")
        }
        if page.search { appendSearch(root: page.root, siteTitle: page.siteTitle, to: &out) }
        out.append("</div>\n</header>\n")
        return out.string
    }

    /// `partials/page-head.mustache`.
    static func pageHead(_ page: PageValues) -> String {
        var out = HTMLBuffer(capacity: 256)
        out.append("<div class=\"folio-page-head\">\n<h1 class=\"folio-title\">")
        out.appendEscaped(page.title)
        out.append("</h1>\n")
        if let date = page.date {
            out.append("<p class=\"folio-meta\"><time datetime=\"")
            out.appendEscaped(date)
            out.append("\">")
            out.appendEscaped(date)
            out.append("</time></p>\n")
        }
        if !page.tags.isEmpty {
            out.append("<ul class=\"folio-tags\" aria-label=\"Tags\">\n")
            for tag in page.tags {
                out.append("<li>")
                out.appendEscaped(tag)
                out.append("</li>\n")
            }
            out.append("</ul>\n")
        }
        out.append("</div>\n")
        return out.string
    }

    /// `partials/listing.mustache` with `partials/pagination.mustache`.
    static func listing(children: [Navigation.Link]?, pagination: Navigation.Pagination?) -> String {
        var out = HTMLBuffer(capacity: 256 + (children?.count ?? 0) * 192)
        if let children {
            out.append("<ul class=\"folio-listing\">\n")
            for child in children {
                out.append("<li class=\"folio-listing__item\">\n<a class=\"folio-listing__link\" href=\"")
                out.appendEscaped(child.href)
                out.append("\">")
                out.appendEscaped(child.title)
                out.append("</a>")
                if child.folder { out.append(" <span class=\"folio-listing__kind\">(folder)</span>") }
                out.append("\n")
                if let date = child.date {
                    out.append("<p class=\"folio-listing__date\"><time datetime=\"")
                    out.appendEscaped(date)
                    out.append("\">")
                    out.appendEscaped(date)
                    out.append("</time></p>\n")
                }
                if let description = child.description, !description.isEmpty {
                    out.append("<p class=\"folio-listing__description\">")
                    out.appendEscaped(description)
                    out.append("</p>\n")
                }
                out.append("</li>\n")
            }
            out.append("</ul>\n")
        }
        if let pagination { appendPagination(pagination, to: &out) }
        return out.string
    }

    private static func appendPagination(_ pagination: Navigation.Pagination, to out: inout HTMLBuffer) {
        out.append(
            "<nav class=\"folio-pagination\" aria-label=\"Pages of this list\">\n<p class=\"folio-pagination__status\">Page "
        )
        out.append(pagination.current)
        out.append(" of ")
        out.append(pagination.total)
        out.append("</p>\n<ul class=\"folio-pagination__list\">\n")
        if let previous = pagination.previous {
            out.append("<li><a class=\"folio-pagination__step\" href=\"")
            out.appendEscaped(previous)
            out.append("\" rel=\"prev\">Previous</a></li>\n")
        }
        for page in pagination.pages {
            guard let page else {
                out.append("<li><span class=\"folio-pagination__gap\" aria-hidden=\"true\">…</span></li>\n")
                continue
            }
            out.append("<li><a class=\"folio-pagination__number\" href=\"")
            out.appendEscaped(page.href)
            out.append("\"")
            if page.number == pagination.current { out.append(" aria-current=\"page\"") }
            out.append(" aria-label=\"Page ")
            out.append(page.number)
            out.append("\">")
            out.append(page.number)
            out.append("</a></li>\n")
        }
        if let next = pagination.next {
            out.append("<li><a class=\"folio-pagination__step\" href=\"")
            out.appendEscaped(next)
            out.append("\" rel=\"next\">Next</a></li>\n")
        }
        out.append("</ul>\n</nav>\n")
    }

    /// `partials/footer.mustache`.
    static func footer(_ page: PageValues) -> String {
        var out = HTMLBuffer(capacity: 256)
        out.append("<footer class=\"folio-footer\">\n<div class=\"folio-footer__inner\">\n<p><a href=\"")
        out.appendEscaped(page.root)
        out.append("\">")
        out.appendEscaped(page.siteTitle)
        out.append("</a>")
        if let author = page.author {
            out.append(" · ")
            out.appendEscaped(author)
        }
        out.append("</p>\n<p>Built with Folio</p>\n</div>\n</footer>\n")
        return out.string
    }

    /// `partials/scripts.mustache`: in `<head>`, deferred (they run once the page is parsed) and render-blocking (the
    /// browser paints nothing before they ran, so a remembered tab or page is what the first paint shows).
    static func scripts(_ page: PageValues) -> String {
        var out = HTMLBuffer(capacity: 128)
        for script in page.scripts {
            out.append("<script src=\"")
            out.appendEscaped(script)
            out.append("\" defer blocking=\"render\"></script>\n")
        }
        return out.string
    }
}
