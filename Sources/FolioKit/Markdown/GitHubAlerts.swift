/// GitHub alerts: a top-level block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` becomes a titled callout in GitHub's markup
/// (`<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>…`).
enum GitHubAlerts {
    static let start = "<div class=\"markdown-alert "
    static let kinds = [
        "note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning", "caution": "Caution",
    ]

    static func apply(to document: MarkdownDocument) {
        for block in document.blocks where block.kind == .blockQuote {
            guard let paragraph = block.firstChild, paragraph.kind == .paragraph,
                let text = paragraph.firstChild, text.kind == .text,
                let kind = marker(text.literal), let title = kinds[kind]
            else { continue }
            // The marker is alone on its line, and something follows it.
            let after = text.next
            guard after == nil || after?.kind == .softBreak || after?.kind == .lineBreak else { continue }
            guard after != nil || paragraph.next != nil else { continue }
            text.delete()
            after?.delete()
            if paragraph.firstChild == nil { paragraph.delete() }
            let alert = MarkdownNode.custom(
                .customBlock,
                enter: start + "markdown-alert-\(kind)\">\n<p class=\"markdown-alert-title\">\(title)</p>",
                exit: "</div>")
            block.insertBefore(alert)
            for child in block.children { alert.append(child) }
            block.delete()
        }
    }

    /// `[!NOTE]` (any case, spaces after it allowed) → `note`.
    static func marker(_ literal: String) -> String? {
        var text = Substring(literal)
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        guard text.hasPrefix("[!"), text.hasSuffix("]") else { return nil }
        let kind = text.dropFirst(2).dropLast().lowercased()
        return kinds[kind] == nil ? nil : kind
    }
}
