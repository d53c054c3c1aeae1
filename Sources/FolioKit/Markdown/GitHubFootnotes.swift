/// GFM footnotes: `[^label]` references and `[^label]: …` definitions (`FootnoteSource` makes the
/// definitions list items cmark can parse). Notes are numbered in order of first reference and
/// written with cmark-gfm's markup (`fn-label`, `fnref-label`, `data-footnote-ref`, back-links).
///
/// Where the list goes: a note is listed at the end of the text of the section that first refers
/// to it (before that section's first subheading), not at the end of the page, so a note referred
/// to inside a tab or a page of a paged view is read without leaving that tab or page.
enum GitHubFootnotes {
    static let listStart = "<section class=\"footnotes\" data-footnotes>"

    private final class Note {
        let label: String
        let item: MarkdownNode
        var number = 0
        var references = 0
        var group = 0

        init(label: String, item: MarkdownNode) {
            self.label = label
            self.item = item
        }

        var anchor: String { GitHubFootnotes.idText(label) }
    }

    /// Applies the pass; returns the ids it wrote.
    static func apply(to document: MarkdownDocument) -> [String] {
        let definitionLines = document.footnoteDefinitionLines
        guard !definitionLines.isEmpty else { return [] }
        var notes: [String: Note] = [:]
        var items: [MarkdownNode] = []
        var duplicates: [MarkdownNode] = []
        document.forEachNode { node in
            if node.kind == .item, definitionLines[node.line] != nil { items.append(node) }
        }
        for item in items {
            guard let label = definitionLines[item.line] else { continue }
            let list = item.parent
            let note = MarkdownNode.custom(.customBlock, enter: "<li id=\"fn-\(idText(label))\">", exit: "</li>")
            for child in item.children { note.append(child) }
            item.delete()
            if let list, list.firstChild == nil { list.delete() }
            let key = normalize(label)
            if notes[key] == nil { notes[key] = Note(label: label, item: note) } else { duplicates.append(note) }
        }
        // Freed only now: a later definition may be nested inside a repeated one.
        for note in duplicates { note.delete() }

        // Number the references in the page, then those inside notes, in order.
        var numbered: [Note] = []
        let groups = groupOfBlocks(document)
        for text in GitHubMarkdown.textNodes(in: document.documentNode, inLinks: false) {
            link(text, notes: notes, numbered: &numbered) { group(of: $0, groups) }
        }
        var index = 0
        while index < numbered.count {
            let owner = numbered[index]
            for text in GitHubMarkdown.textNodes(in: owner.item, inLinks: false) {
                link(text, notes: notes, numbered: &numbered) { _ in owner.group }
            }
            index += 1
        }

        var ids: [String] = []
        for note in numbered {
            addBackLinks(note)
            ids.append("fn-\(note.anchor)")
            ids += (1...note.references).map { referenceID(note, $0) }
        }
        insertLists(numbered, document)
        for note in notes.values where note.number == 0 { note.item.delete() }
        return ids
    }

    /// Replaces `[^label]` in a text node with a reference when the label has a definition.
    private static func link(
        _ text: MarkdownNode, notes: [String: Note], numbered: inout [Note], group: (MarkdownNode) -> Int
    ) {
        let literal = text.literal
        guard ByteSearch.contains(literal, "[^") else { return }
        var pieces: [MarkdownNode] = []
        var pending = Substring(literal)
        var rest = Substring(literal)
        var changed = false
        while let open = rest.range(of: "[^") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "]") else { break }
            let label = after[..<close]
            guard !label.isEmpty, !label.contains(where: \.isWhitespace), let note = notes[normalize(String(label))]
            else {
                rest = after
                continue
            }
            let before = pending[..<open.lowerBound]
            if !before.isEmpty { pieces.append(.text(String(before))) }
            if note.number == 0 {
                numbered.append(note)
                note.number = numbered.count
                note.group = group(text)
            }
            note.references += 1
            let html =
                "<sup class=\"footnote-ref\"><a href=\"#fn-\(note.anchor)\" id=\"\(referenceID(note, note.references))\" data-footnote-ref>\(note.number)</a></sup>"
            pieces.append(.custom(.customInline, enter: html))
            rest = after[after.index(after: close)...]
            pending = rest
            changed = true
        }
        guard changed else { return }
        if !pending.isEmpty { pieces.append(.text(String(pending))) }
        GitHubMarkdown.replace(text, with: pieces)
    }

    private static func referenceID(_ note: Note, _ index: Int) -> String {
        index == 1 ? "fnref-\(note.anchor)" : "fnref-\(note.anchor)-\(index)"
    }

    /// `↩` links back to every reference, at the end of the note's last paragraph (cmark-gfm's markup).
    private static func addBackLinks(_ note: Note) {
        var html = ""
        for index in 1...note.references {
            let suffix = index == 1 ? "\(note.number)" : "\(note.number)-\(index)"
            html += index == 1 ? "" : " "
            html += "<a href=\"#\(referenceID(note, index))\" class=\"footnote-backref\" data-footnote-backref"
            html += " data-footnote-backref-idx=\"\(suffix)\" aria-label=\"Back to reference \(suffix)\">↩"
            html += index == 1 ? "</a>" : "<sup class=\"footnote-ref\">\(index)</sup></a>"
        }
        if let last = note.item.lastChild, last.kind == .paragraph {
            last.append(.custom(.customInline, enter: " " + html))
        } else {
            note.item.append(.custom(.customInline, enter: html))
        }
    }

    /// Each group's notes go before the top-level heading that ends the group (or at the end).
    private static func insertLists(_ notes: [Note], _ document: MarkdownDocument) {
        let headings = document.blocks.filter { $0.kind == .heading }
        var byGroup: [Int: [Note]] = [:]
        for note in notes { byGroup[note.group, default: []].append(note) }
        for (group, members) in byGroup {
            let first = members[0].number
            let list = MarkdownNode.custom(
                .customBlock, enter: listStart + "\n" + (first == 1 ? "<ol>" : "<ol start=\"\(first)\">"),
                exit: "</ol>\n</section>")
            for note in members { list.append(note.item) }
            if group + 1 < headings.count {
                headings[group + 1].insertBefore(list)
            } else {
                document.documentNode.append(list)
            }
        }
    }

    /// Top-level block → the index of the last top-level heading at or before it (-1 before any).
    private static func groupOfBlocks(_ document: MarkdownDocument) -> [MarkdownNode: Int] {
        var groups: [MarkdownNode: Int] = [:]
        var current = -1
        for block in document.blocks {
            if block.kind == .heading { current += 1 }
            groups[block] = current
        }
        return groups
    }

    private static func group(of node: MarkdownNode, _ groups: [MarkdownNode: Int]) -> Int {
        var top = node
        while let parent = top.parent, parent.kind != .document { top = parent }
        return groups[top] ?? -1
    }

    /// Labels match as link labels do: case and inner whitespace do not count.
    static func normalize(_ label: String) -> String {
        label.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A label as it appears in `id` and `href`: percent-encoded where a URL needs it, as cmark-gfm does.
    static func idText(_ label: String) -> String {
        var result = ""
        for byte in label.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))
                    || "-_.~!*'();:@$,/?#[]+=".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else if byte == UInt8(ascii: "&") {
                result += "&amp;"
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return result
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
