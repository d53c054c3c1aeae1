/// GFM task list items: a list item starting `[ ]` or `[x]` gets a disabled checkbox, as cmark-gfm
/// writes it (inside the first paragraph of a tight list, before it in a loose one), plus an
/// accessible name: the item's first paragraph, so a screen reader says what the task is.
enum GitHubTaskLists {
    static func apply(to document: MarkdownDocument) {
        var items: [MarkdownNode] = []
        document.forEachNode { node in
            if node.kind == .item { items.append(node) }
        }
        for item in items { mark(item) }
    }

    private static func mark(_ item: MarkdownNode) {
        guard let paragraph = item.firstChild, paragraph.kind == .paragraph,
            let text = paragraph.firstChild, text.kind == .text
        else { return }
        let literal = text.literal
        guard literal.hasPrefix("[ ]") || literal.hasPrefix("[x]") || literal.hasPrefix("[X]") else { return }
        let rest = literal.dropFirst(3)
        guard let space = rest.first, space == " " || space == "\t" || rest.isEmpty && text.next?.kind == .softBreak
        else { return }
        let checked = literal.hasPrefix("[ ]") ? "" : "checked=\"\" "
        let content = rest.drop { $0 == " " || $0 == "\t" }
        if content.isEmpty { text.delete() } else { text.literal = String(content) }
        let name = GitHubMarkdown.escape(paragraph.plainText.trimmingWhitespace())
        let html = "<input type=\"checkbox\" \(checked)disabled=\"\" aria-label=\"\(name)\" /> "
        if item.parent?.isTightList ?? true {
            paragraph.prepend(.custom(.customInline, enter: html))
        } else {
            paragraph.insertBefore(.custom(.customBlock, enter: html))
        }
    }
}
