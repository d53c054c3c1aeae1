/// GFM strikethrough: `~x~` and `~~x~~` become `<del>`. A run of one or two tildes opens or closes
/// by the same flanking rules as `*`, an opener pairs with the nearest closer of the same length,
/// and runs of three or more stay text (cmark-gfm's rules).
enum GitHubStrikethrough {
    private struct Delimiter {
        var node: MarkdownNode
        var count: Int
        var canOpen: Bool
        var canClose: Bool
    }

    /// `autolinks`: links made from bare addresses, whose first and last characters are text to their neighbours.
    static func apply(to document: MarkdownDocument, autolinks: Set<MarkdownNode>) {
        visit(document.documentNode, autolinks)
    }

    /// Walks the children by their links (no array per container unless one holds a `~`).
    private static func visit(_ container: MarkdownNode, _ autolinks: Set<MarkdownNode>) {
        var child = container.firstChild
        while let node = child {
            if node.kind == .text, node.literalContains(UInt8(ascii: "~")) {
                strike(container.children, autolinks)
                break
            }
            child = node.next
        }
        child = container.firstChild
        while let node = child {
            child = node.next
            switch node.kind {
            case .text, .code, .codeBlock, .htmlBlock, .htmlInline, .image: break
            default: visit(node, autolinks)
            }
        }
    }

    private static func strike(_ children: [MarkdownNode], _ autolinks: Set<MarkdownNode>) {
        // Neighbours are read before any text node is split (and freed).
        let edges = children.indices.map { index in
            (
                before: index > 0 ? edge(of: children[index - 1], last: true, autolinks) : nil,
                after: index + 1 < children.count ? edge(of: children[index + 1], last: false, autolinks) : nil
            )
        }
        var delimiters: [Delimiter] = []
        for (index, child) in children.enumerated() where child.kind == .text {
            delimiters += split(child, before: edges[index].before, after: edges[index].after)
        }
        var openers: [Delimiter] = []
        for closer in delimiters {
            if closer.canClose, let index = openers.lastIndex(where: \.canOpen) {
                if openers[index].count == closer.count {
                    wrap(from: openers[index].node, to: closer.node)
                    openers.removeSubrange(index...)
                    continue
                }
            }
            if closer.canOpen { openers.append(closer) }
        }
    }

    /// Splits a text node so each run of one or two tildes is a node of its own.
    private static func split(_ text: MarkdownNode, before: Unicode.Scalar?, after: Unicode.Scalar?) -> [Delimiter] {
        let scalars = Array(text.literal.unicodeScalars)
        var pieces: [MarkdownNode] = []
        var delimiters: [Delimiter] = []
        var start = 0
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "~" else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, scalars[end] == "~" { end += 1 }
            let count = end - index
            let previous = index > 0 ? scalars[index - 1] : before
            let next = end < scalars.count ? scalars[end] : after
            let (left, right) = flanking(previous: previous, next: next)
            if count <= 2, left || right {
                if start < index { pieces.append(.text(String(String.UnicodeScalarView(scalars[start..<index])))) }
                let node = MarkdownNode.text(String(repeating: "~", count: count))
                pieces.append(node)
                delimiters.append(Delimiter(node: node, count: count, canOpen: left, canClose: right))
                start = end
            }
            index = end
        }
        guard !delimiters.isEmpty else { return [] }
        if start < scalars.count { pieces.append(.text(String(String.UnicodeScalarView(scalars[start...])))) }
        GitHubMarkdown.replace(text, with: pieces)
        return delimiters
    }

    /// CommonMark's left- and right-flanking rules; the edge of the line counts as whitespace.
    static func flanking(previous: Unicode.Scalar?, next: Unicode.Scalar?) -> (left: Bool, right: Bool) {
        let beforeSpace = previous.map(isWhitespace) ?? true
        let afterSpace = next.map(isWhitespace) ?? true
        let beforePunctuation = previous.map(isPunctuation) ?? false
        let afterPunctuation = next.map(isPunctuation) ?? false
        let left = !afterSpace && (!afterPunctuation || beforeSpace || beforePunctuation)
        let right = !beforeSpace && (!beforePunctuation || afterSpace || afterPunctuation)
        return (left, right)
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
            || scalar.properties.generalCategory == .spaceSeparator
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(scalar) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default: return false
        }
    }

    /// The character the parser would see at the edge of a neighbouring node.
    private static func edge(of node: MarkdownNode, last: Bool, _ autolinks: Set<MarkdownNode>) -> Unicode.Scalar? {
        switch node.kind {
        case .text:
            let scalars = node.literal.unicodeScalars
            return last ? scalars.last : scalars.first
        case .softBreak, .lineBreak: return "\n"
        case .code: return "`"
        case .emphasis, .strong: return "*"
        case .htmlInline: return last ? ">" : "<"
        case .image: return last ? ")" : "!"
        case .link where autolinks.contains(node):
            let scalars = node.plainText.unicodeScalars
            return last ? scalars.last : scalars.first
        case .link: return last ? ")" : "["
        default: return last ? "]" : "["
        }
    }

    /// Moves everything between the two delimiters into a `<del>` and drops the delimiters.
    private static func wrap(from opener: MarkdownNode, to closer: MarkdownNode) {
        let del = MarkdownNode.custom(.customInline, enter: "<del>", exit: "</del>")
        opener.insertBefore(del)
        var node = opener.next
        while let current = node, current != closer {
            node = current.next
            del.append(current)
        }
        opener.delete()
        closer.delete()
    }
}
