/// `<a name="intro">` or `<a id="intro">` without `href`: an anchor GitHub READMEs put in headings.
enum HeadingAnchor {
    /// The anchor's name, when `tag` is such a start tag.
    static func read(_ tag: String) -> String? {
        guard tag.utf8.count > 2, tag.lowercased().hasPrefix("<a"), !tag.hasPrefix("</") else { return nil }
        guard let token = HTMLTokenizer.tokens(of: tag).first(where: { $0.start == 0 }),
            case .startTag("a", let attributes) = token.kind, !attributes.contains(where: { $0.name == "href" })
        else { return nil }
        let value = attributes.first { $0.name == "id" }?.value ?? attributes.first { $0.name == "name" }?.value
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
