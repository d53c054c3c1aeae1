import Foundation

/// What a build writes from all its pages together — sitemap, robots.txt, feeds, the models index — and the
/// site-wide link check, which needs every page's ids and every file the output will hold.
struct SitePublication {
    struct Outcome {
        var notes: [String] = []
        var externalLinks = ExternalLinks()
        var internalLinks = 0
        /// What the link check found (its key left to the caller), for the next build in which nothing changes.
        var linkCheck: LinkCheckRecord?
        /// The output's files the link check took as existing besides the pages (part of the record's key).
        var checkedFiles: Set<String> = []
    }

    let site: Site
    let theme: Theme
    let facts: SiteFacts
    /// URLs of the folder pages the build generates (no Markdown file of their own).
    var generatedPages: [String] = []
    /// Whether the outcome lists the external links and holds the link check's record, for `folio check` and the
    /// next build process (a rebuild of `folio serve` needs neither).
    var recordsLinks = true

    /// Writes the site-wide files through `output` (when `write`) and checks every link.
    func run(output: OutputDirectory, write: Bool, strict: Bool, diagnostics: inout Diagnostics) -> Outcome {
        var outcome = Outcome()
        outcome.notes = notes
        if write {
            for (path, text) in generatedFiles() {
                output.write(text, to: OutputPath(sitePath: path), for: output.target, diagnostics: &diagnostics)
            }
        }
        let files = self.files
        var findings = Diagnostics()
        let result = facts.check(
            files: files, strict: strict, listsExternalLinks: recordsLinks, diagnostics: &findings)
        diagnostics.report(findings)
        outcome.externalLinks = result.external
        outcome.internalLinks = result.internalLinks
        outcome.checkedFiles = files
        if let note = result.note { outcome.notes.append(note) }
        guard recordsLinks else { return outcome }
        // In display order: the same record whatever order the pages finished rendering in.
        outcome.linkCheck = LinkCheckRecord(
            key: 0, internalLinks: result.internalLinks, external: result.external,
            findings: findings.sortedForDisplay(), note: result.note, looksAtContentFiles: result.looksAtContentFiles)
        return outcome
    }

    /// The files written from all pages together (`siteFiles`), with their text.
    private func generatedFiles() -> [(path: String, text: String)] {
        let config = site.config
        var generated: [(path: String, text: String)] = []
        if config.baseURL.contains("://") {
            let entries =
                site.pages.enumerated().map { number, page in
                    Sitemap.Entry(url: page.url, lastmod: facts.updated(page: number) ?? page.listing.date)
                } + generatedPages.map { Sitemap.Entry(url: $0, lastmod: nil) }
            generated.append(("/sitemap.xml", Sitemap.xml(entries, config: config)))
            generated.append(("/robots.txt", Sitemap.robots(config: config)))
            let feed = feedEntries()
            if !feed.isEmpty {
                generated.append((Feeds.atomPath, Feeds.atom(feed, config: config)))
                generated.append((Feeds.jsonPath, Feeds.json(feed, config: config)))
            }
        }
        if site.publishing.models {
            let index = site.pages.map { page in
                PublishedModel.IndexEntry(url: page.url, title: page.title, date: page.listing.date)
            }
            generated.append((PublishedModel.indexPath, PublishedModel.index(index, config: config)))
            generated.append((PublishedModel.schemaPath, ModelSchema.json))
        }
        // A content file at one of these paths takes its place (OutputOverrides warns, but of robots.txt).
        let claimed = Set(site.staticFiles)
        return generated.filter { !claimed.contains(String($0.path.dropFirst())) }
    }

    /// The site paths of every file of the output but the Markdown pages' — static files, theme assets, the 404
    /// page, folder pages and the site-wide files: what the link check checks links against.
    var files: Set<String> { Self.files(site: site, theme: theme, generatedPages: generatedPages) }

    /// The same, known before any page is built.
    static func files(site: Site, theme: Theme, generatedPages: [String]) -> Set<String> {
        var files = Set(site.staticFiles.map { "/" + $0 })
        files.formUnion(theme.assets.keys.map { "/assets/" + $0 })
        files.insert("/assets/appearance.css")
        if theme.layouts.contains("404") { files.insert("/404.html") }
        files.formUnion(generatedPages)
        files.formUnion(siteFiles(site))
        return files
    }

    /// The sitemap and the feeds a build with an absolute base URL writes, as site paths (robots.txt apart).
    static func pageListFiles(_ site: Site) -> [String] {
        guard site.config.baseURL.contains("://") else { return [] }
        var files = ["/sitemap.xml"]
        if site.publishing.feeds.enabled, !Feeds.select(site.pages, config: site.publishing.feeds).isEmpty {
            files += [Feeds.atomPath, Feeds.jsonPath]
        }
        return files
    }

    /// The files written from all pages together: sitemap, robots.txt and feeds (with an absolute base URL), and the
    /// models' index, schema and every page's model (with `models:`).
    private static func siteFiles(_ site: Site) -> Set<String> {
        var files: Set<String> = []
        files.formUnion(Self.pageListFiles(site))
        if site.config.baseURL.contains("://"), !site.staticFiles.contains("robots.txt") { files.insert("/robots.txt") }
        if site.publishing.models {
            files.insert(PublishedModel.indexPath)
            files.insert(PublishedModel.schemaPath)
            for page in site.pages { files.insert(PublishedModel.path(for: page.url)) }
        }
        return files
    }

    /// What a build without an absolute base URL skipped.
    var notes: [String] {
        guard !site.config.baseURL.contains("://") else { return [] }
        return [
            "note: baseURL '\(site.config.baseURL)' is not an absolute URL, so this build skipped sitemap.xml, robots.txt, the Atom "
                + "and JSON feeds, canonical links and og:url/og:image, which need one; set 'baseURL: https://…' in site.yml "
                + "or pass --base-url"
        ]
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
