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
/// written), held as numbers: each URL and page path once, each link 12 bytes. A site links about a dozen times a
/// page outside itself (1.3 million links on 100,000 bench pages); as `ExternalLink` values, 48 bytes each, the list
/// was 62 MB of such a build's peak memory. A page's links are the very list the link check kept for it
/// (`SiteLinks`), shared, not copied at the build's end.
public struct ExternalLinks: BidirectionalCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// One page's links, never none: its path (an index of `paths`) and its links in the order written.
    private struct Page: Sendable {
        var path: Int32
        var links: [SiteLinks.External]
    }

    /// A link's place: its page's, then its own among that page's links.
    public struct Index: Comparable, Sendable {
        fileprivate var page: Int
        fileprivate var link: Int

        public static func < (a: Index, b: Index) -> Bool { (a.page, a.link) < (b.page, b.link) }
    }

    private var urls: [String]
    private var paths: [String]
    private var pages: [Page] = []
    public private(set) var count = 0

    public init() { (urls, paths) = ([], []) }

    /// Links whose URLs are `urls` and whose pages' paths are `paths`, given by their indexes (`append(page:links:)`).
    init(urls: [String], paths: [String]) { (self.urls, self.paths) = (urls, paths) }

    public init(_ links: some Sequence<ExternalLink>) {
        self.init()
        for link in links { append(link.url, path: link.path, line: link.line, column: link.column) }
    }

    public init(arrayLiteral links: ExternalLink...) { self.init(links) }

    public var startIndex: Index { Index(page: 0, link: 0) }
    public var endIndex: Index { Index(page: pages.count, link: 0) }

    public func index(after index: Index) -> Index {
        index.link + 1 < pages[index.page].links.count
            ? Index(page: index.page, link: index.link + 1) : Index(page: index.page + 1, link: 0)
    }

    public func index(before index: Index) -> Index {
        index.link > 0
            ? Index(page: index.page, link: index.link - 1)
            : Index(page: index.page - 1, link: pages[index.page - 1].links.count - 1)
    }

    public subscript(index: Index) -> ExternalLink {
        let page = pages[index.page]
        let link = page.links[index.link]
        return ExternalLink(
            url: urls[Int(link.url)], path: paths[Int(page.path)], line: Int(link.line), column: Int(link.column))
    }

    /// The links of the page at `paths[path]`, their URLs given as indexes of `urls`.
    mutating func append(page path: Int32, links: [SiteLinks.External]) {
        guard !links.isEmpty else { return }
        pages.append(Page(path: path, links: links))
        count += links.count
    }

    /// A link given by its strings: a URL or path the same as the last one's is stored once (a page's links follow
    /// one another, and many share an address).
    mutating func append(_ url: String, path: String, line: Int, column: Int) {
        if urls.last != url { urls.append(url) }
        if pages.isEmpty || paths.last != path {
            paths.append(path)
            pages.append(Page(path: Int32(paths.count - 1), links: []))
        }
        pages[pages.count - 1].links.append(
            SiteLinks.External(url: Int32(urls.count - 1), line: Int32(clamping: line), column: Int32(clamping: column))
        )
        count += 1
    }

    /// These links with those of the pages at `edited` (paths) replaced by theirs in `new`: page by page in the order
    /// of `order`, every page's path in site order. A page that is not edited keeps its links as they are held here.
    func replacing(_ edited: Set<String>, with new: ExternalLinks, order: [String]) -> ExternalLinks {
        func byPath(_ links: ExternalLinks) -> [String: Int] {
            var byPath: [String: Int] = [:]
            byPath.reserveCapacity(links.pages.count)
            for index in links.pages.indices { byPath[links.paths[Int(links.pages[index].path)]] = index }
            return byPath
        }
        let kept = byPath(self)
        let added = byPath(new)
        // Every URL and path of both, the new ones after these: a kept page's links keep their numbers.
        var merged = ExternalLinks(urls: urls + new.urls, paths: paths + new.paths)
        let (urlShift, pathShift) = (Int32(urls.count), Int32(paths.count))
        for path in order {
            if edited.contains(path) {
                guard let index = added[path] else { continue }
                let page = new.pages[index]
                merged.append(
                    page: page.path + pathShift,
                    links: page.links.map {
                        SiteLinks.External(url: $0.url + urlShift, line: $0.line, column: $0.column)
                    })
            } else if let index = kept[path] {
                merged.append(page: pages[index].path, links: pages[index].links)
            }
        }
        return merged
    }

    public static func == (a: ExternalLinks, b: ExternalLinks) -> Bool { a.elementsEqual(b) }
}
