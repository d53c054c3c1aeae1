import Foundation

/// A link or image written in a page's Markdown, where it points, and where it stands in the file.
public struct PageLink: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        /// A path of the built site (`/guide/setup/`, `/images/a.svg`) and the fragment after `#`, if any.
        case site(path: String, fragment: String?)
        /// A `.md` file of the content folder that is no page of this site (missing, a draft, or skipped).
        case source(path: String, fragment: String?)
        /// `http(s)://…` and `//host/…`: outside the site.
        case external(String)
    }

    public var target: Target
    public var line: Int
    public var column: Int
    public var isImage: Bool
    /// The destination as the author wrote it, for messages.
    public var written: String

    public init(target: Target, line: Int, column: Int, isImage: Bool, written: String) {
        self.target = target
        self.line = line
        self.column = column
        self.isImage = isImage
        self.written = written
    }

    /// Where the link leads, from what the link policy made of its destination on the page at `pageURL`;
    /// nil for links never checked (mailto:, tel:, dropped dangerous ones).
    static func target(emitted url: String, pageURL: String) -> Target? {
        if url.isEmpty { return nil }
        if url.hasPrefix("//") { return .external("https:" + url) }
        if LinkPolicy.hasScheme(url) { return isWebLink(url) ? .external(url) : nil }
        let suffix = suffixStart(url)
        let decodedFragment = fragment(of: url, suffix: suffix)
        if suffix == url.utf8.startIndex { return .site(path: pageURL, fragment: decodedFragment) }
        let plain = SitePath.decoded(String(url[..<suffix]))
        // The page's URL is its folder: `join` reads its segments, the leading slash included or not.
        var joined = "/" + SitePath.join(directory: plain.hasPrefix("/") ? "" : pageURL, plain)
        if plain.hasSuffix("/") && joined != "/" { joined += "/" }
        return .site(path: joined, fragment: decodedFragment)
    }

    /// The fragment of a destination, decoded: what follows the `#` of its suffix, if it has one.
    static func fragment(of url: String) -> String? { fragment(of: url, suffix: suffixStart(url)) }

    // Run for every link of every page: the suffix (`#…` or `?…`) and the fragment are found by byte.
    private static func suffixStart(_ url: String) -> String.Index {
        url.utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? url.utf8.endIndex
    }

    private static func fragment(of url: String, suffix: String.Index) -> String? {
        guard let hash = url.utf8[suffix...].firstIndex(of: UInt8(ascii: "#")) else { return nil }
        return SitePath.decoded(String(url[url.utf8.index(after: hash)...]))
    }

    private static let https = Array("https".utf8)

    /// Whether a URL with a scheme is `http:` or `https:` (in any case), without copying its scheme.
    private static func isWebLink(_ url: String) -> Bool {
        for (index, byte) in url.utf8.enumerated() {
            if byte == UInt8(ascii: ":") { return index == 4 || index == 5 }
            guard index < 5, byte | 0x20 == https[index] else { return false }
        }
        return false
    }

}
