/// Keeps the raw HTML of each piece of a page that Folio places on its own — the intro, a section's rows, a heading,
/// a row — from reaching into the page's markup around it. GitHub renders a README as one document, where a
/// `<div align="center">` opened before a heading and closed after it centres both; Folio puts each section in a
/// tab, a page or an item of a list, and that `</div>` closed the view's markup instead: the rest of the page fell out
/// of its view.
///
/// A piece is read as the browser's HTML5 parser reads it (`HTMLTokenizer.fragment`): end tags that close nothing of
/// the piece are dropped, elements it leaves open are closed at its end (formatting elements too, which the parser
/// would bring back in every later paragraph), and a `<div>` left open is opened again, without its id, at the start
/// of the next piece, so that what the author centred stays centred.
struct HTMLBalancer {
    /// The start tags of the `<div>`s the last piece left open, outermost first.
    private var reopened = ""
    /// The elements other than those `<div>`s that the last piece opened and left open (`details`), which it closed.
    private var closedAtEnd: [String] = []
    /// Whether the last piece nested deeper than `maxDepth`, and was left as it is: the HTML parser takes time that
    /// grows with the square of the depth.
    private(set) var tooDeep = false

    /// Deeper than browsers nest (`HTMLNesting.maxDepth`), as `HTMLNesting` counts depth without building a tree: a
    /// `<b>` left open in each of 513 list items counts 513, though the parser closes each at its `</li>`.
    static let maxDepth = 4096

    /// At most this many `<div>`s go on from one piece to the next: a README wraps its sections in one or two, and a page
    /// whose every section opens one more would otherwise repeat them all in every section after.
    static let maxReopened = 8

    /// Whether the next piece starts with `<div>`s the last one left open.
    var reopens: Bool { !reopened.isEmpty }

    /// The kinds of element the last piece closed at its end (`closedAtEnd`), each named once, told once.
    mutating func takeClosedAtEnd() -> [String] {
        defer { closedAtEnd = [] }
        var named: Set<String> = []
        return closedAtEnd.filter { named.insert($0).inserted }
    }

    /// `html`, balanced, after the `<div>`s the last piece left open.
    mutating func balance(_ html: String) -> String {
        let source = reopened + html
        if HTMLNesting.isWellNested(source) {
            (reopened, closedAtEnd, tooDeep) = ("", [], false)
            return source
        }
        tooDeep = HTMLNesting.isTooDeep(source, limit: Self.maxDepth)
        guard !tooDeep else {
            (reopened, closedAtEnd) = ("", [])
            return source
        }
        let fragment = HTMLTokenizer.fragment(of: source)
        let carried = fragment.open.prefix { $0.name == "div" }.prefix(Self.maxReopened)
        reopened = carried.map(Self.startTag).joined()
        // A heading closes a `<p>` by itself, in a browser as on GitHub: no need to tell.
        closedAtEnd = fragment.open.dropFirst(carried.count).filter { $0.hasStartTag && $0.name != "p" }.map(\.name)
        guard !fragment.strayEndTags.isEmpty || !fragment.open.isEmpty || !fragment.unclosedFormatting.isEmpty else {
            return source
        }
        let bytes = Array(source.utf8)
        var balanced: [UInt8] = []
        balanced.reserveCapacity(bytes.count)
        var position = 0
        for stray in fragment.strayEndTags {
            balanced += bytes[position..<stray.lowerBound]
            position = stray.upperBound
        }
        balanced += bytes[position...]
        for element in fragment.open.reversed() { balanced += "</\(element.name)>".utf8 }
        for name in fragment.unclosedFormatting { balanced += "</\(name)>".utf8 }
        return String(decoding: balanced, as: UTF8.self)
    }

    /// `html` balanced on its own: a heading or a row, which the page shows apart from the others.
    static func balanced(_ html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "<")) else { return html }
        var balancer = HTMLBalancer()
        return balancer.balance(html)
    }

    /// A start tag opening `element` again, without the id that its first start tag gave the page.
    private static func startTag(_ element: HTMLTokenizer.Element) -> String {
        var tag = "<" + element.name
        for attribute in element.attributes where attribute.name != "id" && attribute.name != "name" {
            tag += " \(attribute.name)=\"\(HTMLEscape.attribute(attribute.value))\""
        }
        return tag + ">"
    }
}
