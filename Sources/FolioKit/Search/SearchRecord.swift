/// One searchable unit: a page's intro or one of its sections, with where the reader finds it.
struct SearchRecord: Sendable, Equatable {
    /// The page's site path (`/guide/setup/`).
    var url: String
    var pageTitle: String
    /// The heading id the result links to (with the `all-` prefix inside a segmented view's "All" list); empty for the intro.
    var anchor: String
    /// Titles of the enclosing sections, then the section's own.
    var titles: [String]
    /// The tab, page or segment that holds the section, outermost first (`tab “Linux” › page 2 of 3`); empty in a list.
    var place: String
    /// The section's own text (its rows, without its subsections).
    var text: String
    /// Folded terms with their weights: headings above body text.
    var terms: [Term]

    struct Term: Sendable, Equatable {
        var term: String
        var weight: Int
    }
}

/// How much a term counts where it occurs.
enum SearchWeight {
    static let body = 1
    static let bodyCap = 12
    static let heading = 5
    static let enclosingHeading = 2
    static let pageTitle = 2
    static let pageTitleOnIntro = 8
    static let maximum = 99
}
