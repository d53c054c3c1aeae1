import Foundation

/// A segmented view shows its sections twice (pages, and all in a list, ids prefixed `all-`), so the
/// footnote ids and links in the second copy get the same prefix and every id stays unique.
enum FootnoteIDs {
    static func prefixed(_ html: String, _ prefix: String) -> String {
        guard !prefix.isEmpty, html.contains("data-footnote") else { return html }
        return
            html
            .replacingOccurrences(of: "id=\"fn-", with: "id=\"\(prefix)fn-")
            .replacingOccurrences(of: "id=\"fnref-", with: "id=\"\(prefix)fnref-")
            .replacingOccurrences(of: "href=\"#fn-", with: "href=\"#\(prefix)fn-")
            .replacingOccurrences(of: "href=\"#fnref-", with: "href=\"#\(prefix)fnref-")
    }
}
