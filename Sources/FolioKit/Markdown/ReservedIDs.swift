/// Ids Folio itself writes into a page: the layout's `main` (the skip link's target), the search dialog's field and
/// list, and every view's `folio-<view>-<n>…` (its pages, dots, tabs, panels and segments). Ids from headings and raw
/// HTML must avoid them.
enum ReservedIDs {
    static let layout: Set<String> = ["main", "folio-search-input", "folio-search-results"]

    /// True when `id` could be one of the ids of a view (`folio-paged-2`, `folio-tabs-1-panel-3`).
    static func isViewID(_ id: String) -> Bool {
        guard id.hasPrefix("folio-") else { return false }
        let rest = id.dropFirst("folio-".count)
        for kind in ViewSpec.Kind.allCases {
            let prefix = kind.rawValue + "-"
            if rest.hasPrefix(prefix), let first = rest.dropFirst(prefix.count).first, first.isASCII, first.isNumber {
                return true
            }
        }
        return false
    }

    /// An author's id as it may stay: GitHub's `user-content-` before one that Folio writes itself.
    static func authorID(_ id: String) -> String {
        layout.contains(id) || isViewID(id) ? "user-content-" + id : id
    }
}
