/// The model stage: one listed page, its file read once, into its table data model.
///
/// A page known only from the build cache (unchanged, but the site around it changed) has just the fields lists
/// and links need; its whole front matter is parsed here from the same read as its Markdown.
public enum PageLoader {
    /// A page with its model, and the problems of its front matter when this stage parsed it.
    public struct Loaded: Sendable {
        public var page: Page
        /// Problems of the front matter, when this stage read it (a page from the cache, whose problems the read
        /// stage reported from the cache); nil when the read stage did. Kept with the page in the next cache.
        public var frontDiagnostics: Diagnostics?
    }

    /// The page's model; the problems of its Markdown (links, HTML, footnotes, nesting) go to `diagnostics`.
    public static func load(_ listed: PageSource, site: Site, diagnostics: inout Diagnostics) -> Loaded {
        let reparse = listed.isStub
        let text: String
        switch SourceText.read(site.contentDirectory + "/" + listed.sourcePath, limit: site.config.maxPageSize) {
        case .success(let read): text = read
        case .failure(let failure):
            let empty = TableModel(
                title: listed.title, url: listed.url, view: listed.front.view, intro: "", introRows: [], sections: [])
            let problem = SourceText.diagnostic(failure, at: listed.displayPath)
            if !reparse { diagnostics.report(problem) }
            return Loaded(page: Page(source: listed, model: empty), frontDiagnostics: reparse ? [problem] : nil)
        }
        var source = listed
        var frontDiagnostics = Diagnostics()
        let split = FrontMatterParser.split(text, path: source.displayPath, diagnostics: &frontDiagnostics)
        if reparse {
            source.front =
                split.yaml.map { FrontMatterParser.parse($0, path: source.displayPath, diagnostics: &frontDiagnostics) }
                ?? FrontMatter()
            source.isStub = false
            // As the read stage makes them: a title from the site's name can have changed while the file did not.
            source.url = SitePath.pageURL(forSource: source.sourcePath, slug: source.front.slug)
            source.title = SiteReader.title(of: source, body: split.body, config: site.config)
        }
        let output = ModelBuilder.build(
            .init(
                markdown: split.body, lineOffset: split.bodyLineOffset, sourcePath: source.sourcePath,
                displayPath: source.displayPath, pageURL: source.url,
                sectionLevel: source.front.sectionLevel ?? site.config.sectionLevel, unsafeHTML: site.config.unsafeHTML,
                titleFromHeading: source.front.title == nil, view: source.front.view, links: site.links),
            diagnostics: &diagnostics)
        var model = output.model
        model.title = source.title
        return Loaded(
            page: Page(source: source, model: model, links: output.links),
            frontDiagnostics: reparse ? frontDiagnostics : nil)
    }

    /// A page read again for what it holds (links, ids, terms, model) by a build that reuses its output: its problems
    /// were reported by the build that rendered it.
    static func reload(_ listed: PageSource, site: Site) -> Page {
        var reported = Diagnostics()
        return load(listed, site: site, diagnostics: &reported).page
    }
}
