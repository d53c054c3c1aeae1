/// The "did you mean" of broken links' messages, each part made at the first broken link that needs it (a site
/// without one pays nothing) and kept for the others: the candidates lowered once, a page's ids grouped once, each
/// missing target's suggestion made once. Made again for every link, a thousand pages' links into a part of the
/// site left out cost 14 s of a build, and 4,000 broken anchors to a page of 4,000 headings 63 s.
struct LinkHints {
    private var pageSources: Suggestion.Candidates?
    private var siteFiles: Suggestion.Candidates?
    private var builtSources: Set<String>?
    private var pageIDs: [Int: PageIDs] = [:]
    private var nearSource: [String: String?] = [:]
    private var nearFile: [String: String?] = [:]
    private var nearID: [Int: [String: String?]] = [:]

    /// The page source nearest to `path`, a source that is not in the site.
    mutating func source(near path: String, pages: [PageSource]) -> String? {
        if let known = nearSource[path] { return known }
        if pageSources == nil { pageSources = Suggestion.Candidates(pages.map(\.sourcePath)) }
        let near = Suggestion.closest(to: path, among: pageSources!)
        nearSource[path] = near
        return near
    }

    /// The page or file path nearest to `path`, a site path with nothing at it.
    mutating func file(near path: String, pages: [PageSource], files: Set<String>) -> String? {
        if let known = nearFile[path] { return known }
        if siteFiles == nil {
            siteFiles = Suggestion.Candidates(pages.map(\.url) + files.filter { !$0.hasPrefix("/assets/") })
        }
        let near = Suggestion.closest(to: path, among: siteFiles!)
        nearFile[path] = near
        return near
    }

    /// Whether a page is built from the source `path`.
    mutating func isBuilt(_ path: String, pages: [PageSource]) -> Bool {
        if builtSources == nil { builtSources = Set(pages.map(\.sourcePath)) }
        return builtSources!.contains(path)
    }

    /// The id of page `page` (whose ids `ids` gives) that `fragment`, which it lacks, most likely meant.
    mutating func id(near fragment: String, onPage page: Int, ids: () -> [String]) -> String? {
        if let known = nearID[page]?[fragment] { return known }
        if pageIDs[page] == nil { pageIDs[page] = PageIDs(ids()) }
        let near = pageIDs[page]!.nearest(fragment)
        nearID[page, default: [:]][fragment] = near
        return near
    }
}

/// A page's ids as suggestions for a broken anchor.
struct PageIDs {
    /// The first id of each skeleton (its letters and digits, lower-cased).
    private var bySkeleton: [String: String] = [:]
    /// The ids a suggestion by edit distance may give: not Folio's own.
    private let candidates: Suggestion.Candidates

    init(_ ids: [String]) {
        for id in ids {
            let skeleton = Self.skeleton(id)
            if !skeleton.isEmpty, bySkeleton[skeleton] == nil { bySkeleton[skeleton] = id }
        }
        candidates = Suggestion.Candidates(ids.filter { !$0.hasPrefix("folio-") })
    }

    /// The id meant: the same letters and digits (a case difference, GitHub-style against Folio-style
    /// punctuation), else the nearest by edit distance.
    func nearest(_ fragment: String) -> String? {
        let skeleton = Self.skeleton(fragment)
        if !skeleton.isEmpty, let same = bySkeleton[skeleton] { return same }
        return Suggestion.closest(to: fragment, among: candidates)
    }

    private static func skeleton(_ id: String) -> String {
        String(id.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
