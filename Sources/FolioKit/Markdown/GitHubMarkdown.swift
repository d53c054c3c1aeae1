/// GitHub-flavored Markdown over cmark's tree. libcmark has no extension API, so each construct is
/// a pass that rewrites the parsed document into nodes cmark renders itself (custom nodes carry their
/// HTML), and rows, sections, links and plain text downstream see an ordinary document.
enum GitHubMarkdown {
    struct Result {
        /// Ids the passes wrote (footnotes), for heading ids to avoid.
        var ids: [String] = []
    }

    /// The passes, in the order GitHub's parser meets the constructs.
    static func apply(to document: MarkdownDocument) -> Result {
        GitHubTables.apply(to: document)
        document.consolidateText()
        let footnotes = GitHubFootnotes.apply(to: document)
        let autolinks = GitHubAutolinks.linkURLs(in: document)
        GitHubStrikethrough.apply(to: document, autolinks: autolinks)
        GitHubAutolinks.linkEmails(in: document)
        GitHubTaskLists.apply(to: document)
        GitHubAlerts.apply(to: document)
        return Result(ids: footnotes)
    }

    /// The row a top-level block made by these passes becomes.
    static func rowKind(of block: MarkdownNode) -> Row.Kind? {
        guard block.kind == .customBlock else { return nil }
        let html = block.onEnter
        if html.hasPrefix(GitHubTables.wrapperStart) { return .table }
        if html.hasPrefix(GitHubAlerts.start) { return .alert }
        if html.hasPrefix(GitHubFootnotes.listStart) { return .footnotes }
        return nil
    }

    /// Text nodes in document order, outside code, raw HTML and images (and links, when `inLinks` is false).
    static func textNodes(in root: MarkdownNode, inLinks: Bool) -> [MarkdownNode] {
        var nodes: [MarkdownNode] = []
        func visit(_ node: MarkdownNode) {
            var next = node.firstChild
            while let child = next {
                next = child.next
                switch child.kind {
                case .text: nodes.append(child)
                case .code, .codeBlock, .htmlBlock, .htmlInline, .image: break
                case .link where !inLinks: break
                default: visit(child)
                }
            }
        }
        visit(root)
        return nodes
    }

    /// Puts `pieces` where `node` was, and frees `node`.
    static func replace(_ node: MarkdownNode, with pieces: [MarkdownNode]) {
        for piece in pieces { node.insertBefore(piece) }
        node.delete()
    }

    /// Escapes text for an HTML attribute or element.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
