/// With `unsafeHTML: true` raw HTML is kept as written, but for its `javascript:` and `vbscript:` URLs, and in a URL
/// attribute `file:` and `data:` other than an image's: an attribute holding one is left out of its tag, the rest of
/// the tag and the HTML around it stay (a link keeps its text, as a Markdown link with such a URL does).
enum ScriptURLs {
    /// `html` — a block of raw HTML, or one inline tag (`inlineTag`) — without the attributes that hold a script URL,
    /// and what was left out; nil when a script URL remains that is no attribute of a tag the HTML5 parser reads (in a
    /// comment, or a tag it ignores here): the caller then leaves the whole piece out.
    static func removed(from html: String, inlineTag: Bool) -> (html: String, omissions: [HTMLSanitizer.Omission])? {
        let bytes = Array(html.utf8)
        let tokens =
            inlineTag
            ? HTMLTokenizer.tokens(
                of: html, context: HTMLAllowList.context(forStartTag: tagName(bytes))
            ).filter { $0.start == 0 }
            : HTMLTokenizer.tokens(of: html)
        var kept: [UInt8] = []
        // Everything kept but the text the parser read as text: where a script URL must not remain.
        var markup: [UInt8] = []
        var omissions: [HTMLSanitizer.Omission] = []
        var position = 0
        for token in tokens where token.start >= position {
            kept += bytes[position..<token.start]
            markup += bytes[position..<token.start]
            let source = bytes[token.start..<token.end]
            position = token.end
            switch token.kind {
            case .startTag(let name, let attributes)
            where attributes.contains(where: { refusedScheme($0, element: name) != nil }):
                var tag = Array("<\(name)".utf8)
                for attribute in attributes {
                    if let scheme = refusedScheme(attribute, element: name) {
                        omissions.append(.url(scheme: scheme, attribute: attribute.name, element: name))
                    } else {
                        tag += " \(attribute.name)=\"\(HTMLEscape.attribute(attribute.value))\"".utf8
                    }
                }
                tag += (source.suffix(2).elementsEqual("/>".utf8) ? "/>" : ">").utf8
                kept += tag
                markup += tag
            case .text where !source.contains(UInt8(ascii: "<")):
                kept += source
            default:
                kept += source
                markup += source
            }
        }
        kept += bytes[position...]
        markup += bytes[position...]
        if RawHTMLCheck.hasScriptURL(String(decoding: markup, as: UTF8.self)) { return nil }
        return (String(decoding: kept, as: UTF8.self), omissions)
    }

    /// The scheme of the URL that takes `attribute` out of its tag, or nil when it stays.
    private static func refusedScheme(_ attribute: HTMLTokenizer.Attribute, element: String) -> String? {
        if RawHTMLCheck.hasScriptURL(attribute.value) { return scheme(attribute.value) }
        guard urlAttributes.contains(attribute.name), let scheme = URLScheme.scheme(of: attribute.value) else {
            return nil
        }
        switch scheme {
        case "file": return scheme
        // Kept on an image as in the safe subset: `<img src="data:image/png;…">`.
        case "data": return URLScheme.refused(attribute.value, element: element, attribute: attribute.name)
        default: return nil
        }
    }

    /// The attributes whose value a browser loads or follows as a URL.
    private static let urlAttributes: Set<String> = [
        "href", "src", "srcset", "action", "formaction", "data", "poster", "cite", "background", "longdesc",
        "xlink:href", "ping", "manifest", "codebase", "icon", "lowsrc", "dynsrc",
    ]

    private static func scheme(_ value: String) -> String {
        if let scheme = URLScheme.scheme(of: value), scheme == "javascript" || scheme == "vbscript" { return scheme }
        return value.lowercased().contains("vbscript") ? "vbscript" : "javascript"
    }

    /// The name of the tag `bytes` starts with (`<a href…>` → `a`).
    private static func tagName(_ bytes: [UInt8]) -> String {
        let name = bytes.dropFirst().prefix { byte in
            byte != UInt8(ascii: " ") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") && byte > 0x20
        }
        return String(decoding: name, as: UTF8.self).lowercased()
    }
}
