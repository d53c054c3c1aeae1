#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        // The passes below each walk the whole tree for text holding what starts their construct; most pages hold
        // none of it, and one walk tells. The passes only split and wrap text, so none of them brings in a
        // character that the text did not hold before.
        let marks = TextMarks(document)
        let autolinks = marks.address ? GitHubAutolinks.linkURLs(in: document) : []
        if marks.tilde { GitHubStrikethrough.apply(to: document, autolinks: autolinks) }
        if marks.at { GitHubAutolinks.linkEmails(in: document) }
        if marks.bracket {
            GitHubTaskLists.apply(to: document)
            GitHubAlerts.apply(to: document)
        }
        return Result(ids: footnotes)
    }

    /// Which of the characters that start a construct of the passes any text node holds (outside code and raw
    /// HTML, which are not text nodes): `://` or `www.` (an address), `~`, `@`, `[` (a task or an alert marker).
    struct TextMarks {
        private(set) var address = false
        private(set) var tilde = false
        private(set) var at = false
        private(set) var bracket = false

        init(_ document: MarkdownDocument) {
            document.forEachNode { node in
                guard node.kind == .text, !(address && tilde && at && bracket) else { return }
                _ = node.withLiteral { note($0) }
            }
        }

        /// Notes what a text node's literal holds, in one pass: `strpbrk` stops at each byte that may start a mark (a
        /// page's few hundred text nodes were scanned five times each, once a mark).
        private mutating func note(_ text: UnsafePointer<CChar>) {
            var rest = text
            while let found = strpbrk(rest, "~@[:w") {
                switch UInt8(bitPattern: found[0]) {
                case UInt8(ascii: "~"): tilde = true
                case UInt8(ascii: "@"): at = true
                case UInt8(ascii: "["): bracket = true
                case UInt8(ascii: ":"): if strncmp(found, "://", 3) == 0 { address = true }
                case UInt8(ascii: "w"): if strncmp(found, "www.", 4) == 0 { address = true }
                default: break
                }
                rest = UnsafePointer(found) + 1
            }
        }
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
