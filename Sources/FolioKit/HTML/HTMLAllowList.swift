/// GitHub's safe subset of HTML: the elements and attributes its sanitizer (html-pipeline's `SanitizationFilter`,
/// plus `details`/`summary` and `picture`/`source` that github.com allows) keeps in Markdown.
enum HTMLAllowList {
    static let elements: Set<String> = [
        "h1", "h2", "h3", "h4", "h5", "h6", "br", "b", "i", "strong", "em", "a", "pre", "code", "img", "tt",
        "div", "ins", "del", "sup", "sub", "p", "ol", "ul", "table", "thead", "tbody", "tfoot", "blockquote",
        "dl", "dt", "dd", "kbd", "q", "samp", "var", "hr", "ruby", "rt", "rp", "li", "tr", "td", "th", "s",
        "strike", "summary", "details", "caption", "figure", "figcaption", "abbr", "bdo", "cite", "dfn", "mark",
        "small", "span", "time", "wbr", "picture", "source", "col", "colgroup",
    ]

    /// Elements that have no end tag.
    static let voidElements: Set<String> = ["br", "hr", "img", "wbr", "source", "col"]

    /// Elements dropped together with everything inside them: their content is code or a form, not text.
    /// GFM's tag filter: elements whose content the browser reads as text to their end tag, so that one left open
    /// takes the rest of the page.
    static let tagFilter: Set<String> = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ]

    static let droppedWithContent: Set<String> = [
        "script", "style", "template", "textarea", "title", "iframe", "noembed", "noframes", "noscript", "xmp",
        "select", "object", "svg", "math", "plaintext",
    ]

    /// Attributes allowed on every allowed element (no `style`, no `class`, no event handlers).
    static let globalAttributes: Set<String> = [
        "abbr", "align", "alt", "aria-describedby", "aria-hidden", "aria-label", "aria-labelledby", "axis", "border",
        "cellpadding", "cellspacing", "char", "charoff", "clear", "cols", "colspan", "color", "compact", "coords",
        "datetime", "dir", "headers", "height", "hreflang", "hspace", "id", "itemprop", "label", "lang", "media",
        "name", "nohref", "noshade", "nowrap", "open", "rel", "rev", "role", "rows", "rowspan", "rules", "scope",
        "shape", "size", "span", "start", "summary", "tabindex", "target", "title", "type", "valign", "value",
        "vspace", "width",
    ]

    /// Attributes allowed on one element only; those that hold a URL are checked by `URLAttribute`.
    static let elementAttributes: [String: Set<String>] = [
        "a": ["href"],
        "img": ["src", "srcset", "longdesc"],
        "source": ["srcset", "src", "sizes"],
        "div": ["itemscope", "itemtype"],
        "blockquote": ["cite"],
        "del": ["cite"],
        "ins": ["cite"],
        "q": ["cite"],
    ]

    static let urlAttributes: Set<String> = ["href", "src", "srcset", "longdesc", "cite"]

    /// The parser context a lone start tag needs so that the HTML5 tree builder keeps it.
    static func context(forStartTag name: String) -> String {
        switch name {
        case "td", "th": "tr"
        case "tr": "tbody"
        case "caption", "colgroup", "thead", "tbody", "tfoot": "table"
        case "col": "colgroup"
        default: "div"
        }
    }
}
