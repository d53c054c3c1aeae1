/// The "did you mean" of broken links' messages, each part made at the first broken link that needs it (a site
/// without one pays nothing) and kept for the others: the candidates lowered once, a page's ids grouped once, each
/// missing target's suggestion made once. Made again for every link, a thousand pages' links into a part of the
/// site left out cost 14 s of a build, and 4,000 broken anchors to a page of 4,000 headings 63 s.
///
/// Each suggestion compares its target with every candidate, so a site of many pages and many different broken
/// targets still compares their product (30,000 pages of a larger site built alone, their links into the pages
/// left out: 165 s). Suggestions stop once `budget` candidates have been looked at; the links reported after that
/// without one are counted in `unhinted`, for the build's note.
struct LinkHints {
    /// How many candidates the suggestions of one check may look at: 1.3 s of a build (perf) when every candidate
    /// looks like the target (the bench corpus's paths, `d123/p12345.md`); a site of 1,000 pages gets a suggestion
    /// for 20,000 different broken targets, one of 30,000 pages for 660.
    static let budget = 20_000_000

    private var candidatesLeft: Int
    /// Broken links reported without a suggestion because the budget was spent.
    private(set) var unhinted = 0
    /// Whether a message looked for a Markdown file in the content folder that is no page (a draft, a name starting
    /// with `_` or `.`): such a file can come or go without changing the site (see `LinkCheckRecord`).
    var looksAtContentFiles = false
    private var pageSources: Suggestion.Candidates?
    private var siteFiles: Suggestion.Candidates?
    private var builtSources: Set<String>?
    private var pageIDs: [Int: PageIDs] = [:]
    private var nearSource: [String: String?] = [:]
    private var nearFile: [String: String?] = [:]
    private var nearID: [Int: [String: String?]] = [:]

    init(budget: Int = Self.budget) { candidatesLeft = budget }

    /// The page source nearest to `path`, a source that is not in the site.
    mutating func source(near path: String, pages: [PageSource]) -> String? {
        if let known = nearSource[path] { return known }
        if pageSources == nil { pageSources = Suggestion.Candidates(pages.map(\.sourcePath)) }
        guard spend(pageSources!) else { return nil }
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
        guard spend(siteFiles!) else { return nil }
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
        let ids = pageIDs[page]!
        let near: String?
        if let same = ids.sameLettersAndDigits(fragment) {
            near = same
        } else {
            guard spend(ids.candidates) else { return nil }
            near = Suggestion.closest(to: fragment, among: ids.candidates)
        }
        nearID[page, default: [:]][fragment] = near
        return near
    }

    /// Whether a suggestion among `candidates` is still within the budget (then spent on it); else the link is
    /// counted as reported without one.
    private mutating func spend(_ candidates: Suggestion.Candidates) -> Bool {
        guard candidatesLeft >= candidates.names.count else {
            unhinted += 1
            return false
        }
        candidatesLeft -= candidates.names.count
        return true
    }

    /// The build's note when some broken links were reported without a suggestion.
    var note: String? {
        guard unhinted > 0 else { return nil }
        return
            "note: \(unhinted) broken \(unhinted == 1 ? "link is" : "links are") reported without a \"did you mean\": "
            + "comparing every broken link with every page of a site this large would take too long"
    }
}

/// A page's ids as suggestions for a broken anchor.
struct PageIDs {
    /// The first id of each skeleton (its letters and digits, lower-cased).
    private var bySkeleton: [String: String] = [:]
    /// The ids a suggestion by edit distance may give: not Folio's own.
    let candidates: Suggestion.Candidates

    init(_ ids: [String]) {
        for id in ids {
            let skeleton = Self.skeleton(id)
            if !skeleton.isEmpty, bySkeleton[skeleton] == nil { bySkeleton[skeleton] = id }
        }
        candidates = Suggestion.Candidates(ids.filter { !$0.hasPrefix("folio-") })
    }

    /// The first id with the same letters and digits as `fragment`, lower-cased: the id meant, before any by edit
    /// distance among `candidates` (a case difference, GitHub-style against Folio-style punctuation).
    func sameLettersAndDigits(_ fragment: String) -> String? {
        let skeleton = Self.skeleton(fragment)
        return skeleton.isEmpty ? nil : bySkeleton[skeleton]
    }

    private static func skeleton(_ id: String) -> String {
        String(id.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
