/// `Content/site.yml`.
public struct SiteConfig: Sendable {
    public struct NavItem: Sendable, Equatable {
        public var title: String
        public var url: String
        /// Where site.yml gives the url (0 for entries Folio makes itself), for the link check's messages.
        public var line = 0
        public var column = 0
    }

    public var title = ""
    public var baseURL = "/"
    public var language = "en"
    public var description: String?
    public var author: String?
    public var sectionLevel = 2
    public var unsafeHTML = false
    /// Follow symbolic links in Content/ and Templates/ whose target lies outside them (loops never are).
    public var followSymlinks = false
    /// Write the search index (`search/`).
    public var search = true
    public var nav: [NavItem]?
    /// Pages larger than this many bytes are an error rather than a slow build (`maxPageSize`, 10 MB by default).
    public var maxPageSize = 10 << 20
    /// Entries per page of a folder's listing (`paginate:`).
    public var paginate = 20
    /// Heading levels of the "On this page" list (`toc: 2-3`); nil: no list (`toc: false`).
    public var tocLevels: ClosedRange<Int>? = 2...3
    public var params: [(key: String, value: YAMLValue)] = []

    public init() {}

    /// The path part of `baseURL` (`/project/` for `https://host/project/`).
    public var basePath: String {
        var rest = Substring(baseURL)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        var path = String(rest)
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        return path
    }

    /// Why `url` cannot be the base URL (site.yml's `baseURL`, `--base-url`), or nil: it is written into every
    /// canonical link, feed and sitemap entry as it is, so it must be a URL as a browser's address bar shows it.
    public static func baseURLProblem(_ url: String) -> String? {
        let usage = "must be an http(s) URL or a path like /project/"
        if LinkPolicy.isDangerous(url, isImage: false) { return usage }
        if let scheme = URLScheme.scheme(of: url), scheme != "http", scheme != "https" {
            return "\(usage), not a \(scheme): URL"
        }
        // `%` starts the encoding itself: an encoded base (`/my%20docs/`) is fine.
        guard let byte = url.utf8.first(where: { $0 != UInt8(ascii: "%") && SitePath.needsEncoding($0) }) else {
            return nil
        }
        let shown =
            switch byte {
            case 0x20: "a space (write %20)"
            case ..<0x20, 0x7F: "a control character"
            default: "'\(Character(UnicodeScalar(byte)))'"
            }
        return "\(usage), with what a URL cannot hold percent-encoded; it holds \(shown)"
    }

    /// `baseURL` joined with a site path, when `baseURL` is absolute; empty otherwise. As sitemaps, feeds and
    /// canonical links want a URL: the path's characters outside ASCII percent-encoded too (`ü` is `%C3%BC`).
    public func absoluteURL(_ path: String) -> String {
        guard baseURL.contains("://") else { return "" }
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let encoded = SitePath.encoded(path)
        guard encoded.utf8.contains(where: { $0 >= 0x80 }) else { return base + encoded }
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in encoded.utf8 {
            if byte < 0x80 {
                bytes.append(byte)
            } else {
                bytes += [0x25, digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return base + String(decoding: bytes, as: UTF8.self)
    }
}
