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

    /// A JSON string literal: the text as it is when nothing in it needs escaping (almost always), else escaped.
    public static func quote(_ text: String) -> String {
        guard needsEscaping(text) else { return "\"" + text + "\"" }
        var literal: [UInt8] = []
        appendQuoted(text, to: &literal)
        return String(decoding: literal, as: UTF8.self)
    }

    /// `quote(text)` as UTF-8, appended to `bytes` (a build's JSON report quotes every external link twice:
    /// 130,000 on the bench corpus).
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        guard needsEscaping(text) else {
            bytes += text.utf8
            bytes.append(0x22)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5c: bytes += [0x5c, byte]
            case 0x0a: bytes += [0x5c, 0x6e]
            case 0x0d: bytes += [0x5c, 0x72]
            case 0x09: bytes += [0x5c, 0x74]
            case ..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                bytes += [0x5c, 0x75, 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xf)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    private static func needsEscaping(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5c }
    }
}
