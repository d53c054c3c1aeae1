/// What the link check and the published files need of a built page, kept between builds
/// so that an unchanged page is neither read nor rendered again.
struct PageFacts: Sendable, Equatable {
    /// Every id of the page's HTML, as built.
    var ids: [String]
    var links: [PageLink]
    /// Front matter `updated:`, for the sitemap's `lastmod`.
    var updated: String?
}
