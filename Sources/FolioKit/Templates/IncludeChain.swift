import Mustache

/// The templates being rendered inside one another, so a partial that includes itself stops instead of overflowing the stack.
///
/// swift-mustache renders partials recursively and has no limit of its own. Each template of the theme is
/// registered behind a small wrapper, `{{#folio-include-N}}{{> folio-body-N}}{{/folio-include-N}}{{#folio-include-end}}{{/folio-include-end}}`,
/// whose two section names this root context answers: entering counts one level more (and refuses past the limit),
/// leaving one less. A recursion over data that ends (a tree rendered by `{{#children}}{{> tree}}{{/children}}`) is
/// allowed up to `maxDepth` levels.
final class IncludeChain: MustacheParent {
    /// Templates inside one another, layout included.
    static let maxDepth = 100
    static let enterPrefix = "folio-include-"
    static let leaveName = "folio-include-end"
    static let bodyPrefix = "folio-body-"

    /// The context the layout or component is rendered with.
    private let root: any MustacheParent
    /// Template names by wrapper number.
    private let names: [String]
    private var open: [Int] = []
    /// How many of `open` were open before the render began (the enclosing template).
    private let enclosed: Int
    /// The chain that went past the limit, outermost first; once set, nothing more is entered.
    private(set) var stopped: [String]?

    /// `enclosing`: the template whose includes are rendered one at a time (the default layout, written directly
    /// around its partials), counted as open so that the depth and a reported chain are those of the whole page.
    init(_ root: any MustacheParent, names: [String], enclosing: String? = nil) {
        self.root = root
        self.names = names
        if let enclosing, let number = names.firstIndex(of: enclosing) { open = [number] }
        enclosed = open.count
    }

    /// The innermost template this render entered through its wrapper; nil while in the one it began with, when
    /// that has no wrapper (it includes nothing).
    var innermost: String? { open.count > enclosed ? open.last.map { names[$0] } : nil }

    func child(named name: String) -> Any? {
        if name == Self.leaveName {
            _ = open.popLast()
            return false
        }
        if name.hasPrefix(Self.enterPrefix), let number = Int(name.dropFirst(Self.enterPrefix.count)),
            names.indices.contains(number)
        {
            open.append(number)
            if stopped != nil { return false }
            if open.count > Self.maxDepth {
                stopped = open.map { names[$0] }
                return false
            }
            return true
        }
        return root.child(named: name)
    }

    /// Whether `text` has no tag that can include a template: no `{{>` or `{{<` (spaces allowed after the braces), no
    /// block `{{$` that a template extending it fills, and no `{{=` that could change the delimiters. Such a template is a leaf of every chain and needs no wrapper.
    static func includesNothing(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") {
                var next = index + 2
                while next < bytes.count, bytes[next] == UInt8(ascii: "{") { next += 1 }
                while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") {
                    next += 1
                }
                // A block (`{{$name}}`) too: a template extending this one puts its own text there, includes and all.
                let including: [UInt8] = [UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "$")]
                if next < bytes.count, including.contains(bytes[next]) {
                    return false
                }
                index = next
            } else {
                index += 1
            }
        }
        return true
    }

    /// The text of the wrapper registered under a template's own name.
    static func wrapper(number: Int) -> String {
        "{{#\(enterPrefix)\(number)}}{{> \(bodyPrefix)\(number)}}{{/\(enterPrefix)\(number)}}{{#\(leaveName)}}{{/\(leaveName)}}"
    }

    /// Where a template's text uses a name of the wrappers (which would let it undo the count) or of the direct partials.
    static func reservedNamePosition(in text: String) -> (line: Int, column: Int)? {
        let reserved = [enterPrefix, bodyPrefix, DirectPartial.prefix]
        guard reserved.contains(where: { text.contains($0) }) else { return nil }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = reserved.lazy.compactMap({ line.range(of: $0) }).first {
                return (number + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// `tree → tree → …`, `a → b → a → …`: the repeating part of the chain, shown once.
    static func describe(_ chain: [String]) -> String {
        guard let last = chain.last, let previous = chain.dropLast().lastIndex(of: last) else {
            return chain.joined(separator: " → ")
        }
        let cycle = chain[previous...]
        return cycle.joined(separator: " → ") + " → …"
    }
}
