import Mustache

/// `page.meta` for `partials/meta.mustache`: the description, Open Graph and Twitter card values of a page.
struct PageMeta: MustacheParent {
    var title: String
    var siteName: String
    /// `article` for a dated page, else `website`.
    var type: String
    var locale: String
    var description: String?
    /// The page's absolute URL, where the site has a base URL.
    var url: String?
    var image: String?
    /// `summary_large_image` with an image, else `summary`.
    var card: String
    /// The date as RFC 3339.
    var published: String?
    /// Whether the head links the site's feeds.
    var feeds: Bool

    init(page: Page, site: SiteConfig, feeds: Bool) {
        title = page.title
        siteName = site.title
        type = page.front.date == nil ? "website" : "article"
        locale = site.language.replacingOccurrences(of: "-", with: "_")
        description = Self.description(of: page, site: site)
        let url = site.absoluteURL(page.url)
        self.url = url.isEmpty ? nil : url
        if let image = Self.image(of: page), LinkPolicy.hasScheme(image) || !url.isEmpty {
            self.image = LinkPolicy.hasScheme(image) ? image : site.absoluteURL(image)
            card = "summary_large_image"
        } else {
            card = "summary"
        }
        published = page.front.date.flatMap(PublishDate.rfc3339)
        self.feeds = feeds  // the links start from `root`, which the 404 page sets to the base path
    }

    /// To templates: the optional values absent when unset, `feeds` absent rather than false.
    func child(named name: String) -> Any? {
        switch name {
        case "title": TemplateText(title)
        case "siteName": TemplateText(siteName)
        case "type": TemplateText(type)
        case "locale": TemplateText(locale)
        case "card": TemplateText(card)
        case "description": description.map(TemplateText.init)
        case "url": url.map(TemplateText.init)
        case "image": image.map(TemplateText.init)
        case "published": published.map(TemplateText.init)
        case "feeds": feeds ? true : nil
        default: nil
        }
    }

    /// Front matter `description:`, else the intro's text (up to about 160 characters, cut at a word), else the site's.
    static func description(of page: Page, site: SiteConfig) -> String? {
        if let description = page.front.description, !description.isEmpty { return description }
        let intro = page.model.introRows.filter { $0.kind != .heading && $0.kind != .code }.map(\.text).joined(
            separator: " ")
        let words = intro.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        if !words.isEmpty {
            var text = ""
            for word in words {
                if text.count + word.count + 1 > 160 {
                    text += "…"
                    break
                }
                text += (text.isEmpty ? "" : " ") + word
            }
            return text
        }
        return site.description.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An absolute URL or the site path of front matter `image:` (relative to the page's file, or from the site root), else of the page's first image.
    static func image(of page: Page) -> String? {
        if let value = page.front.params.first(where: { $0.key == "image" })?.value, case .string(let image) = value,
            !image.isEmpty
        {
            if LinkPolicy.hasScheme(image) { return image.lowercased().hasPrefix("http") ? image : nil }
            let path = SitePath.decoded(image)  // a site path, as `absoluteURL` takes it
            return path.hasPrefix("/")
                ? path : "/" + SitePath.join(directory: SitePath.directory(of: page.sourcePath), path)
        }
        for link in page.links where link.isImage {
            if case .site(let path, _) = link.target { return path }
        }
        return nil
    }
}
