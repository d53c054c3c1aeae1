/// The links of every page that the site-wide check still needs, in compact form, page by page: a link to a page
/// without a fragment is resolved (and dropped) when its page is stored; an anchor keeps only its place and its
/// fragment. What the author wrote is not kept: a broken link's page is read again for its message (see LinkCheck).
///
/// Each page's links stay in their own slot, where its worker left them: storing a page costs no copy of the site's
/// links, and `folio serve` hands an unchanged page's slot on to its next build as it is.
struct SiteLinks: Sendable, Equatable {
    /// A link to `#fragment` on page `target` (an index of the site's pages); `fragment` is an index of `fragments`.
    /// 16 bytes: a site of 100,000 pages holds over a million, to the check.
    struct Anchor: Sendable, Equatable {
        var target: Int32
        var line: Int32
        var column: Int32
        var fragment: Int32
    }

    /// A link that leaves the site; `url` is an index of `urls`.
    struct External: Sendable, Equatable {
        var url: Int32
        var line: Int32
        var column: Int32
    }

    /// One page's links as the site-wide check keeps them.
    struct PageLinks: Sendable, Equatable {
        fileprivate(set) var anchors: [Anchor] = []
        /// Links to no page (a file, a missing page, a draft): few, kept whole.
        fileprivate(set) var others: [PageLink] = []
        fileprivate(set) var externals: [External] = []
        /// Links to pages, files and anchors of the site.
        fileprivate(set) var internalCount = 0
    }

    /// A page's links resolved against the site's pages by the page's own worker, outside the lock that `set` is
    /// called under: its external URLs (`urls[i]` is `links.externals[i]`'s) and its anchors' fragments
    /// (`fragments[i]` is `links.anchors[i]`'s) are not in the site's lists yet.
    struct Resolved {
        fileprivate var links = PageLinks()
        fileprivate var urls: [String] = []
        fileprivate var fragments: [String] = []

        /// The page's links to pages, files and anchors of the site.
        var internalCount: Int { links.internalCount }

        /// Adds the page's next link, in the order written, leading to `target`: resolved against the site's pages
        /// (`pageURLs`); `link` gives the whole link, kept only when it leads to no page (a file, a missing page).
        @inline(__always)
        mutating func add(
            _ target: PageLink.Target, line: Int, column: Int, pageURLs: [String: Int], link: () -> PageLink
        ) {
            let line = Int32(clamping: line)
            let column = Int32(clamping: column)
            switch target {
            case .external(let url):
                urls.append(url)
                links.externals.append(External(url: 0, line: line, column: column))
            case .source:
                links.internalCount += 1
                links.others.append(link())
            case .site(let path, let fragment):
                links.internalCount += 1
                guard let page = SiteLinks.pageIndex(path, in: pageURLs) else {
                    links.others.append(link())
                    return
                }
                guard let fragment, !fragment.isEmpty, fragment != "top" else { return }
                fragments.append(fragment)
                links.anchors.append(Anchor(target: Int32(page), line: line, column: column, fragment: 0))
            }
        }
    }

    /// Per page, in site order (empty for a page not stored).
    private(set) var pages: [PageLinks]
    /// Each external URL once: a site links the same few addresses from many pages.
    private(set) var urls: [String] = []
    private var urlIndex: [String: Int32] = [:]
    /// Each anchor's fragment once: a site's anchors lead to the same few heading ids from many pages.
    private(set) var fragments: [String] = []
    private var fragmentIndex: [String: Int32] = [:]

    init(pageCount: Int) {
        pages = Array(repeating: PageLinks(), count: pageCount)
    }

    /// Links to pages, files and anchors of the site.
    var internalCount: Int {
        pages.withUnsafeBufferPointer { pages in pages.reduce(0) { $0 + $1.internalCount } }
    }

    static func resolve(_ links: [PageLink], pageURLs: [String: Int]) -> Resolved {
        var resolved = Resolved()
        // By index: each link's fields are read where they are, not each link copied (130,000 on the bench corpus).
        for ordinal in links.indices {
            resolved.add(
                links[ordinal].target, line: links[ordinal].line, column: links[ordinal].column, pageURLs: pageURLs
            ) { links[ordinal] }
        }
        return resolved
    }

    /// Stores page `page`'s links, its external URLs and fragments added to the site's lists.
    mutating func set(_ resolved: Resolved, page: Int) {
        var links = resolved.links
        for index in resolved.urls.indices {
            links.externals[index].url = Self.intern(resolved.urls[index], in: &urls, &urlIndex)
        }
        // Made here at their size, with their fragments' numbers: kept to the check by every page, the anchors grew a
        // link at a time, and their spare room was about a fifth of their memory at the peak of a build of 100,000
        // pages.
        links.anchors = resolved.links.anchors.indices.map { index in
            var anchor = resolved.links.anchors[index]
            anchor.fragment = Self.intern(resolved.fragments[index], in: &fragments, &fragmentIndex)
            return anchor
        }
        pages[page] = links
    }

    /// The fragment `anchor` leads to.
    func fragment(of anchor: Anchor) -> String { fragments[Int(anchor.fragment)] }

    private static func intern(_ text: String, in list: inout [String], _ index: inout [String: Int32]) -> Int32 {
        if let known = index[text] { return known }
        let new = Int32(list.count)
        list.append(text)
        index[text] = new
        return new
    }

    /// `/a/b/`, `/a/b` and `/a/b/index.html` all open the page `/a/b/`.
    static func pageIndex(_ path: String, in byURL: [String: Int]) -> Int? {
        pageIndex(path) { byURL[$0] }
    }

    /// The same, with the page at a URL found by `page`.
    static func pageIndex(_ path: String, page: (String) -> Int?) -> Int? {
        if let index = page(path) { return index }
        if path.hasSuffix("/index.html") { return page(String(path.dropLast("index.html".count))) }
        if !path.hasSuffix("/") { return page(path + "/") }
        return nil
    }
}
