/// `sitemap.xml` (sitemaps.org 0.9) and the `robots.txt` that points at it; both need an absolute `baseURL`.
enum Sitemap {
    struct Entry {
        var url: String
        var lastmod: String?
    }

    static func xml(_ entries: [Entry], config: SiteConfig) -> String {
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for entry in entries {
            xml += "<url><loc>\(XMLText.escape(config.absoluteURL(entry.url)))</loc>"
            if let lastmod = entry.lastmod.flatMap(PublishDate.w3c) { xml += "<lastmod>\(lastmod)</lastmod>" }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }

    static func robots(config: SiteConfig) -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(config.absoluteURL("/sitemap.xml"))\n"
    }
}
