import Foundation

/// Checks every internal link of the site against what the build produces: pages, files, and the ids of each page,
/// wherever a view put them (a tab, a page of a paged view, the segmented view's list).
struct LinkCheck {
    struct Result {
        var internalLinks = 0
        var external = ExternalLinks()
        /// Every anchor found broken, by the page it is on (what a next check of the same pages can take as it is).
        var brokenAnchors: [BrokenAnchor] = []
        /// Why some broken links have no "did you mean" (see `LinkHints`).
        var note: String?
        /// Whether a message depends on a Markdown file that is no page (see `LinkHints.looksAtContentFiles`).
        var looksAtContentFiles = false
    }

    /// An anchor of page `page` whose target has no such id. Its fragment is an index of the check's `links`, which a
    /// next check with `Recheck` starts from (`SiteFacts.Kept`): the index still names the same fragment there.
    struct BrokenAnchor: Sendable {
        var page: Int
        var anchor: SiteLinks.Anchor
    }

    /// Which pages' anchors to check, and the anchors found broken before on the others: a check after a build in
    /// which only the pages `pages` were stored, none of them with other ids than before (`folio serve`), takes the
    /// other pages' broken anchors as the last check found them. nil: every page's are checked.
    struct Recheck {
        var pages: Set<Int>
        var brokenBefore: [BrokenAnchor]
    }

    let site: Site
    /// Per page, in site order: its ids joined by NUL (nil: not built).
    let ids: [String?]
    let links: SiteLinks
    /// Site paths of every other file of the output (`/images/a.svg`, `/assets/folio.css`, `/sitemap.xml`).
    let files: Set<String>
    /// Under `--strict` a broken link is an error, not a warning.
    var strict = false
    /// Whether the result lists the external links (`folio check` and the build's report do; `folio serve` does not).
    var listsExternalLinks = true
    var recheck: Recheck?
    /// Whether the `nav` of site.yml is checked too (an edit's check takes its findings from the last check's record).
    var checksNav = true

    private var pages: [PageSource] { site.pages }
    private var contentDirectory: String { site.contentDirectory }

    /// Each broken link goes to `diagnostics`, at the place the author wrote it.
    func run(diagnostics: inout Diagnostics) -> Result {
        var result = Result()
        result.internalLinks = links.internalCount
        var broken: [(page: Int, line: Int, column: Int, message: (String, inout LinkHints) -> String)] = []
        func report(_ anchor: SiteLinks.Anchor, on page: Int) {
            result.brokenAnchors.append(BrokenAnchor(page: page, anchor: anchor))
            broken.append(
                (
                    page, Int(anchor.line), Int(anchor.column),
                    { written, hints in
                        self.missingAnchor(
                            links.fragment(of: anchor), on: Int(anchor.target), from: page, written: written,
                            hints: &hints)
                    }
                ))
        }

        // Each anchor checked where it is written, page by page, against its target's ids: a page's few dozen ids
        // are scanned where they lie; a page with many is made a set once.
        let pageLinks = links.pages
        var manyIDs: [Int: Set<Substring>] = [:]
        for before in recheck?.brokenBefore ?? [] where recheck?.pages.contains(before.page) == false {
            report(before.anchor, on: before.page)
        }
        ids.withUnsafeBufferPointer { ids in
            for page in recheck.map({ $0.pages.sorted() }) ?? Array(pageLinks.indices) {
                for anchor in pageLinks[page].anchors {
                    let target = Int(anchor.target)
                    if Self.idCount(ids[target]) <= Self.scannedIDs {
                        if Self.joined(ids[target], contains: links.fragment(of: anchor)) { continue }
                    } else {
                        if manyIDs[target] == nil {
                            var known = Set<Substring>()
                            Self.forEachID(ids[target] ?? "") { known.insert($0) }
                            manyIDs[target] = known
                        }
                        if manyIDs[target]!.contains(Substring(links.fragment(of: anchor))) { continue }
                    }
                    report(anchor, on: page)
                }
            }
        }

        var hints = LinkHints()
        for page in pageLinks.indices {
            for link in pageLinks[page].others {
                switch link.target {
                case .source(let path, _):
                    diagnostics.report(
                        diagnostic(
                            page, link.line, link.column, missingSource(path, written: link.written, hints: &hints)))
                case .site(let path, _) where !files.contains(path):
                    diagnostics.report(
                        diagnostic(
                            page, link.line, link.column, missingPath(path, written: link.written, hints: &hints)))
                default:
                    break
                }
            }
        }

        if checksNav { checkNav(hints: &hints, diagnostics: &diagnostics) }

        // What the author wrote, for the message: the pages with a broken anchor are read again (few; nothing kept).
        // In the site's order: which links a spent budget leaves without a suggestion is the same from build to build.
        for (page, group) in Dictionary(grouping: broken, by: \.page).sorted(by: { $0.key < $1.key }) {
            let written = writtenLinks(of: page)
            for item in group {
                let text = written.first { $0.line == item.line && $0.column == item.column }?.written ?? "#"
                diagnostics.report(diagnostic(page, item.line, item.column, item.message(text, &hints)))
            }
        }

        result.note = hints.note
        result.looksAtContentFiles = hints.looksAtContentFiles
        guard listsExternalLinks else { return result }
        // Page by page, each page's in the order written.
        result.external = ExternalLinks(urls: links.urls, paths: pages.map(\.displayPath))
        for page in pageLinks.indices { result.external.append(page: Int32(page), links: pageLinks[page].externals) }
        return result
    }

    /// The `nav` of site.yml, shown on every page: each site path leads to a page (and its id, after `#`) or a file.
    private func checkNav(hints: inout LinkHints, diagnostics: inout Diagnostics) {
        for item in site.config.nav ?? [] where item.url.hasPrefix("/") && !item.url.hasPrefix("//") {
            guard case .site(let path, let fragment) = PageLink.target(emitted: item.url, pageURL: "/") else {
                continue
            }
            var message: String?
            // As a page's link would: `/a`, `/a/` and `/a/index.html` all open `/a/` (a few nav entries: no map made).
            if let target = SiteLinks.pageIndex(path, page: { url in pages.firstIndex { $0.url == url } }) {
                if let fragment, !fragment.isEmpty, fragment != "top", !Self.joined(ids[target], contains: fragment) {
                    message = missingAnchor(fragment, on: target, from: -1, written: item.url, hints: &hints)
                }
            } else if !files.contains(path) {
                message = missingPath(path, written: item.url, hints: &hints)
            }
            guard let message else { continue }
            diagnostics.report(
                Diagnostic(
                    path: FileTree.display(contentDirectory, "site.yml"), line: item.line, column: item.column,
                    severity: strict ? .error : .warning, message: message))
        }
    }

    private func diagnostic(_ page: Int, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
        Diagnostic(
            path: pages[page].displayPath, line: line, column: column, severity: strict ? .error : .warning,
            message: message)
    }

    /// The links of a page as written in its Markdown, read again.
    private func writtenLinks(of index: Int) -> [PageLink] {
        PageLoader.reload(pages[index], site: site).links
    }

    /// The length of joined ids scanned for an anchor; longer ones are made a set.
    static let scannedIDs = 2048

    /// The length in bytes of a page's joined ids.
    private static func idCount(_ joined: borrowing String?) -> Int {
        switch joined {
        case .some(let joined): joined.utf8.count
        case .none: 0
        }
    }

    /// Whether `id` is one of the ids `joined` by NUL, found by comparing bytes where they lie (a String copied is
    /// retained: the link check reads a page's ids once per link to it).
    static func joined(_ joined: borrowing String?, contains id: String) -> Bool {
        switch joined {
        case .none:
            return false
        case .some(let joined):
            let found = joined.utf8.withContiguousStorageIfAvailable { all -> Bool? in
                id.utf8.withContiguousStorageIfAvailable { id in
                    var start = 0
                    while start <= all.count {
                        var end = start
                        while end < all.count, all[end] != 0 { end += 1 }
                        if end - start == id.count, id.count > 0,
                            memcmp(all.baseAddress! + start, id.baseAddress!, id.count) == 0
                        {
                            return true
                        }
                        start = end + 1
                    }
                    return false
                }
            }
            if let found = found ?? nil { return found }
            return splitIDs(String(joined)).contains(id)
        }
    }

    private static func splitIDs(_ joined: String) -> [String] {
        joined.split(separator: "\u{0}").map(String.init)
    }

    /// Calls `body` with each of a page's ids, joined by NUL: split on the byte, not on Characters (no id holds a NUL).
    static func forEachID(_ joined: String, _ body: (Substring) -> Void) {
        let bytes = joined.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == 0 {
                if start != index { body(Substring(bytes[start..<index])) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start != index { body(Substring(bytes[start..<index])) }
    }

    private func idList(_ page: Int) -> [String] {
        Self.splitIDs(ids[page] ?? "")
    }

    private func missingAnchor(
        _ fragment: String, on target: Int, from page: Int, written: String, hints: inout LinkHints
    ) -> String {
        let targetPage = pages[target]
        let place = target == page ? "on this page" : "on \(targetPage.url) (\(targetPage.displayPath))"
        var message = "broken link '\(written)': no id '\(fragment)' \(place)"
        if let id = hints.id(near: fragment, onPage: target, ids: { idList(target) }) {
            message += "; did you mean '#\(id)'?"
        }
        return message
    }

    private func missingPath(_ path: String, written: String, hints: inout LinkHints) -> String {
        if let draft = unbuiltSource(forURL: path, hints: &hints) {
            return missingSource(draft, written: written, hints: &hints)
        }
        var message = "broken link '\(written)': the site has no page or file \(path)"
        if let near = hints.file(near: path, pages: pages, files: files) {
            // As it must be written: `/what?/` unencoded would be the page `/what` and a query again.
            message += "; did you mean '\(SitePath.encoded(near))'?"
        }
        return message
    }

    private func missingSource(_ path: String, written: String, hints: inout LinkHints) -> String {
        hints.looksAtContentFiles = true
        let file = contentDirectory + "/" + path
        if FileManager.default.fileExists(atPath: file) {
            if path.split(separator: "/").contains(where: { $0.hasPrefix("_") || $0.hasPrefix(".") }) {
                return
                    "broken link '\(written)': \(path) is skipped (a name starting with _ or .), so it is no page of this site"
            }
            return "broken link '\(written)': \(path) is a draft, built only with --drafts"
        }
        var message = "broken link '\(written)': no page \(path) in the content folder"
        if let near = hints.source(near: path, pages: pages) {
            message +=
                "; did you mean '\(SitePath.relative(from: "/" + SitePath.directory(of: path) + "/", to: "/" + near))'?"
        }
        return message
    }

    /// The Markdown file a site path would come from, when it exists but is not built (a draft).
    private func unbuiltSource(forURL path: String, hints: inout LinkHints) -> String? {
        guard path.hasSuffix("/") else { return nil }
        hints.looksAtContentFiles = true
        let stem = String(path.dropFirst().dropLast())
        let candidates = stem.isEmpty ? ["index.md"] : [stem + ".md", stem + "/index.md"]
        return candidates.first {
            !hints.isBuilt($0, pages: pages) && FileManager.default.fileExists(atPath: contentDirectory + "/" + $0)
        }
    }
}
