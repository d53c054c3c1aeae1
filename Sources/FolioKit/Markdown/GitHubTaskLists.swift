/// GFM task list items: a list item starting `[ ]` or `[x]` gets a disabled checkbox, as cmark-gfm
/// writes it (inside the first paragraph of a tight list, before it in a loose one), plus an
/// accessible name: the item's first paragraph, so a screen reader says what the task is.
enum GitHubTaskLists {
    static func apply(to document: MarkdownDocument) {
        var items: [MarkdownNode] = []
        document.forEachNode { node in
            if node.kind == .item { items.append(node) }
        }
        for item in items { mark(item, in: document) }
    }

    private static func mark(_ item: MarkdownNode, in document: MarkdownDocument) {
        guard let paragraph = item.firstChild, paragraph.kind == .paragraph,
            let text = paragraph.firstChild, text.kind == .text
        else { return }
        let literal = text.literal
        guard literal.hasPrefix("[ ]") || literal.hasPrefix("[x]") || literal.hasPrefix("[X]") else { return }
        let rest = literal.dropFirst(3)
        let isTask =
            if let space = rest.first { space == " " || space == "\t" } else {
                text.next?.kind == .softBreak || text.next == nil && spaceFollows(paragraph, in: document)
            }
        guard isTask else { return }
        let checked = literal.hasPrefix("[ ]") ? "" : "checked=\"\" "
        let content = rest.drop { $0 == " " || $0 == "\t" }
        if content.isEmpty { text.delete() } else { text.literal = String(content) }
        // An empty task (`- [ ] `, a checklist template's) still needs a name.
        let task = paragraph.plainText.trimmingWhitespace()
        let name = task.isEmpty ? "Task" : GitHubMarkdown.escape(task)
        let html = "<input type=\"checkbox\" \(checked)disabled=\"\" aria-label=\"\(name)\" /> "
        if item.parent?.isTightList ?? true {
            paragraph.prepend(.custom(.customInline, enter: html))
        } else {
            paragraph.insertBefore(.custom(.customBlock, enter: html))
        }
    }

    /// Whether a space or a tab follows the `[ ]` that starts `paragraph` in the source: cmark drops a line's trailing
    /// spaces, and GitHub makes `- [ ] ` a task but not `- [ ]`.
    private static func spaceFollows(_ paragraph: MarkdownNode, in document: MarkdownDocument) -> Bool {
        guard paragraph.line >= 1, paragraph.line <= document.sourceLines.count else { return false }
        let line = document.sourceLines[paragraph.line - 1].utf8
        guard let at = line.index(line.startIndex, offsetBy: paragraph.column - 1 + 3, limitedBy: line.endIndex),
            at < line.endIndex
        else { return false }
        return line[at] == UInt8(ascii: " ") || line[at] == UInt8(ascii: "\t")
    }
}
