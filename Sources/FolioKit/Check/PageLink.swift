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
        if LinkPolicy.hasScheme(url) {
            // Runs for every link of every page: ASCII bytes, no lowercased copy.
            var scheme: [UInt8] = []
            for byte in url.utf8.prefix(8) {
                if byte == UInt8(ascii: ":") { break }
                scheme.append(byte | 0x20)
            }
            return scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8) ? .external(url) : nil
        }
        let (path, suffix) = LinkPolicy.splitSuffix(url)
        var fragment: String?
        if let hash = suffix.firstIndex(of: "#") {
            fragment = decoded(String(suffix[suffix.index(after: hash)...]))
        }
        if path.isEmpty { return .site(path: pageURL, fragment: fragment) }
        let plain = decoded(path)
        var joined = "/" + SitePath.join(directory: plain.hasPrefix("/") ? "" : String(pageURL.dropFirst()), plain)
        if plain.hasSuffix("/") && joined != "/" { joined += "/" }
        return .site(path: joined, fragment: fragment)
    }

    /// Percent-decoding only when there is something to decode (Foundation's is slow).
    private static func decoded(_ text: String) -> String {
        guard ByteSearch.contains(text, byte: UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

}
