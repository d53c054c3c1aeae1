/// A link that leaves the site, listed by `folio check` and fetched with `--external`.
public struct ExternalLink: Sendable, Equatable {
    public var url: String
    public var path: String
    public var line: Int
    public var column: Int

    public init(url: String, path: String, line: Int, column: Int) {
        (self.url, self.path, self.line, self.column) = (url, path, line, column)
    }
}

/// The links that leave the site, in the order the check lists them (page by page, each page's in the order
/// written), held as numbers: each URL and page path once, each link 16 bytes. A site links about a dozen times a
/// page outside itself (1.3 million links on 100,000 bench pages); as `ExternalLink` values, 48 bytes each, the list
/// was 62 MB of such a build's peak memory.
public struct ExternalLinks: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private struct Place: Sendable {
        var url: Int32
        var path: Int32
        var line: Int32
        var column: Int32
    }

    private var urls: [String]
    private var paths: [String]
    private var places: [Place] = []

    public init() { (urls, paths) = ([], []) }

    /// Links whose URLs are `urls` and whose pages' paths are `paths`, given by their indexes (`append(url:path:…)`).
    init(urls: [String], paths: [String]) { (self.urls, self.paths) = (urls, paths) }

    public init(_ links: some Sequence<ExternalLink>) {
        self.init()
        for link in links { append(link.url, path: link.path, line: link.line, column: link.column) }
    }

    public init(arrayLiteral links: ExternalLink...) { self.init(links) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { places.count }

    public subscript(index: Int) -> ExternalLink {
        let place = places[index]
        return ExternalLink(
            url: urls[Int(place.url)], path: paths[Int(place.path)], line: Int(place.line), column: Int(place.column))
    }

    mutating func reserveCapacity(_ count: Int) { places.reserveCapacity(count) }

    /// A link to `urls[url]` written on the page at `paths[path]`.
    mutating func append(url: Int32, path: Int32, line: Int32, column: Int32) {
        places.append(Place(url: url, path: path, line: line, column: column))
    }

    /// A link given by its strings: a URL or path the same as the last one's is stored once (a page's links follow
    /// one another, and many share an address).
    mutating func append(_ url: String, path: String, line: Int, column: Int) {
        if urls.last != url { urls.append(url) }
        if paths.last != path { paths.append(path) }
        append(
            url: Int32(urls.count - 1), path: Int32(paths.count - 1), line: Int32(clamping: line),
            column: Int32(clamping: column))
    }

    public static func == (a: ExternalLinks, b: ExternalLinks) -> Bool { a.elementsEqual(b) }
}
