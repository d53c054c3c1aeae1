/// GFM pipe tables. cmark reads a table as one paragraph (and smart punctuation would turn its
/// `---|---` row into dashes), so the table is recovered from the paragraph's source lines and its
/// cells are parsed again as inline Markdown: `<th>`/`<td>` with cmark-gfm's `align` attributes,
/// inside a box that scrolls sideways on its own (a `<div>` cmark-gfm does not write).
enum GitHubTables {
    static let wrapperStart = "<div class=\"table-scroll\" tabindex=\"0\">"

    enum Alignment { case none, left, center, right }

    static func apply(to document: MarkdownDocument) {
        guard ByteSearch.contains(document.source, byte: UInt8(ascii: "|")) else { return }
        var paragraphs: [MarkdownNode] = []
        document.forEachNode { node in
            if node.kind == .paragraph, node.endLine > node.line { paragraphs.append(node) }
        }
        guard !paragraphs.isEmpty else { return }
        var definitions: String?
        for paragraph in paragraphs {
            let lines = sourceLines(of: paragraph, in: document)
            guard let header = headerIndex(lines) else { continue }
            if definitions == nil { definitions = linkDefinitions(document.sourceLines) }
            let context = Context(definitions: definitions ?? "")
            if header > 0 {
                let before = MarkdownDocument(
                    parsing: lines[..<header].joined(separator: "\n") + context.suffix, unsafeHTML: false)
                for block in before.blocks { paragraph.insertBefore(block) }
            }
            let body = lines[(header + 2)...]
            let rows = rowsWithinLimit(body, columns: delimiterRow(lines[header + 1])?.count ?? 0)
            paragraph.insertBefore(
                table(header: lines[header], delimiter: lines[header + 1], body: body.prefix(rows), context))
            if rows < body.count {
                let after = MarkdownDocument(
                    parsing: body.dropFirst(rows).joined(separator: "\n") + context.suffix, unsafeHTML: false)
                for block in after.blocks { paragraph.insertBefore(block) }
            }
            paragraph.delete()
        }
    }

    /// Cells a table may add to its rows (a row shorter than the header gets empty ones): cmark-gfm's limit, 0x80000.
    /// A header of 4,000 columns over 10,000 one-cell lines — a 36 KB page — made 40 million cells, and the build
    /// ran out of memory.
    static let maxAddedCells = 0x80000

    /// How many of `body`'s lines stay rows of the table: past the limit of added cells, the table ends and the
    /// lines after it are read as text, as on GitHub.
    static func rowsWithinLimit(_ body: ArraySlice<String>, columns: Int) -> Int {
        var added = 0
        for (offset, line) in body.enumerated() {
            added += max(0, columns - cells(line).count)
            if added > maxAddedCells { return offset }
        }
        return body.count
    }

    /// The paragraph's lines as written, less the container prefixes (`>`, list indentation) before them.
    static func sourceLines(of paragraph: MarkdownNode, in document: MarkdownDocument) -> [String] {
        let all = document.sourceLines
        guard paragraph.line >= 1, paragraph.endLine <= all.count else { return [] }
        let prefix = max(paragraph.column - 1, 0)
        return (paragraph.line...paragraph.endLine).map { number in
            let line = all[number - 1].utf8
            if number == paragraph.line { return String(Substring(line.dropFirst(prefix))) }
            let dropped = line.prefix(prefix).prefix {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">")
            }
            return String(Substring(line.dropFirst(dropped.count)))
        }
    }

    /// The first line that a delimiter row with as many cells follows.
    static func headerIndex(_ lines: [String]) -> Int? {
        guard lines.count >= 2 else { return nil }
        for index in 1..<lines.count {
            guard let alignments = delimiterRow(lines[index]) else { continue }
            if cells(lines[index - 1]).count == alignments.count { return index - 1 }
        }
        return nil
    }

    /// `| :-- | :-: |`: one alignment per cell, or nil when the line is not a delimiter row.
    static func delimiterRow(_ line: String) -> [Alignment]? {
        guard ByteSearch.contains(line, byte: UInt8(ascii: "-")) else { return nil }
        let parts = cells(line)
        guard !parts.isEmpty else { return nil }
        var alignments: [Alignment] = []
        for part in parts {
            let left = part.hasPrefix(":")
            let right = part.hasSuffix(":") && part.count > 1
            let dashes = part.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return alignments
    }

    /// A row's cells, trimmed: split at pipes that no backslash escapes, outer pipes optional. As in cmark-gfm, a
    /// backslash escapes only the pipe right after it: `\\|` is a backslash and an escaped pipe, not a cell's end.
    static func cells(_ line: String) -> [String] {
        var bytes = Array(line.trimmed.utf8)
        if bytes.first == UInt8(ascii: "|") { bytes.removeFirst() }
        var parts: [String] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "|") {
                current += [byte, bytes[index + 1]]
                index += 2
                continue
            }
            if byte == UInt8(ascii: "|") {
                parts.append(String(decoding: current, as: UTF8.self).trimmed)
                current = []
            } else {
                current.append(byte)
            }
            index += 1
        }
        let last = String(decoding: current, as: UTF8.self).trimmed
        // A pipe at the end closes the row rather than opening an empty cell.
        if parts.isEmpty || !last.isEmpty { parts.append(last) }
        if parts == [""] { return [] }
        return parts
    }

    struct Context {
        var definitions: String
        /// Link reference definitions, so `[text][ref]` in a cell finds the page's definitions.
        var suffix: String { definitions.isEmpty ? "" : "\n\n" + definitions }
    }

    private static func table(header: String, delimiter: String, body: ArraySlice<String>, _ context: Context)
        -> MarkdownNode
    {
        let alignments = delimiterRow(delimiter) ?? []
        let table = MarkdownNode.custom(.customBlock, enter: wrapperStart + "\n<table>", exit: "</table>\n</div>")
        let head = MarkdownNode.custom(.customBlock, enter: "<thead>", exit: "</thead>")
        head.append(row(cells(header), tag: "th", alignments, context))
        table.append(head)
        if !body.isEmpty {
            let tbody = MarkdownNode.custom(.customBlock, enter: "<tbody>", exit: "</tbody>")
            for line in body { tbody.append(row(cells(line), tag: "td", alignments, context)) }
            table.append(tbody)
        }
        return table
    }

    /// One `<tr>`: as many cells as the header, missing ones empty, extra ones dropped.
    private static func row(_ texts: [String], tag: String, _ alignments: [Alignment], _ context: Context)
        -> MarkdownNode
    {
        let row = MarkdownNode.custom(.customBlock, enter: "<tr>", exit: "</tr>")
        for (index, alignment) in alignments.enumerated() {
            let attribute =
                switch alignment {
                case .none: ""
                case .left: " align=\"left\""
                case .center: " align=\"center\""
                case .right: " align=\"right\""
                }
            let cell = MarkdownNode.custom(.customInline, enter: "<\(tag)\(attribute)>", exit: "</\(tag)>\n")
            if index < texts.count { appendInlines(of: texts[index], to: cell, context) }
            row.append(cell)
        }
        return row
    }

    /// Parses a cell as a paragraph of its own. A no-break space in front keeps `- x` or `# x` from
    /// starting a block, and reads like the start of a line to emphasis and smart quotes.
    private static func appendInlines(of text: String, to cell: MarkdownNode, _ context: Context) {
        let unescaped = text.replacingPipeEscapes()
        guard !unescaped.isEmpty else { return }
        let fragment = MarkdownDocument(
            parsing: "\u{A0}" + unescaped + (unescaped.contains("[") ? context.suffix : ""), unsafeHTML: false)
        guard let paragraph = fragment.blocks.first, paragraph.kind == .paragraph else { return }
        for node in paragraph.children { cell.append(node) }
        if let first = cell.firstChild, first.kind == .text, first.literal.hasPrefix("\u{A0}") {
            let rest = String(first.literal.dropFirst())
            if rest.isEmpty { first.delete() } else { first.literal = rest }
        }
    }

    /// Lines that define links (`[label]: url`), with a title on the next line.
    private static func linkDefinitions(_ lines: [Substring]) -> String {
        var found: [Substring] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count <= 3, trimmed.hasPrefix("["), !trimmed.hasPrefix("[^"),
                let close = trimmed.firstIndex(of: "]"), trimmed[close...].hasPrefix("]:")
            else { continue }
            found.append(line)
            if index + 1 < lines.count, let next = lines[index + 1].first(where: { $0 != " " }), "\"'(".contains(next) {
                found.append(lines[index + 1])
            }
        }
        return found.joined(separator: "\n")
    }
}

extension String {
    fileprivate var trimmed: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }

    /// `\|` is a pipe in a cell, code spans included (the GFM spec's rule).
    fileprivate func replacingPipeEscapes() -> String {
        guard contains("\\|") else { return self }
        var result = ""
        var index = startIndex
        while index < endIndex {
            let next = self.index(after: index)
            if self[index] == "\\", next < endIndex, self[next] == "|" {
                result.append("|")
                index = self.index(after: next)
            } else {
                result.append(self[index])
                index = next
            }
        }
        return result
    }
}
