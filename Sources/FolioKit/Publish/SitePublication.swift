import Foundation

/// What a build writes from all its pages together — sitemap, robots.txt, feeds, the models index — and the
/// site-wide link check, which needs every page's ids and every file the output will hold.
struct SitePublication {
    struct Outcome {
        var notes: [String] = []
        var externalLinks: [ExternalLink] = []
        var internalLinks = 0
    }

    let site: Site
    let theme: Theme
    let facts: SiteFacts
    /// URLs of the folder pages the build generates (no Markdown file of their own).
    var generatedPages: [String] = []

    /// Writes the site-wide files through `output` (when `write`) and checks every link.
    func run(output: OutputDirectory, write: Bool, strict: Bool, diagnostics: inout Diagnostics) -> Outcome {
        var outcome = Outcome()
        let config = site.config
        let absolute = config.baseURL.contains("://")
        var files = Set(site.staticFiles.map { "/" + $0 })
        files.formUnion(theme.assets.keys.map { "/assets/" + $0 })
        files.insert("/assets/appearance.css")
        if theme.layouts.contains("404") { files.insert("/404.html") }
        files.formUnion(generatedPages)
        var generated: [(path: String, text: String)] = []

        if absolute {
            let entries =
                site.pages.map { page in
                    Sitemap.Entry(url: page.url, lastmod: facts.updated(for: page.sourcePath) ?? page.listing.date)
                } + generatedPages.map { Sitemap.Entry(url: $0, lastmod: nil) }
            generated.append(("/sitemap.xml", Sitemap.xml(entries, config: config)))
            if !site.staticFiles.contains("robots.txt") {
                generated.append(("/robots.txt", Sitemap.robots(config: config)))
            }
            let feed = feedEntries()
            if !feed.isEmpty {
                generated.append((Feeds.atomPath, Feeds.atom(feed, config: config)))
                generated.append((Feeds.jsonPath, Feeds.json(feed, config: config)))
            }
        } else {
            outcome.notes.append(
                "note: baseURL '\(config.baseURL)' is not an absolute URL, so this build skipped sitemap.xml, robots.txt, the Atom "
                    + "and JSON feeds, canonical links and og:url/og:image, which need one; set 'baseURL: https://…' in site.yml "
                    + "or pass --base-url")
        }
        if site.publishing.models {
            let index = site.pages.map { page in
                PublishedModel.IndexEntry(url: page.url, title: page.title, date: page.listing.date)
            }
            generated.append((PublishedModel.indexPath, PublishedModel.index(index, config: config)))
            generated.append((PublishedModel.schemaPath, ModelSchema.json))
            for page in site.pages { files.insert(PublishedModel.path(for: page.url)) }
        }
        for (path, text) in generated {
            files.insert(path)
            if write {
                output.write(text, to: OutputPath(sitePath: path), for: output.target, diagnostics: &diagnostics)
            }
        }

        let result = facts.check(files: files, strict: strict, diagnostics: &diagnostics)
        outcome.externalLinks = result.external
        outcome.internalLinks = result.internalLinks
        return outcome
    }

    /// The feed's pages, read again (only they: at most `limit`) for their content.
    private func feedEntries() -> [Feeds.Entry] {
        let feeds = site.publishing.feeds
        guard feeds.enabled else { return [] }
        return Feeds.select(site.pages, config: feeds).map { listed in
            let page = PageLoader.reload(listed, site: site)
            let absolute = site.config.absoluteURL(page.url)
            return Feeds.Entry(
                url: page.url, title: page.title, date: page.front.date ?? "", updated: SiteFacts.updated(page),
                summary: PageMeta.description(of: page, site: SiteConfig()) ?? "",
                html: feeds.content == .full ? Feeds.html(of: page.model, absoluteBase: absolute) : nil)
        }
    }
}
