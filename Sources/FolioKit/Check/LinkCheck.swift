import Foundation

/// Checks every internal link of the site against what the build produces: pages, files, and the ids of each page,
/// wherever a view put them (a tab, a page of a paged view, the segmented view's list).
struct LinkCheck {
    struct Result {
        var internalLinks = 0
        var external: [ExternalLink] = []
    }

    let site: Site
    /// Per page, in site order: its ids joined by NUL (nil: not built).
    let ids: [String?]
    let links: SiteLinks
    /// Site paths of every other file of the output (`/images/a.svg`, `/assets/folio.css`, `/sitemap.xml`).
    let files: Set<String>
    /// Under `--strict` a broken link is an error, not a warning.
    var strict = false

    private var pages: [PageSource] { site.pages }
    private var contentDirectory: String { site.contentDirectory }

    /// Each broken link goes to `diagnostics`, at the place the author wrote it.
    func run(diagnostics: inout Diagnostics) -> Result {
        var result = Result()
        result.internalLinks = links.internalCount
        var broken: [(page: Int, line: Int, column: Int, message: (String) -> String)] = []

        // Anchors, grouped by the page they point to: each page's ids are looked at once.
        let anchors = links.anchors
        let order = anchors.indices.sorted { anchors[$0].target < anchors[$1].target }
        var start = 0
        while start < order.count {
            let target = Int(anchors[order[start]].target)
            var end = start
            while end < order.count, Int(anchors[order[end]].target) == target { end += 1 }
            let joined = ids[target] ?? ""
            let known = Set(joined.split(separator: "\u{0}", omittingEmptySubsequences: true))
            for anchor in order[start..<end].map({ anchors[$0] }) where !known.contains(Substring(anchor.fragment)) {
                let page = Int(anchor.page)
                broken.append(
                    (
                        page, Int(anchor.line), Int(anchor.column),
                        { written in
                            self.missingAnchor(anchor.fragment, on: target, from: page, written: written)
                        }
                    ))
            }
            start = end
        }

        for (page, link) in links.others {
            switch link.target {
            case .source(let path, _):
                diagnostics.report(
                    diagnostic(page, link.line, link.column, missingSource(path, written: link.written)))
            case .site(let path, _) where !files.contains(path):
                diagnostics.report(
                    diagnostic(page, link.line, link.column, missingPath(path, written: link.written)))
            default:
                break
            }
        }

        // What the author wrote, for the message: the pages with a broken anchor are read again (few; nothing kept).
        for (page, group) in Dictionary(grouping: broken, by: \.page) {
            let written = writtenLinks(of: page)
            for item in group {
                let text = written.first { $0.line == item.line && $0.column == item.column }?.written ?? "#"
                diagnostics.report(diagnostic(page, item.line, item.column, item.message(text)))
            }
        }

        result.external = links.externals.sorted { ($0.page, $0.ordinal) < ($1.page, $1.ordinal) }.map {
            ExternalLink(
                url: links.urls[Int($0.url)], path: pages[Int($0.page)].displayPath, line: Int($0.line),
                column: Int($0.column))
        }
        return result
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

    private func idList(_ page: Int) -> [String] {
        (ids[page] ?? "").split(separator: "\u{0}").map(String.init)
    }

    private func missingAnchor(_ fragment: String, on target: Int, from page: Int, written: String) -> String {
        let targetPage = pages[target]
        let place = target == page ? "on this page" : "on \(targetPage.url) (\(targetPage.displayPath))"
        var message = "broken link '\(written)': no id '\(fragment)' \(place)"
        if let id = Self.nearestID(fragment, among: idList(target)) {
            message += "; did you mean '#\(id)'?"
        }
        return message
    }

    private func missingPath(_ path: String, written: String) -> String {
        if let draft = unbuiltSource(forURL: path) { return missingSource(draft, written: written) }
        var message = "broken link '\(written)': the site has no page or file \(path)"
        let candidates = pages.map(\.url) + files.filter { !$0.hasPrefix("/assets/") }
        if let near = Suggestion.closest(to: path, among: candidates) {
            message += "; did you mean '\(near)'?"
        }
        return message
    }

    private func missingSource(_ path: String, written: String) -> String {
        let file = contentDirectory + "/" + path
        if FileManager.default.fileExists(atPath: file) {
            if path.split(separator: "/").contains(where: { $0.hasPrefix("_") || $0.hasPrefix(".") }) {
                return
                    "broken link '\(written)': \(path) is skipped (a name starting with _ or .), so it is no page of this site"
            }
            return "broken link '\(written)': \(path) is a draft, built only with --drafts"
        }
        var message = "broken link '\(written)': no page \(path) in the content folder"
        if let near = Suggestion.closest(to: path, among: pages.map(\.sourcePath)) {
            message +=
                "; did you mean '\(SitePath.relative(from: "/" + SitePath.directory(of: path) + "/", to: "/" + near))'?"
        }
        return message
    }

    /// The Markdown file a site path would come from, when it exists but is not built (a draft).
    private func unbuiltSource(forURL path: String) -> String? {
        guard path.hasSuffix("/") else { return nil }
        let stem = String(path.dropFirst().dropLast())
        let candidates = stem.isEmpty ? ["index.md"] : [stem + ".md", stem + "/index.md"]
        let built = Set(pages.map(\.sourcePath))
        return candidates.first {
            !built.contains($0) && FileManager.default.fileExists(atPath: contentDirectory + "/" + $0)
        }
    }

    /// The id meant: the same letters and digits (a case difference, GitHub-style against Folio-style punctuation),
    /// else the nearest by edit distance.
    static func nearestID(_ fragment: String, among ids: [String]) -> String? {
        let skeleton = Self.skeleton(fragment)
        if !skeleton.isEmpty, let same = ids.first(where: { Self.skeleton($0) == skeleton }) { return same }
        return Suggestion.closest(to: fragment, among: ids.filter { !$0.hasPrefix("folio-") })
    }

    private static func skeleton(_ id: String) -> String {
        String(id.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}

/// A link that leaves the site, listed by `folio check` and fetched with `--external`.
public struct ExternalLink: Sendable, Equatable {
    public var url: String
    public var path: String
    public var line: Int
    public var column: Int
}
