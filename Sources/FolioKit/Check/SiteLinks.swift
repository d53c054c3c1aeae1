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

    mutating func add(_ links: [PageLink], page: Int, pageURLs: [String: Int]) {
        for (ordinal, link) in links.enumerated() {
            switch link.target {
            case .external(let url):
                externals.append(
                    External(
                        page: Int32(page), ordinal: Int32(ordinal), url: intern(url),
                        line: Int32(clamping: link.line), column: Int32(clamping: link.column)))
            case .source:
                internalCount += 1
                others.append((page, link))
            case .site(let path, let fragment):
                internalCount += 1
                guard let target = Self.pageIndex(path, in: pageURLs) else {
                    others.append((page, link))
                    continue
                }
                guard let fragment, !fragment.isEmpty, fragment != "top" else { continue }
                anchors.append(
                    Anchor(
                        page: Int32(page), target: Int32(target), line: Int32(clamping: link.line),
                        column: Int32(clamping: link.column), fragment: fragment))
            }
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
