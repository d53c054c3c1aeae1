/// What every page's head says about the site: whether it has feeds to announce.
struct SiteMeta: Sendable {
    var hasFeeds: Bool

    init(site: Site) {
        let feeds = site.publishing.feeds
        hasFeeds =
            site.config.baseURL.contains("://") && feeds.enabled && !Feeds.select(site.pages, config: feeds).isEmpty
    }

    func meta(for page: Page, site: SiteConfig) -> PageMeta {
        PageMeta(page: page, site: site, feeds: hasFeeds)
    }
}
