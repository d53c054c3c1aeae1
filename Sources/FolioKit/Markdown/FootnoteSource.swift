/// Footnote definitions (`[^label]: text`) as cmark can parse them.
///
/// cmark reads `[^note]: Text.` as a link reference definition (and drops it) and a definition's
/// indented second paragraph as code. A definition is a container like a list item whose content
/// starts four columns in, so before parsing its marker is written as a list marker of that width;
/// `GitHubFootnotes` then finds those list items by line. Lines inside code and HTML blocks are left alone.
enum FootnoteSource {
    struct Rewritten {
        var text: String
        /// Line (1-based) of each definition → its label as written.
        var labels: [Int: String]
    }

    /// A cheap test before the real one.
    static func mayDefine(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.count > 4 && ByteSearch.contains($0, "[^") && ByteSearch.contains($0, "]:") }
    }

    static func rewrite(_ text: String, skippingLines skipped: Set<Int>) -> Rewritten? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var labels: [Int: String] = [:]
        for index in lines.indices where !skipped.contains(index + 1) {
            guard let definition = parse(lines[index]) else { continue }
            let rest = definition.rest.drop { $0 == " " || $0 == "\t" }
            // `+` plus three spaces puts the content at column 4; an empty first line needs a three-wide marker.
            lines[index] = definition.indent + (rest.isEmpty || rest == "\r" ? "10." + rest : "+   " + rest)
            labels[index + 1] = definition.label
        }
        guard !labels.isEmpty else { return nil }
        return Rewritten(text: lines.joined(separator: "\n"), labels: labels)
    }

    /// `[^label]:` at the start of a line (up to three spaces in): the indent, the label and what follows.
    static func parse(_ line: String) -> (indent: String, label: String, rest: Substring)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        var rest = line.dropFirst(indent.count)
        guard rest.hasPrefix("[^") else { return nil }
        rest = rest.dropFirst(2)
        let label = rest.prefix { $0 != "]" && !$0.isWhitespace }
        rest = rest.dropFirst(label.count)
        guard !label.isEmpty, rest.hasPrefix("]:") else { return nil }
        return (String(indent), String(label), rest.dropFirst(2))
    }
}
