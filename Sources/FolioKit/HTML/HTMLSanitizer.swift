/// Keeps GitHub's safe subset of raw HTML (`HTMLAllowList`), token by token as the HTML5 parser reads it: allowed
/// elements are written again with their allowed attributes, others are dropped with their text kept (script-like
/// elements with their content), comments are dropped. Nothing is closed, moved or added, because cmark hands over
/// HTML in pieces (an inline tag at a time, a block up to a blank line) whose elements span several pieces.
struct HTMLSanitizer {
    /// What was left out, each told once, in the order met.
    enum Omission: Hashable {
        case element(String)
        case attribute(String, element: String)
        case url(scheme: String, attribute: String, element: String)
        /// A block whose elements nest deeper than `HTMLNesting.maxDepth`.
        case tooDeep

        var message: String {
            switch self {
            case .element(let name):
                "raw HTML <\(name)> omitted: it is not in GitHub's safe subset of HTML; set 'unsafeHTML: true' in site.yml to keep all raw HTML"
            case .attribute(let name, let element):
                "raw HTML attribute '\(name)' of <\(element)> omitted: it is not in GitHub's safe subset of HTML; set 'unsafeHTML: true' in site.yml to keep all raw HTML"
            case .url(let scheme, let attribute, let element):
                "raw HTML <\(element) \(attribute)> with a \(scheme): URL omitted: such links are never kept"
            case .tooDeep:
                "raw HTML block omitted: its elements nest more than \(HTMLNesting.maxDepth) deep, past where "
                    + "browsers stop nesting them; close the elements you open"
            }
        }
    }

    private(set) var omissions: [Omission] = []
    /// Where the tag of each omission starts in its piece (0 for those the sanitizer was made with).
    private(set) var omissionOffsets: [Int] = []
    /// Inside an element dropped with its content (`<script>` … `</script>`) across inline pieces.
    private(set) var droppingContentOf: String?
    /// What a link (`href`) or an image (`src`) written in raw HTML becomes: the page's Markdown links' rule, so that
    /// `<img src="images/logo.png">` — a README's centred logo — finds the file as `![](images/logo.png)` does.
    let rewriteURL: @Sendable (_ url: String, _ isImage: Bool) -> String
    /// Every `href` and `src` kept, as written, for the site's link check, with where its tag starts in the piece.
    private(set) var links: [(written: String, isImage: Bool, offset: Int)] = []
    /// Where the tag being sanitized starts in its piece.
    private var tagOffset = 0

    init(omissions: [Omission] = [], rewriteURL: @escaping @Sendable (String, Bool) -> String = { url, _ in url }) {
        self.omissions = omissions
        omissionOffsets = Array(repeating: 0, count: omissions.count)
        self.rewriteURL = rewriteURL
    }

    // MARK: Pieces

    /// A block of raw HTML: every token of it.
    mutating func sanitizeBlock(_ html: String) -> String {
        tagOffset = 0
        if HTMLNesting.isTooDeep(html) {
            note(.tooDeep)
            return ""
        }
        let bytes = Array(html.utf8)
        var output = ""
        var position = 0
        for token in HTMLTokenizer.tokens(of: html) where token.start >= position {
            if token.start > position { output += sanitizeIgnored(bytes[position..<token.start]) }
            position = token.end
            // gumbo joins the text around a tag its tree builder ignored (`a</td>b`) into one text node.
            if case .text = token.kind, !dropsText, bytes[token.start..<token.end].contains(UInt8(ascii: "<")) {
                output += sanitizeIgnored(bytes[token.start..<token.end])
            } else {
                tagOffset = token.start
                output += sanitize(token.kind)
            }
        }
        if position < bytes.count { output += sanitizeIgnored(bytes[position...]) }
        droppingContentOf = nil  // a block ends what it opened
        return output
    }

    /// One inline tag, as cmark hands it over (`<kbd>`, `</kbd>`, `<!-- … -->`).
    mutating func sanitizeTag(_ tag: String) -> String {
        if tag.hasPrefix("</") {
            return sanitize(.endTag(name: Self.tagName(tag.utf8.dropFirst(2))))
        }
        // Comments and declarations.
        guard tag.hasPrefix("<"), !tag.hasPrefix("<!"), !tag.hasPrefix("<?") else { return "" }
        let name = Self.tagName(tag.utf8.dropFirst())
        let context = HTMLAllowList.context(forStartTag: name)
        guard let token = HTMLTokenizer.tokens(of: tag, context: context).first(where: { $0.start == 0 }),
            case .startTag = token.kind
        else {
            if !name.isEmpty, !HTMLAllowList.elements.contains(name) { note(.element(name)) }
            return ""
        }
        return sanitize(token.kind)
    }

    /// The start tags, among inline `tags` (each with its parent), of `elements` — by default those dropped with
    /// their content (`<title>`, `<textarea>`, `<script>`…) — that no end tag of the same parent closes: prose that
    /// names a tag, as in "set the <title> of the page". Written as text (`&lt;title>`, as GitHub's tag filter does)
    /// rather than dropped with the rest of the paragraph (or, with `unsafeHTML`, taking the rest of the page into a
    /// `<title>`). Read from the last tag back, so in one pass.
    static func unclosedDroppedElements<Parent: Hashable>(
        _ tags: [(literal: String, parent: Parent?)], elements: Set<String> = HTMLAllowList.droppedWithContent
    ) -> Set<Int> {
        var unclosed: Set<Int> = []
        var endedLater: Set<String> = []
        var parent: Parent?
        for index in tags.indices.reversed() {
            let (literal, owner) = tags[index]
            if owner != parent {
                endedLater = []
                parent = owner
            }
            if literal.hasPrefix("</") {
                endedLater.insert(tagName(literal.utf8.dropFirst(2)))
                continue
            }
            guard literal.hasPrefix("<"), !literal.hasPrefix("<!"), !literal.hasPrefix("<?") else { continue }
            let name = tagName(literal.utf8.dropFirst())
            if elements.contains(name), !HTMLAllowList.voidElements.contains(name),
                !literal.hasSuffix("/>"), !endedLater.contains(name)
            {
                unclosed.insert(index)
            }
        }
        return unclosed
    }

    /// Text between inline tags: dropped while inside `<script>` and the like.
    var dropsText: Bool { droppingContentOf != nil }

    // MARK: Tokens

    private mutating func sanitize(_ kind: HTMLTokenizer.Token.Kind) -> String {
        if let dropping = droppingContentOf {
            if case .endTag(let name) = kind, name == dropping { droppingContentOf = nil }
            return ""
        }
        switch kind {
        case .comment:
            return ""
        case .text(let text):
            return HTMLEscape.text(text)
        case .endTag(let name):
            guard HTMLAllowList.elements.contains(name) else { return "" }
            return HTMLAllowList.voidElements.contains(name) ? "" : "</\(name)>"
        case .startTag(let name, let attributes):
            if HTMLAllowList.droppedWithContent.contains(name) {
                note(.element(name))
                if !HTMLAllowList.voidElements.contains(name) { droppingContentOf = name }
                return ""
            }
            guard HTMLAllowList.elements.contains(name) else {
                note(.element(name))
                return ""
            }
            var html = "<" + name
            var written: Set<String> = []
            let hasID = attributes.contains { $0.name == "id" }
            for attribute in attributes where !written.contains(attribute.name) {
                guard var (key, value) = keep(attribute, of: name) else { continue }
                // `<a name>` is obsolete in HTML5: browsers and Folio's script find an anchor by its id.
                if name == "a", key == "name" {
                    if hasID { continue }
                    key = "id"
                }
                if key == "id" || key == "name" { value = Self.authorID(value) }
                written.insert(key)
                html += " \(key)=\"\(HTMLEscape.attribute(value))\""
            }
            return html + ">"
        }
    }

    /// An attribute as it may stay, or nil.
    private mutating func keep(_ attribute: HTMLTokenizer.Attribute, of element: String) -> (String, String)? {
        let name = attribute.name
        guard
            HTMLAllowList.globalAttributes.contains(name)
                || HTMLAllowList.elementAttributes[element]?.contains(name) == true
        else {
            note(.attribute(name, element: element))
            return nil
        }
        if HTMLAllowList.urlAttributes.contains(name) {
            let urls = name == "srcset" ? Self.srcsetURLs(attribute.value) : [attribute.value]
            for url in urls {
                if let scheme = URLScheme.refused(url, element: element, attribute: name) {
                    note(.url(scheme: scheme, attribute: name, element: element))
                    return nil
                }
            }
            if name == "href" || name == "src" {
                links.append((attribute.value, name == "src", tagOffset))
                return (name, rewriteURL(attribute.value, name == "src"))
            }
        }
        return (name, attribute.value)
    }

    /// Ids and names written by authors stay as written, so links written on GitHub (`#intro`) keep working; those that
    /// Folio writes itself (`main`, `folio-paged-1`, …) get GitHub's `user-content-` prefix.
    static func authorID(_ value: String) -> String { ReservedIDs.authorID(value) }

    private mutating func note(_ omission: Omission) {
        if !omissions.contains(omission) {
            omissions.append(omission)
            omissionOffsets.append(tagOffset)
        }
    }

    // MARK: What the tree builder ignored

    /// Bytes no token covers: stray end tags, start tags out of place (`<td>` outside a table), doctypes.
    private mutating func sanitizeIgnored(_ bytes: ArraySlice<UInt8>) -> String {
        var output = ""
        var index = bytes.startIndex
        var text: [UInt8] = []
        func flush() {
            // Source text: its entities stay as written, only `<` and `>` are escaped.
            if !dropsText { output += Self.escapeSourceText(text) }
            text = []
        }
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "<"), let end = Self.tagEnd(bytes, from: index) {
                flush()
                tagOffset = index
                output += sanitizeTag(String(decoding: bytes[index..<end], as: UTF8.self))
                index = end
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        flush()
        return output
    }

    private static func escapeSourceText(_ bytes: [UInt8]) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"): escaped += Array("&lt;".utf8)
            case UInt8(ascii: ">"): escaped += Array("&gt;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// The end of a tag starting at `start` (after its `>`, quotes respected), or nil when it is not a tag.
    private static func tagEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        guard index < bytes.endIndex else { return nil }
        let first = bytes[index]
        let isLetter = (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
        guard isLetter || first == UInt8(ascii: "/") || first == UInt8(ascii: "!") || first == UInt8(ascii: "?") else {
            return nil
        }
        var quote: UInt8?
        while index < bytes.endIndex {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The lower-cased tag name at the start of `bytes` (letters, digits, `-`).
    private static func tagName<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        var name: [UInt8] = []
        for byte in bytes {
            let lower = byte | 0x20
            let isName =
                (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-")
            guard isName else { break }
            name.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? lower : byte)
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// The URLs of a `srcset` (each candidate's first word).
    private static func srcsetURLs(_ value: String) -> [String] {
        value.split(separator: ",").compactMap {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.map(String.init)
        }
    }
}
