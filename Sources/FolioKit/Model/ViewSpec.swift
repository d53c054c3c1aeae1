/// How sections render: one container kind per level, outermost first (`tabs > paged`).
public struct ViewSpec: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case list, paged, tabs, segmented
    }

    public var kinds: [Kind]

    public init(_ kinds: [Kind]) { self.kinds = kinds.isEmpty ? [.list] : kinds }

    public static let list = ViewSpec([.list])

    /// Parses `paged` or `tabs > paged`; nil when a part is not a known view.
    public init?(parsing text: String) {
        let parts = text.split(separator: ">", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        var kinds: [Kind] = []
        for part in parts {
            guard let kind = Kind(rawValue: part) else { return nil }
            kinds.append(kind)
        }
        guard !kinds.isEmpty else { return nil }
        self.kinds = kinds
    }

    /// The outermost container.
    public var kind: Kind { kinds[0] }

    /// What the sections one level down render with, if the nesting names one.
    public var inner: ViewSpec? { kinds.count > 1 ? ViewSpec(Array(kinds.dropFirst())) : nil }

    public var description: String { kinds.map(\.rawValue).joined(separator: " > ") }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        // Fast path: most text has no surrounding white space.
        let string = String(self)
        if let first = string.utf8.first, let last = string.utf8.last, first > 0x20, first < 0x80, last > 0x20,
            last < 0x80
        {
            return string
        }
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(string[first...last])
    }
}

extension ViewSpec {
    /// What a segmented view's "All" list puts before the ids of the sections it repeats: `all-`, and for a segmented
    /// view inside another `all2-`, then `all3-`: a token of its own a level, so that the inner view's list inside the
    /// outer one's pages and its pages inside the outer one's list never share an id.
    static func allListPrefix(depth: Int) -> String { depth == 0 ? "all-" : "all\(depth + 1)-" }
}
