extension PageLink {
    /// The link a cmark link or image node makes, after the link policy; nil when there is nothing to check. A link
    /// written in raw HTML is at its HTML node, an image when `isImage` says so.
    init?(
        node: MarkdownNode, written: String, outcome: LinkPolicy.Outcome, pageURL: String, lineOffset: Int,
        isImage: Bool? = nil
    ) {
        let target: Target
        switch outcome {
        case .missingPage(let path):
            let (_, suffix) = LinkPolicy.splitSuffix(written)
            let fragment = suffix.hasPrefix("#") ? String(suffix.dropFirst()) : nil
            target = .source(path: path, fragment: fragment)
        case .replace(let url, sitePath: let sitePath?):
            target = .site(path: sitePath, fragment: PageLink.fragment(of: url))
        case .replace(let url, sitePath: nil):
            guard let resolved = PageLink.target(emitted: url, pageURL: pageURL) else { return nil }
            target = resolved
        case .keep:
            guard let resolved = PageLink.target(emitted: written, pageURL: pageURL) else { return nil }
            target = resolved
        }
        // Inline nodes of older cmark versions have no position: take the nearest block's.
        var located: MarkdownNode? = node
        while let current = located, current.line == 0 { located = current.parent }
        self.init(
            target: target, line: (located?.line ?? 1) + lineOffset, column: located?.column ?? 1,
            isImage: isImage ?? (node.kind == .image), written: written)
    }
}
