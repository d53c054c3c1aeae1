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

    /// `baseURL` joined with a site path, when `baseURL` is absolute; empty otherwise.
    public func absoluteURL(_ path: String) -> String {
        guard baseURL.contains("://") else { return "" }
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + SitePath.encoded(path)
    }
}
