/// `<url>/model.json`: a page's table data model for native apps — `folio model`'s schema plus the page's URL,
/// each section's container path and a version — and the `models.json` index of them all.
enum PublishedModel {
    /// Bumped when a field changes meaning or goes away (new fields do not bump it).
    static let version = 1
    static let indexPath = "/models.json"
    static let schemaPath = "/model.schema.json"

    static func path(for pageURL: String) -> String { pageURL + "model.json" }

    static func encode(_ model: TableModel, config: SiteConfig) -> String {
        let q = ModelJSON.quote
        let absolute = config.absoluteURL(model.url)
        var json = "{\"version\": \(version), \"title\": \(q(model.title)), \"url\": \(q(model.url)), "
        json += "\"absoluteURL\": \(absolute.isEmpty ? "null" : q(absolute)), \"view\": \(q(model.view.description)),\n"
        json +=
            " \"intro\": \(q(model.intro)),\n \"introRows\": [" + rows(model.introRows, indent: "  ")
            + "],\n \"sections\": ["
        json += model.sections.map {
            section($0, container: [model.view.kind.rawValue], inherited: model.view.inner, indent: "  ")
        }.joined(separator: ",")
        return json + "]}\n"
    }

    private static func section(_ section: Section, container: [String], inherited: ViewSpec?, indent: String) -> String
    {
        let q = ModelJSON.quote
        let view = section.view ?? inherited ?? .list
        var json =
            "\n\(indent){\"id\": \(q(section.id)), \"title\": \(q(section.title)), \"text\": \(q(section.text)), "
        json += "\"level\": \(section.level), "
        if !section.anchors.isEmpty { json += "\"anchors\": [\(section.anchors.map(q).joined(separator: ", "))], " }
        json += "\"view\": \(q(view.description)), "
        json += "\"container\": [\(container.map(q).joined(separator: ", "))],\n\(indent) \"rows\": ["
        json += rows(section.rows, indent: indent + "   ") + "],\n\(indent) \"sections\": ["
        let inner = section.view == nil ? inherited?.inner : view.inner
        json += section.sections.map {
            Self.section($0, container: container + [view.kind.rawValue], inherited: inner, indent: indent + "  ")
        }.joined(separator: ",")
        return json + "]}"
    }

    private static func rows(_ rows: [Row], indent: String) -> String {
        rows.map {
            "\n\(indent){\"kind\": \(ModelJSON.quote($0.kind.rawValue)), \"html\": \(ModelJSON.quote($0.html)), \"text\": \(ModelJSON.quote($0.text))}"
        }
        .joined(separator: ",")
    }

    struct IndexEntry {
        var url: String
        var title: String
        var date: String?
    }

    static func index(_ pages: [IndexEntry], config: SiteConfig) -> String {
        let q = ModelJSON.quote
        var json =
            "{\"version\": \(version), \"schema\": \"model.schema.json\",\n \"site\": {\"title\": \(q(config.title)), "
        json += "\"baseURL\": \(q(config.baseURL)), \"language\": \(q(config.language))},\n \"pages\": ["
        json += pages.map { page in
            var fields = [
                "\"url\": \(q(page.url))", "\"title\": \(q(page.title))",
                // A URL relative to models.json, made as the page's links are (`url` is the site path).
                "\"model\": \(q(SitePath.relative(from: "/", to: path(for: page.url))))",
            ]
            if let date = page.date { fields.append("\"date\": \(q(date))") }
            return "\n  {" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ",")
        return json + "]}\n"
    }
}
