import Foundation

/// Checks every internal link of the site against what the build produces: pages, files, and the ids of each page,
/// wherever a view put them (a tab, a page of a paged view, the segmented view's list).
struct LinkCheck {
    struct CheckedPage {
        var source: PageSource
        var facts: PageFacts
    }

    struct Result {
        var diagnostics: [Diagnostic] = []
        var internalLinks = 0
        var external: [ExternalLink] = []
    }

    let pages: [CheckedPage]
    /// Site paths of every other file of the output (`/images/a.svg`, `/assets/folio.css`, `/sitemap.xml`).
    let files: Set<String>
    let contentDirectory: String
    let config: SiteConfig
    /// Under `--strict` a broken link is an error, not a warning.
    var strict = false

    private var byURL: [String: Int] = [:]
    private var bySource: [String: Int] = [:]

    init(pages: [CheckedPage], files: Set<String>, contentDirectory: String, config: SiteConfig) {
        self.pages = pages
        self.files = files
        self.contentDirectory = contentDirectory
        self.config = config
        for (index, page) in pages.enumerated() {
            byURL[page.source.url] = index
            bySource[page.source.sourcePath] = index
        }
    }

    func run() -> Result {
        var result = Result()
        var idSets: [Int: Set<String>] = [:]
        for page in pages {
            for link in page.facts.links {
                let at = { (message: String) in
                    result.diagnostics.append(Diagnostic(path: page.source.displayPath, line: link.line, column: link.column,
                        severity: strict ? .error : .warning, message: message))
                }
                switch link.target {
                case .external(let url):
                    result.external.append(ExternalLink(url: url, path: page.source.displayPath, line: link.line, column: link.column))
                case .source(let path, _):
                    result.internalLinks += 1
                    at(missingSource(path, written: link.written))
                case .site(let path, let fragment):
                    result.internalLinks += 1
                    guard let index = pageIndex(path) else {
                        if !files.contains(path) { at(missingPath(path, written: link.written)) }
                        continue
                    }
                    guard let fragment, !fragment.isEmpty, fragment != "top" else { continue }
                    if idSets[index] == nil { idSets[index] = Set(pages[index].facts.ids) }
                    if !idSets[index]!.contains(fragment) {
                        at(missingAnchor(fragment, on: pages[index], from: page, written: link.written))
                    }
                }
            }
        }
        return result
    }

    /// `/a/b/`, `/a/b` and `/a/b/index.html` all open the page `/a/b/`.
    private func pageIndex(_ path: String) -> Int? {
        if let index = byURL[path] { return index }
        if path.hasSuffix("/index.html") { return byURL[String(path.dropLast("index.html".count))] }
        if !path.hasSuffix("/") { return byURL[path + "/"] }
        return nil
    }

    private func missingAnchor(_ fragment: String, on target: CheckedPage, from page: CheckedPage, written: String) -> String {
        let where_ = target.source.url == page.source.url ? "on this page" : "on \(target.source.url) (\(target.source.displayPath))"
        var message = "broken link '\(written)': no id '\(fragment)' \(where_)"
        if let id = Self.nearestID(fragment, among: target.facts.ids) {
            message += "; did you mean '#\(id)'?"
        }
        return message
    }

    private func missingPath(_ path: String, written: String) -> String {
        if let draft = unbuiltSource(forURL: path) { return missingSource(draft, written: written) }
        var message = "broken link '\(written)': the site has no page or file \(path)"
        let candidates = pages.map(\.source.url) + files.filter { !$0.hasPrefix("/assets/") }
        if let near = Suggestion.closest(to: path, among: candidates) {
            message += "; did you mean '\(near)'?"
        }
        return message
    }

    private func missingSource(_ path: String, written: String) -> String {
        let file = contentDirectory + "/" + path
        if FileManager.default.fileExists(atPath: file) {
            if path.split(separator: "/").contains(where: { $0.hasPrefix("_") || $0.hasPrefix(".") }) {
                return "broken link '\(written)': \(path) is skipped (a name starting with _ or .), so it is no page of this site"
            }
            return "broken link '\(written)': \(path) is a draft, built only with --drafts"
        }
        var message = "broken link '\(written)': no page \(path) in the content folder"
        if let near = Suggestion.closest(to: path, among: pages.map(\.source.sourcePath)) {
            message += "; did you mean '\(SitePath.relative(from: "/" + SitePath.directory(of: path) + "/", to: "/" + near))'?"
        }
        return message
    }

    /// The Markdown file a site path would come from, when it exists but is not built (a draft).
    private func unbuiltSource(forURL path: String) -> String? {
        guard path.hasSuffix("/") else { return nil }
        let stem = String(path.dropFirst().dropLast())
        let candidates = stem.isEmpty ? ["index.md"] : [stem + ".md", stem + "/index.md"]
        return candidates.first { bySource[$0] == nil && FileManager.default.fileExists(atPath: contentDirectory + "/" + $0) }
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
