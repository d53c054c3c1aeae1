/// The model stage: one listed page, its file read once, into its table data model.
///
/// A page the read stage took from the build cache (unchanged, but the site around it changed) comes without its
/// front matter; it is parsed here from the same read as its Markdown.
public enum PageLoader {
    /// A page with its model, and the problems of its front matter when this stage parsed it.
    public struct Loaded: Sendable {
        public var page: Page
        /// Problems of the front matter, when this stage read it (a page from the cache, whose problems the read
        /// stage reported from the cache); nil when the read stage did. Kept with the page in the next cache.
        public var frontDiagnostics: Diagnostics?
    }

    /// The page's model; the problems of its Markdown (links, HTML, footnotes, nesting) go to `diagnostics`.
    /// `front` is the front matter the read stage parsed from the file; nil to parse it here.
    public static func load(_ listed: PageSource, front: FrontMatter?, site: Site, diagnostics: inout Diagnostics)
        -> Loaded
    {
        load(listed, front: front, site: site, readAhead: nil, diagnostics: &diagnostics)
    }

    /// `load`, with the page's file and code as a render worker's `ReadAhead` has them: read, and the code sent to
    /// the highlighter, while the pages before it rendered.
    static func load(
        _ listed: PageSource, front: FrontMatter?, site: Site, readAhead: ReadAhead.Page?,
        diagnostics: inout Diagnostics
    ) -> Loaded {
        let text: String
        switch readAhead?.text ?? read(listed, site: site) {
        case .success(let read): text = read
        case .failure(let failure):
            var known = front ?? FrontMatter()
            if front == nil { known.layout = listed.listing.layout }
            let empty = TableModel(
                title: listed.title, url: listed.url, view: known.view, intro: "", introRows: [], sections: [])
            // Reported by this build either way: a page from the cache whose file is now over `maxPageSize` (or no
            // longer readable) was reported by no earlier build, and would be written empty.
            let problem = SourceText.diagnostic(failure, at: listed.displayPath)
            diagnostics.report(problem)
            return Loaded(
                page: Page(source: listed, front: known, model: empty), frontDiagnostics: front == nil ? [problem] : nil
            )
        }
        var source = listed
        var frontDiagnostics = Diagnostics()
        let split = FrontMatterParser.split(text, path: source.displayPath, diagnostics: &frontDiagnostics)
        let parsed: FrontMatter
        if let front {
            parsed = front
        } else {
            parsed =
                split.yaml.map { FrontMatterParser.parse($0, path: source.displayPath, diagnostics: &frontDiagnostics) }
                ?? FrontMatter()
            // As the read stage makes them: a title from the site's name can have changed while the file did not.
            SiteReader.name(&source, front: parsed, body: split.body, config: site.config)
        }
        let output = ModelBuilder.build(
            .init(
                markdown: split.body, lineOffset: split.bodyLineOffset, sourcePath: source.sourcePath,
                displayPath: source.displayPath, pageURL: source.url,
                sectionLevel: parsed.sectionLevel ?? site.config.sectionLevel, unsafeHTML: site.config.unsafeHTML,
                titleFromHeading: parsed.title == nil, view: parsed.view, links: site.links,
                highlight: readAhead?.highlight ?? CodeHighlighter.shared.highlight),
            diagnostics: &diagnostics)
        var model = output.model
        model.title = source.title
        return Loaded(
            page: Page(source: source, front: parsed, model: model, links: output.links),
            frontDiagnostics: front == nil ? frontDiagnostics : nil)
    }

    /// The page's file, decoded (line endings and a byte-order mark as every reader takes them).
    static func read(_ listed: PageSource, site: Site) -> Result<String, SourceText.Failure> {
        SourceText.read(site.contentDirectory + "/" + listed.sourcePath, limit: site.config.maxPageSize)
    }

    /// A page read again for what it holds (links, ids, terms, model) by a build that reuses its output: its problems
    /// were reported by the build that rendered it.
    static func reload(_ listed: PageSource, site: Site) -> Page {
        var reported = Diagnostics()
        return load(listed, front: nil, site: site, diagnostics: &reported).page
    }
}
