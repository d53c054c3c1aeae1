import Foundation

/// The Atom feed (RFC 4287, `atom.xml`) and the JSON Feed 1.1 (`feed.json`) of a site's dated pages.
enum Feeds {
    struct Entry {
        var url: String
        var title: String
        var date: String
        var updated: String?
        var summary: String
        /// The page's content with every relative link made absolute; nil for summary-only feeds.
        var html: String?
    }

    static let atomPath = "/atom.xml"
    static let jsonPath = "/feed.json"

    /// The dated pages of the configured folders, newest first, at most `limit`.
    static func select(_ pages: [PageSource], config: PublishConfig.Feeds) -> [PageSource] {
        let dated = pages.compactMap { page -> (PageSource, Double)? in
            guard let date = page.listing.date, let key = PublishDate.sortKey(date) else { return nil }
            guard
                config.folders.isEmpty
                    || config.folders.contains(where: { folder in
                        page.sourcePath.hasPrefix(folder + "/") || folder.isEmpty || folder == "."
                    })
            else { return nil }
            return (page, key)
        }
        return dated.sorted { ($1.1, $0.0.url) < ($0.1, $1.0.url) }.prefix(config.limit).map(\.0)
    }

    static func atom(_ entries: [Entry], config: SiteConfig) -> String {
        let home = config.absoluteURL("/")
        let updated = entries.compactMap { PublishDate.rfc3339($0.updated ?? $0.date) }.max() ?? "1970-01-01T00:00:00Z"
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(XMLText.escape(config.language))\">\n"
        xml += "<title>\(XMLText.escape(config.title))</title>\n"
        if let description = config.description, !description.isEmpty {
            xml += "<subtitle>\(XMLText.escape(description))</subtitle>\n"
        }
        xml +=
            "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(XMLText.escape(config.absoluteURL(atomPath)))\"/>\n"
        xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escape(home))\"/>\n"
        xml += "<id>\(XMLText.escape(home))</id>\n<updated>\(updated)</updated>\n"
        xml +=
            "<author><name>\(XMLText.escape(config.author ?? config.title))</name></author>\n<generator>Folio</generator>\n"
        for entry in entries {
            let url = XMLText.escape(config.absoluteURL(entry.url))
            let published = PublishDate.rfc3339(entry.date) ?? updated
            xml += "<entry>\n<title>\(XMLText.escape(entry.title))</title>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(url)\"/>\n<id>\(url)</id>\n"
            xml +=
                "<published>\(published)</published>\n<updated>\(entry.updated.flatMap(PublishDate.rfc3339) ?? published)</updated>\n"
            if !entry.summary.isEmpty { xml += "<summary>\(XMLText.escape(entry.summary))</summary>\n" }
            if let html = entry.html { xml += "<content type=\"html\">\(XMLText.escape(html))</content>\n" }
            xml += "</entry>\n"
        }
        return xml + "</feed>\n"
    }

    static func json(_ entries: [Entry], config: SiteConfig) -> String {
        let q = ModelJSON.quote
        var fields = [
            "\"version\": \"https://jsonfeed.org/version/1.1\"", "\"title\": \(q(config.title))",
            "\"home_page_url\": \(q(config.absoluteURL("/")))", "\"feed_url\": \(q(config.absoluteURL(jsonPath)))",
        ]
        if let description = config.description, !description.isEmpty {
            fields.append("\"description\": \(q(description))")
        }
        fields.append("\"language\": \(q(config.language))")
        fields.append("\"authors\": [{\"name\": \(q(config.author ?? config.title))}]")
        let items = entries.map { entry -> String in
            let url = config.absoluteURL(entry.url)
            var item = ["\"id\": \(q(url))", "\"url\": \(q(url))", "\"title\": \(q(entry.title))"]
            if let html = entry.html {
                item.append("\"content_html\": \(q(html))")
            } else {
                item.append("\"content_text\": \(q(entry.summary))")
            }
            if !entry.summary.isEmpty { item.append("\"summary\": \(q(entry.summary))") }
            if let date = PublishDate.rfc3339(entry.date) { item.append("\"date_published\": \(q(date))") }
            if let updated = entry.updated.flatMap(PublishDate.rfc3339) {
                item.append("\"date_modified\": \(q(updated))")
            }
            return "    {" + item.joined(separator: ", ") + "}"
        }
        fields.append("\"items\": [\n" + items.joined(separator: ",\n") + "\n  ]")
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    /// The page's model as one list: intro, then every section with its heading, as a feed reader shows it.
    static func html(of model: TableModel, absoluteBase: String) -> String {
        var html = model.intro
        func add(_ section: Section) {
            html += ViewRenderer.defaultHeading(level: section.level, id: section.id, title: section.title)
            html += section.html
            for subsection in section.sections { add(subsection) }
        }
        for section in model.sections { add(section) }
        return absolutized(html, base: absoluteBase)
    }

    /// `href="../x/"` and `src="images/a.svg"` resolved against the page's absolute URL: feed readers have no base.
    static func absolutized(_ html: String, base: String) -> String {
        guard let baseURL = URL(string: base) else { return html }
        var result = ""
        var rest = Substring(html)
        while let match = rest.range(of: #"(href|src)="([^"]*)""#, options: .regularExpression) {
            result += rest[..<match.lowerBound]
            let attribute = rest[match]
            let equals = attribute.firstIndex(of: "=")!
            let name = attribute[..<equals]
            let value = String(
                attribute[attribute.index(equals, offsetBy: 2)..<attribute.index(before: attribute.endIndex)])
            let decoded = value.replacingOccurrences(of: "&amp;", with: "&")
            if !value.isEmpty, !LinkPolicy.hasScheme(decoded), !decoded.hasPrefix("//"),
                let absolute = URL(string: decoded, relativeTo: baseURL)?.absoluteString
            {
                result += "\(name)=\"\(absolute.replacingOccurrences(of: "&", with: "&amp;"))\""
            } else {
                result += attribute
            }
            rest = rest[match.upperBound...]
        }
        return result + rest
    }
}
