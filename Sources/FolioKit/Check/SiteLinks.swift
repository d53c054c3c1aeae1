/// The links of every page that the site-wide check still needs, in compact form: a link to a page without a
/// fragment is resolved (and dropped) when its page is stored; an anchor keeps only its place and its fragment.
/// What the author wrote is not kept: a broken link's page is read again for its message (see LinkCheck).
struct SiteLinks {
    /// A link to `#fragment` on page `target` (an index of the site's pages), written on page `page`.
    struct Anchor {
        var page: Int32
        var target: Int32
        var line: Int32
        var column: Int32
        var fragment: String
    }

    /// A link that leaves the site; `ordinal` is its place among its page's links, `url` an index of `urls`.
    struct External {
        var page: Int32
        var ordinal: Int32
        var url: Int32
        var line: Int32
        var column: Int32
    }

    private(set) var anchors: [Anchor] = []
    /// Links to no page (a file, a missing page, a draft): few, kept whole.
    private(set) var others: [(page: Int, link: PageLink)] = []
    private(set) var externals: [External] = []
    /// Each external URL once: a site links the same few addresses from many pages.
    private(set) var urls: [String] = []
    private var urlIndex: [String: Int32] = [:]
    /// Links to pages, files and anchors of the site.
    private(set) var internalCount = 0

    /// One page's links as the site-wide check keeps them, resolved against the site's pages: made by the page's
    /// worker, outside the lock that `add` is called under.
    struct PageLinks {
        fileprivate var anchors: [Anchor] = []
        fileprivate var others: [(page: Int, link: PageLink)] = []
        fileprivate var externals: [(url: String, link: External)] = []
        fileprivate var internalCount = 0
    }

    mutating func add(_ links: [PageLink], page: Int, pageURLs: [String: Int]) {
        add(Self.resolve(links, page: page, pageURLs: pageURLs))
    }

    static func resolve(_ links: [PageLink], page: Int, pageURLs: [String: Int]) -> PageLinks {
        var resolved = PageLinks()
        // By index: each link's fields are read where they are, not each link copied (130,000 on the bench corpus).
        for ordinal in links.indices {
            let line = Int32(clamping: links[ordinal].line)
            let column = Int32(clamping: links[ordinal].column)
            switch links[ordinal].target {
            case .external(let url):
                resolved.externals.append(
                    (url, External(page: Int32(page), ordinal: Int32(ordinal), url: 0, line: line, column: column)))
            case .source:
                resolved.internalCount += 1
                resolved.others.append((page, links[ordinal]))
            case .site(let path, let fragment):
                resolved.internalCount += 1
                guard let target = Self.pageIndex(path, in: pageURLs) else {
                    resolved.others.append((page, links[ordinal]))
                    continue
                }
                guard let fragment, !fragment.isEmpty, fragment != "top" else { continue }
                resolved.anchors.append(
                    Anchor(page: Int32(page), target: Int32(target), line: line, column: column, fragment: fragment))
            }
        }
        return resolved
    }

    mutating func add(_ page: PageLinks) {
        anchors += page.anchors
        others += page.others
        internalCount += page.internalCount
        for (url, link) in page.externals {
            var link = link
            link.url = intern(url)
            externals.append(link)
        }
    }

    private mutating func intern(_ url: String) -> Int32 {
        if let index = urlIndex[url] { return index }
        let index = Int32(urls.count)
        urls.append(url)
        urlIndex[url] = index
        return index
    }

    /// `/a/b/`, `/a/b` and `/a/b/index.html` all open the page `/a/b/`.
    static func pageIndex(_ path: String, in byURL: [String: Int]) -> Int? {
        if let index = byURL[path] { return index }
        if path.hasSuffix("/index.html") { return byURL[String(path.dropLast("index.html".count))] }
        if !path.hasSuffix("/") { return byURL[path + "/"] }
        return nil
    }
}
