/// `page.meta` for `partials/meta.mustache`: the description, Open Graph and Twitter card values of a page.
enum PageMeta {
    static func values(for page: Page, site: SiteConfig, feeds: Bool) -> [String: Any] {
        var values: [String: Any] = [
            "title": TemplateText(page.title), "siteName": TemplateText(site.title),
            "type": TemplateText(page.front.date == nil ? "website" : "article"),
            "locale": TemplateText(site.language.replacingOccurrences(of: "-", with: "_")),
        ]
        if let description = description(of: page, site: site) { values["description"] = TemplateText(description) }
        let url = site.absoluteURL(page.url)
        if !url.isEmpty { values["url"] = TemplateText(url) }
        if let image = image(of: page), LinkPolicy.hasScheme(image) || !url.isEmpty {
            values["image"] = TemplateText(LinkPolicy.hasScheme(image) ? image : site.absoluteURL(image))
            values["card"] = TemplateText("summary_large_image")
        } else {
            values["card"] = TemplateText("summary")
        }
        if let date = page.front.date.flatMap(PublishDate.rfc3339) { values["published"] = TemplateText(date) }
        if feeds { values["feeds"] = true }  // the links start from `root`, which the 404 page sets to the base path
        return values
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
            return image.hasPrefix("/")
                ? image : "/" + SitePath.join(directory: SitePath.directory(of: page.sourcePath), image)
        }
        for link in page.links where link.isImage {
            if case .site(let path, _) = link.target { return path }
        }
        return nil
    }
}
