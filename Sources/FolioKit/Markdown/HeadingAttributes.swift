/// `{#id view=paged}` at the end of a heading: Pandoc-style attributes, parsed and removed from the text.
struct HeadingAttributes: Equatable {
    var id: String?
    var classes: [String] = []
    var values: [(key: String, value: String)] = []

    static func == (lhs: HeadingAttributes, rhs: HeadingAttributes) -> Bool {
        lhs.id == rhs.id && lhs.classes == rhs.classes
            && lhs.values.map(\.key) == rhs.values.map(\.key) && lhs.values.map(\.value) == rhs.values.map(\.value)
    }

    func value(_ key: String) -> String? { values.last { $0.key == key }?.value }

    /// Splits `Title {#id}` into the title and its attributes; nil when the text has no attribute block.
    /// Offset is the attribute block's position in `text`, in characters, for error columns.
    static func split(_ text: String) -> (text: String, attributes: HeadingAttributes, offset: Int)? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasSuffix("}"), let open = trimmed.lastIndex(of: "{") else { return nil }
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard let attributes = parse(inside) else { return nil }
        let title = String(trimmed[..<open]).trimmingWhitespace()
        return (title, attributes, trimmed.distance(from: trimmed.startIndex, to: open))
    }

    private static func parse(_ body: Substring) -> HeadingAttributes? {
        var attributes = HeadingAttributes()
        var rest = body[...]
        var sawAny = false
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { break }
            sawAny = true
            if first == "#" || first == "." {
                let word = rest.dropFirst().prefix { !$0.isWhitespace }
                guard !word.isEmpty else { return nil }
                if first == "#" { attributes.id = String(word) } else { attributes.classes.append(String(word)) }
                rest = rest.dropFirst(word.count + 1)
                continue
            }
            let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            guard !key.isEmpty else { return nil }
            rest = rest.dropFirst(key.count)
            guard rest.first == "=" else { return nil }
            rest = rest.dropFirst()
            let value: Substring
            if let quote = rest.first, let close = Self.closingQuote[quote] {
                let inner = rest.dropFirst()
                guard let end = inner.firstIndex(of: close) else { return nil }
                value = inner[..<end]
                rest = inner[inner.index(after: end)...]
            } else {
                value = rest.prefix { !$0.isWhitespace }
                rest = rest.dropFirst(value.count)
            }
            var joined = String(value)
            // A nesting written as the guide writes it, `{view=tabs > paged}`, is one value: the words joined by `>`.
            while true {
                let after = rest.drop { $0 == " " || $0 == "\t" }
                guard let next = after.first, joined.hasSuffix(">") || next == ">" else { break }
                let word = after.prefix { !$0.isWhitespace }
                joined += " " + word
                rest = after.dropFirst(word.count)
            }
            attributes.values.append((String(key), joined))
        }
        return sawAny ? attributes : nil
    }

    // Smart punctuation turns straight quotes into curly ones before we see the text.
    private static let closingQuote: [Character: Character] = [
        "\"": "\"", "'": "'", "\u{201C}": "\u{201D}", "\u{2018}": "\u{2019}",
    ]
}
