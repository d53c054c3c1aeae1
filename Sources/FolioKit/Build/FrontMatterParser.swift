/// Splits a page into front matter and Markdown, and types the front matter's keys.
enum FrontMatterParser {
    struct Split {
        var yaml: String?
        var body: String
        /// Lines before the body: the front matter and its fences.
        var bodyLineOffset: Int
    }

    /// Front matter is YAML between `---` lines at the very top of the file.
    static func split(_ text: String, path: String, diagnostics: inout Diagnostics) -> Split {
        // SourceText has already turned CRLF and CR into LF and dropped a byte-order mark.
        // Lines are found in the UTF-8 view: a line break is always a character of its own, and walking
        // characters cost more than the rest of reading a page.
        let utf8 = text.utf8
        guard text.hasPrefix("---\n"), let firstBreak = utf8.firstIndex(of: newline) else {
            return Split(yaml: nil, body: text, bodyLineOffset: 0)
        }
        var line = 1
        var index = utf8.index(after: firstBreak)
        let yamlStart = index
        while index < utf8.endIndex {
            line += 1
            let end = utf8[index...].firstIndex(of: newline) ?? utf8.endIndex
            var content = utf8[index..<end]
            if content.last == UInt8(ascii: "\r") { content = content.dropLast() }
            if content.elementsEqual("---".utf8) || content.elementsEqual("...".utf8) {
                let bodyStart = end < utf8.endIndex ? utf8.index(after: end) : end
                return Split(
                    yaml: String(text[yamlStart..<index]), body: String(text[bodyStart...]), bodyLineOffset: line)
            }
            index = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        diagnostics.report(.error("front matter is not closed: add a line '---' after it", at: path))
        return Split(yaml: nil, body: text, bodyLineOffset: 0)
    }

    private static let newline = UInt8(ascii: "\n")

    static func parse(_ yaml: String, path: String, diagnostics: inout Diagnostics) -> FrontMatter {
        var front = FrontMatter()
        guard let document = YAMLDocument.parseFrontMatter(yaml, path: path, lineOffset: 1, diagnostics: &diagnostics)
        else {
            return front
        }
        for entry in document.entries {
            switch entry.key {
            case "title": front.title = document.string(entry, &diagnostics)
            case "description": front.description = document.string(entry, &diagnostics)
            case "date":
                guard let date = document.string(entry, &diagnostics) else { break }
                if DateCheck.isValid(date) {
                    front.date = date
                } else {
                    diagnostics.report(
                        document.error("'date' must be YYYY-MM-DD or an ISO 8601 date and time, not '\(date)'", entry))
                }
            case "draft": front.draft = document.bool(entry, &diagnostics) ?? false
            case "layout":
                front.layout = document.string(entry, &diagnostics) ?? "default"
                front.layoutPosition = .init(line: entry.line, column: entry.column)
            case "view":
                guard let text = document.string(entry, &diagnostics) else { break }
                if let view = ViewSpec(parsing: text) {
                    front.view = view
                } else {
                    let known = ViewSpec.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                    diagnostics.report(
                        document.error(
                            "'view' must be one of \(known), or a nesting like 'tabs > paged'; not '\(text)'", entry))
                }
            case "sectionLevel": front.sectionLevel = document.int(entry, in: 1...6, &diagnostics)
            case "segments":
                guard let labels = document.strings(entry, &diagnostics) else { break }
                if labels.count == 2 {
                    front.segments = labels
                } else {
                    diagnostics.report(
                        document.error("'segments' must be a list of two labels, like [Pages, All]", entry))
                }
            case "transition":
                guard let text = document.string(entry, &diagnostics) else { break }
                if let transition = FrontMatter.Transition(rawValue: text) {
                    front.transition = transition
                } else {
                    diagnostics.report(document.error("'transition' must be 'scroll' or 'fade', not '\(text)'", entry))
                }
            case "tabGroup": front.tabGroup = document.string(entry, &diagnostics)
            case "container": front.container = document.string(entry, &diagnostics)
            case "appearance":
                front.appearance = PageAppearance.parse(
                    entry.node, path: path, lineOffset: document.lineOffset, diagnostics: &diagnostics)
            case "tags": front.tags = document.strings(entry, &diagnostics) ?? []
            case "weight": front.weight = document.int(entry, &diagnostics)
            case "slug":
                guard let slug = document.string(entry, &diagnostics) else { break }
                // A control character (a NUL, a tab) would name a file no server or browser handles; a leading '.'
                // a hidden file, or Folio's own mark of the output (`.folio-output`).
                let control = slug.unicodeScalars.contains { $0.properties.generalCategory == .control }
                if slug.isEmpty || slug.contains("/") || slug.hasPrefix(".") || control {
                    diagnostics.report(
                        document.error(
                            "'slug' must be one URL segment without '/', a leading '.' or control characters, not "
                                + (control ? slug.debugDescription : "'\(slug)'"), entry))
                } else {
                    front.slug = slug
                }
            default:
                if entry.key == "image" { front.imagePosition = .init(line: entry.line, column: entry.column) }
                front.params.append((entry.key, YAMLDocument.value(entry.node)))
            }
        }
        return front
    }
}

/// `YYYY-MM-DD`, or ISO 8601 with a time: `2024-05-01T09:30`, `…:00Z`, `…+02:00`.
enum DateCheck {
    /// The days of a month of the Gregorian calendar (`2024-02-30` is no date: feeds would carry it as one).
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 10, let year = digits(0..<4), bytes[4] == 45, bytes[7] == 45,
            let month = digits(5..<7), (1...12).contains(month), let day = digits(8..<10),
            (1...days(inMonth: month, of: year)).contains(day)
        else { return false }
        if bytes.count == 10 { return true }
        guard bytes[10] == 84 || bytes[10] == 32, let hour = digits(11..<13), hour < 24, bytes.count >= 16,
            bytes[13] == 58,
            let minute = digits(14..<16), minute < 60
        else { return false }
        var rest = bytes[16...]
        if rest.first == 58 {
            guard let second = digits(17..<19), second <= 60 else { return false }
            rest = bytes[19...]
            if rest.first == 46 { rest = rest.dropFirst().drop { $0 >= 48 && $0 <= 57 } }
        }
        if rest.isEmpty || Array(rest) == [90] { return true }
        // An offset from UTC: `+HH:MM`, at most 23:59 (RFC 3339).
        let zone = Array(rest)
        guard zone.count == 6, zone[0] == 43 || zone[0] == 45, zone[3] == 58 else { return false }
        let offset = Array(zone[1...2]) + Array(zone[4...5])
        guard offset.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        return (offset[0] - 48) * 10 + (offset[1] - 48) <= 23 && (offset[2] - 48) * 10 + (offset[3] - 48) <= 59
    }
}
