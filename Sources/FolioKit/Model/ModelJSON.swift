/// The table data model as `folio model` prints it (SPEC §4), with keys in a fixed order.
public enum ModelJSON {
    public static func encode(_ model: TableModel) -> String {
        var json = "{"
        json +=
            "\"title\": \(quote(model.title)), \"url\": \(quote(model.url)), \"view\": \(quote(model.view.description)), "
        json += "\"intro\": \(quote(model.intro)),\n \"sections\": ["
        json += model.sections.map { section(of: $0, inherited: model.view.inner, indent: "  ") }.joined(separator: ",")
        json += "]}\n"
        return json
    }

    private static func section(of section: Section, inherited: ViewSpec?, indent: String) -> String {
        let view = section.view ?? inherited ?? .list
        var json =
            "\n\(indent){\"id\": \(quote(section.id)), \"title\": \(quote(section.title)), \"text\": \(quote(section.text)), "
        json += "\"level\": \(section.level), \"view\": \(quote(view.description)),"
        // Anchors written in the heading (`<a name="intro">`): only when there are some, so other models read as before.
        if !section.anchors.isEmpty { json += " \"anchors\": [\(section.anchors.map(quote).joined(separator: ", "))]," }
        json += "\n\(indent) \"rows\": ["
        json += section.rows.map { "\n\(indent)   {\"html\": \(quote($0.html)), \"text\": \(quote($0.text))}" }.joined(
            separator: ",")
        json += "],\n\(indent) \"sections\": ["
        json += section.sections.map {
            Self.section(of: $0, inherited: section.view == nil ? inherited?.inner : view.inner, indent: indent + "  ")
        }
        .joined(separator: ",")
        json += "]}"
        return json
    }

    /// A JSON string literal.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
