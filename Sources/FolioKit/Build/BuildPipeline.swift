import Foundation

/// The whole build, in the order it runs: each stage takes the value the stage before made and hands on the next,
/// reporting its problems into the build's one `Diagnostics` (every step it calls reports into it too; a value
/// handed on carries findings only as data for the cache). `folio build`, `check` and `serve` run every stage (through `SiteBuilder.build`);
/// `folio model` and `folio appearance` call the same read and model stages (`SiteReader.read`, `PageLoader.load`)
/// for the one page they show.
///
///     1. read     Content/                  → SiteReader.Reading   site.yml, every page's front matter and URL,
///                                                                   the static files (unchanged pages from the cache)
///     2. theme    Templates/, appearance.yml → SiteTheme           templates, assets, appearance rules, overrides
///     3. plan     reading + theme + cache   → BuildPlan            the site tree, the site key, which pages render,
///                                                                   which are reused, where the output is written
///     4. model    PageSource                → PageLoader.Loaded    one page's file, read once, as its table model
///     5. render   PageLoader.Loaded         → PageWriter.Written   views, layout, search records, link facts,
///                                                                   cache records (streamed to their files)
///                 (4 and 5 run per page in parallel, each page written as soon as it is rendered: PageWriter)
///     6. publish  the rendered site         → Public/              folder pages, feeds, sitemap and the link check,
///                                                                   beside them the search index (two threads),
///                                                                   then the output and the cache; atomically
struct BuildPipeline {
    let options: SiteBuilder.Options
    let session: BuildSession?
    /// Every problem of this build, from every stage.
    private(set) var diagnostics = Diagnostics()
    private let start = DispatchTime.now()
    private let cachePath: String
    /// What the previous build into the same output left (nil with `--no-cache` or no output yet).
    /// Its page records are taken by the plan (`RenderPlan`).
    private var previous: BuildCache?
    /// `folio build`'s copy of the output, kept beside the cache from one process to the next (`folio serve` keeps
    /// its own in its session; `folio check` writes nothing).
    private let keptCopy: OutputStandby?

    init(options: SiteBuilder.Options, session: BuildSession?) {
        self.options = options
        self.session = session
        cachePath = BuildCache.location(content: options.contentDirectory, output: options.outputDirectory)
        if let session, session.outputReplaced() { session.forgetOutput() }
        previous =
            options.useCache && FileManager.default.fileExists(atPath: options.outputDirectory)
            ? session?.previous(at: cachePath) ?? BuildCache.load(from: cachePath) : nil
        if previous?.describes(output: options.outputDirectory) == false { previous = nil }
        keptCopy =
            session == nil && !options.dryRun
            ? OutputStandby.persisted(cache: cachePath, target: options.outputDirectory) : nil
    }

    /// Errors, or warnings under `--strict`: the output is then left as it was.
    var failed: Bool { diagnostics.hasErrors || (options.strict && !diagnostics.isEmpty) }

    // MARK: 1. read

    mutating func read() -> SiteReader.Reading {
        // Node.js loads highlight.js on the other core while the site is read: at once when every page will render
        // (no cache), else once the plan knows some page will (a build with nothing to render never starts it).
        if previous == nil { CodeHighlighter.shared.warmUp() }
        let files = session?.filesForRead()
        let reading = SiteReader.read(
            .init(
                contentDirectory: options.contentDirectory, includeDrafts: options.includeDrafts,
                baseURL: options.baseURL),
            previous: previous, kept: session?.siteIndex(at: cachePath), keepsIndex: session != nil,
            known: files?.known, watched: files?.watched, diagnostics: &diagnostics)
        session?.keep(reading.known)
        return reading
    }

    // MARK: 2. theme

    mutating func theme(for reading: SiteReader.Reading) -> SiteTheme {
        let site = reading.site
        let files = Theme.files(
            directory: options.templatesDirectory, followSymlinks: site.config.followSymlinks, diagnostics: &diagnostics
        )
        // `folio serve` parses the templates again only when a file of the theme changed.
        let kept = session?.theme(madeOf: files) ?? KeptTheme(files: files)
        diagnostics.report(kept.diagnostics)
        session?.keep(kept)
        let theme = kept.theme
        let overrides = OutputOverrides(site: site, theme: theme, diagnostics: &diagnostics)
        SearchIndex.checkContent(of: site, diagnostics: &diagnostics)
        SiteTheme.checkLayouts(site, theme: theme, diagnostics: &diagnostics)
        let appearance = AppearanceConfig.load(
            theme: theme, contentDirectory: options.contentDirectory, followSymlinks: site.config.followSymlinks,
            diagnostics: &diagnostics)
        AppearanceChecks.undeclaredContainers(
            in: appearance, declaredContainers: Set(site.pages.compactMap(\.listing.container)), layouts: theme.layouts,
            diagnostics: &diagnostics)
        return SiteTheme(theme: theme, appearance: appearance, overrides: overrides)
    }

    // MARK: 3. plan

    /// nil when the site cannot be built (the tree's folder settings have errors).
    mutating func plan(_ reading: SiteReader.Reading, theme: SiteTheme) -> BuildPlan? {
        let site = reading.site
        let kept = reading.keptIndex
        let structure = SiteStructure.build(site, kept: kept?.structure, diagnostics: &diagnostics)
        if failed { return nil }
        let pagesKey = kept?.pagesKey ?? SiteKey.pages(of: site)
        let siteKey = SiteKey.compute(
            site: site, theme: theme.theme, options: options, siteYAML: reading.siteYAML, folders: structure.keyBytes,
            pagesKey: pagesKey)
        session?.keep(
            KeptSiteIndex(
                listed: reading.listed, staticFiles: site.staticFiles, pages: site.pages,
                urlProblems: reading.urlProblems, links: site.links, structure: structure.kept, pagesKey: pagesKey),
            at: cachePath)
        let pages = RenderPlan(
            site: site, reading: reading, previous: &previous, siteKey: siteKey, output: options.outputDirectory,
            checksOutputs: session?.takeOutputsVerified() != true)
        // A few edited pages are published as a patch of the output (still old-or-new, see OutputPatch); anything
        // larger, or an output without Folio's mark (made by an older Folio), is built beside it and swapped in whole.
        // `folio check` (dryRun) renders everything and writes nothing.
        let marked = OutputSafety.isMarked(options.outputDirectory)
        let isPatch = !options.dryRun && marked && pages.isSmallUpdate(pages: site.pages.count)
        prepareHighlighting(site, pages: pages, isPatch: isPatch)
        let output =
            options.dryRun
            ? OutputDirectory.discarding(target: options.outputDirectory)
            : isPatch
                ? OutputDirectory.patch(target: options.outputDirectory, standby: session?.standby ?? keptCopy)
                : OutputDirectory(target: options.outputDirectory, standby: session?.standby ?? keptCopy)
        let factsPath = PageFactsFile.location(buildCache: cachePath)
        let isNoOp = pages.isNoOp && marked
        // An edit changes its page and the search index, whose files share only the output's root: the patch then
        // needs a copy of the whole output, begun now on another thread.
        if isPatch && !isNoOp && site.config.search { output.startCopy() }
        // With nothing changed, the last link check's record usually answers: the facts are read in `republish`
        // only when it does not.
        let generatedPages = BuildPlan.generatedPages(in: structure.tree)
        let lastCheck =
            isPatch && !isNoOp && session == nil
            ? lastLinkCheck(
                site, theme: theme.theme, generatedPages: generatedPages, pages: pages, siteKey: siteKey) : nil
        let facts =
            isNoOp
            ? SiteFacts(site: site, cached: nil, keepEntries: false)
            : linkFacts(site, siteKey: siteKey, at: factsPath, lastCheck: lastCheck)
        return BuildPlan(
            site: site, reading: reading, tree: structure.tree, generatedPages: generatedPages, siteKey: siteKey,
            pages: pages, output: output, isPatch: isPatch, isNoOp: isNoOp, facts: facts, factsPath: factsPath)
    }

    /// Starts Node.js now for the pages that render, beside the rest of the plan and the link facts read in — unless
    /// the pages of an update have no code that their previous output does not hold highlighted (see
    /// `PreviousHighlights`): then it is not needed, and starts only if a block the scan of their Markdown missed is.
    private func prepareHighlighting(_ site: Site, pages: RenderPlan, isPatch: Bool) {
        guard pages.reused.count < site.pages.count else { return }
        var previous = PreviousHighlights()
        var code: [CodeHighlighter.Block] = []
        if isPatch {
            for page in site.pages where pages.reused[page.sourcePath] == nil {
                if case .success(let html) = SourceText.bytes(page.outputPath.inside(options.outputDirectory)) {
                    previous.add(page: html)
                }
                if case .success(let text) = PageLoader.read(page, site: site) { code += CodeFences.blocks(in: text) }
            }
        }
        CodeHighlighter.shared.remember(previous.blocks)
        if !isPatch || code.contains(where: { previous.blocks[$0] == nil }) { CodeHighlighter.shared.warmUp() }
    }

    /// Every page's link facts as the last build left them, and where this build's go: `folio serve` keeps them in
    /// memory for its next build (which takes them from there, not from the file); `folio build` reads them back from
    /// the file page by page as it needs them, and writes its own out page by page.
    private func linkFacts(_ site: Site, siteKey: String, at factsPath: String, lastCheck: SiteFacts.LastCheck? = nil)
        -> SiteFacts
    {
        let last = session?.linkFacts(for: site, siteKey: siteKey, at: factsPath)
        return SiteFacts(
            site: site,
            cached: last == nil ? previous.flatMap { PageFactsFile.load(from: factsPath, siteKey: $0.siteKey) } : nil,
            stream: session == nil && !options.dryRun ? PageFactsFile.Stream(path: factsPath, siteKey: siteKey) : nil,
            keepEntries: session != nil, last: last, lastCheck: lastCheck)
    }

    /// The last build's link check, when it checked the site as it was before this build's edits: its record's key
    /// is this site's with each edited page's file as the last build had it, and no edited page has another URL
    /// (see `SiteFacts.LastCheck`). Each page this build renders must be an edited one.
    private func lastLinkCheck(
        _ site: Site, theme: Theme, generatedPages: [String], pages: RenderPlan, siteKey: String
    ) -> SiteFacts.LastCheck? {
        var fingerprints = pages.sourceFingerprints
        var edited: [Int: FileFingerprint] = [:]
        for (number, page) in site.pages.enumerated() where pages.reused[page.sourcePath] == nil {
            guard let before = pages.editedBefore[page.sourcePath], before.url == page.url else { return nil }
            fingerprints[page.sourcePath] = before.fingerprint
            edited[number] = before.fingerprint
        }
        let files = SitePublication.files(site: site, theme: theme, generatedPages: generatedPages)
        let key = LinkCheckRecord.key(
            siteKey: siteKey, fingerprints: fingerprints, files: files, strict: options.strict)
        guard let record = LinkCheckRecord.load(from: LinkCheckRecord.location(buildCache: cachePath), key: key) else {
            return nil
        }
        return SiteFacts.LastCheck(record: record, files: files, edited: edited)
    }

    // MARK: 4 and 5. model and render, page by page

    /// Renders the pages, then lets go of what only they needed (the front matter the read stage parsed).
    mutating func render(_ plan: inout BuildPlan, theme: SiteTheme) throws -> PageWriter.Written {
        try plan.output.prepare()
        // A `folio build` that renders every page writes their search terms out as they come, to become the search
        // cache, instead of keeping them for the index (`folio serve` keeps them; an edit reuses the cached ones).
        let searchStream =
            plan.site.config.search && session == nil && !options.dryRun && plan.pages.reused.isEmpty
            ? SearchPageStream(
                cache: SearchCache.location(buildCache: cachePath), siteKey: plan.siteKey,
                pageCount: plan.site.pages.count) : nil
        // `folio build` writes every page's cache record as the page is done (`folio serve` keeps them in memory).
        let cacheStream =
            session == nil && !options.dryRun ? BuildCacheStream(path: cachePath, siteKey: plan.siteKey) : nil
        let written = try PageWriter.write(
            plan.site, tree: plan.tree, plan: plan.pages, frontMatter: plan.reading.frontMatter,
            frontDiagnostics: plan.reading.frontDiagnostics,
            theme: theme.theme, appearance: AppearanceResolver(theme.appearance), overrides: theme.overrides,
            to: plan.output, progress: options.progress, facts: plan.facts, searchStream: searchStream,
            cacheStream: cacheStream, diagnostics: &diagnostics)
        // Kept to the build's end otherwise: for 10,000 pages, 7 MB of front matter the render has used, and every
        // unchanged page has taken its link facts from the previous build's.
        plan.reading.frontMatter = [:]
        plan.reading.frontDiagnostics = [:]
        // The site tree too (24 MB for 100,000 pages, at the peak of the link check and the search index's end):
        // the stages after this one need only the URLs of the folder pages (`generatedPages`).
        plan.tree = SiteTree(pages: [], siteTitle: "")
        plan.facts.releaseCachedFacts()
        if let warning = CodeHighlighter.shared.takeWarning() {
            diagnostics.warning(warning, at: FileTree.display(options.contentDirectory, "site.yml"))
        }
        return written
    }

    // MARK: 6. publish

    /// What the whole site writes (feeds, sitemap) and the link check; `write: false` when nothing changed.
    mutating func publishSite(_ plan: BuildPlan, theme: SiteTheme, write: Bool) -> SitePublication.Outcome {
        Self.publication(plan, theme: theme, write: write, strict: options.strict, diagnostics: &diagnostics)
    }

    /// `publishSite`, and the search index written at the same time (with `search` on): they write different
    /// files and read nothing the other writes, and each reports into its own `Diagnostics`, taken in turn after.
    /// Returns what finishes the index once the output is published.
    mutating func publishSiteAndSearchIndex(_ plan: BuildPlan, theme: SiteTheme, written: PageWriter.Written)
        -> (SitePublication.Outcome, SearchBuild?)
    {
        let strict = options.strict
        let cachePath = cachePath
        let inMemory = session != nil
        let ((publication, publicationProblems), (search, searchProblems)) = concurrently(
            { () -> (SitePublication.Outcome, Diagnostics) in
                var problems = Diagnostics()
                // `folio serve` neither lists the external links nor keeps the check's record: no other process reads them.
                let publication = Self.publication(
                    plan, theme: theme, write: true, strict: strict, recordsLinks: !inMemory, diagnostics: &problems)
                return (publication, problems)
            },
            { () -> (SearchBuild?, Diagnostics) in
                var problems = Diagnostics()
                guard plan.site.config.search else { return (nil, problems) }
                var search = SearchBuild(buildCache: cachePath, siteKey: plan.siteKey, session: session)
                search.write(
                    site: plan.site, plan: plan.pages, fresh: written.search, stream: written.searchStream,
                    output: plan.output, diagnostics: &problems)
                return (search, problems)
            })
        diagnostics.report(publicationProblems)
        diagnostics.report(searchProblems)
        return (publication, search)
    }

    private static func publication(
        _ plan: BuildPlan, theme: SiteTheme, write: Bool, strict: Bool, recordsLinks: Bool = true,
        diagnostics: inout Diagnostics
    ) -> SitePublication.Outcome {
        var publication = SitePublication(
            site: plan.site, theme: theme.theme, facts: plan.facts, generatedPages: plan.generatedPages)
        publication.recordsLinks = recordsLinks
        return publication.run(output: plan.output, write: write, strict: strict, diagnostics: &diagnostics)
    }

    /// Swaps the new output in, then keeps what the next build reuses: the search state, the link facts, the cache.
    func commit(
        _ plan: inout BuildPlan, written: PageWriter.Written, search: SearchBuild?, publication: SitePublication.Outcome
    ) throws {
        try plan.output.publish()
        if options.dryRun { return }
        session?.notePublished(options.outputDirectory)
        CacheFolder.removeAbandonedTemporaries(in: SitePath.directory(of: cachePath))
        CacheFolder.noteOutput(options.outputDirectory, ofCache: cachePath)
        CacheFolder.removeCachesOfMissingOutputs(in: SitePath.directory(of: cachePath))
        plan.facts.save(siteKey: plan.siteKey, to: plan.factsPath, session: session)
        session?.keep(plan.facts.kept(siteKey: plan.siteKey), at: plan.factsPath)
        // Also after --no-cache: what this build wrote is what the next one can reuse. The search index's cache,
        // the build's and the link check's record (for a next build in which nothing changed: a large site's lists
        // 130,000 external links) are saved at once.
        let output = FileSystem.identity(of: options.outputDirectory)
        let staticFiles = plan.pages.staticFingerprints
        let cache =
            written.cacheStream == nil
            ? BuildCache(
                siteKey: plan.siteKey, pages: plan.pages.takeRecords(adding: written.records),
                staticFiles: staticFiles, output: output) : nil
        var search = search
        var linkCheck = session == nil ? publication.linkCheck : nil
        linkCheck?.key = linkCheckKey(plan, files: publication.checkedFiles)
        let recordPath = LinkCheckRecord.location(buildCache: cachePath)
        _ = concurrently(
            { search?.finish(output: plan.output) },
            {
                concurrently(
                    { linkCheck?.save(to: recordPath) },
                    {
                        if let stream = written.cacheStream {
                            stream.finish(staticFiles: staticFiles, output: output)
                        } else if let cache {
                            if let session { session.store(cache, at: cachePath) } else { cache.save(to: cachePath) }
                        }
                    })
            })
    }

    /// Nothing changed: the output is already this build's. Only the site-wide checks run again.
    mutating func republish(_ plan: BuildPlan, theme: SiteTheme) -> SitePublication.Outcome {
        var plan = plan
        if !options.dryRun { session?.notePublished(options.outputDirectory) }
        // As the render stage reports them: the same finding on many pages once.
        diagnostics.report(plan.pages.reusedDiagnostics.removingDuplicates())
        // The link check's findings are the last build's: its inputs are all the same.
        let site = SitePublication(
            site: plan.site, theme: theme.theme, facts: plan.facts, generatedPages: plan.generatedPages)
        let key = linkCheckKey(plan, files: site.files)
        let recordPath = LinkCheckRecord.location(buildCache: cachePath)
        if let record = LinkCheckRecord.load(from: recordPath, key: key) {
            diagnostics.report(record.findings)
            return SitePublication.Outcome(
                notes: site.notes + (record.note.map { [$0] } ?? []), externalLinks: record.external,
                internalLinks: record.internalLinks,
                linkCheck: record)
        }
        plan.facts = linkFacts(plan.site, siteKey: plan.siteKey, at: plan.factsPath)
        for (number, page) in plan.site.pages.enumerated() {
            plan.facts.reused(
                page, number: number, fingerprint: plan.pages.reused[page.sourcePath]?.fingerprint ?? .missing,
                previousOutput: plan.pages.previousOutput, output: nil)
        }
        plan.facts.releaseCachedFacts()
        let publication = publishSite(plan, theme: theme, write: false)
        if !options.dryRun, plan.facts.readAgain > 0 {
            plan.facts.save(siteKey: plan.siteKey, to: plan.factsPath, session: session)
            session?.keep(plan.facts.kept(siteKey: plan.siteKey), at: plan.factsPath)
        }
        if !options.dryRun, var record = publication.linkCheck {
            record.key = key
            record.save(to: recordPath)
        }
        return publication
    }

    /// What a link check's outcome depends on: the site key (theme, config, options), every page's and static
    /// file's fingerprint, the output's other files and `--strict`.
    private func linkCheckKey(_ plan: BuildPlan, files: Set<String>) -> UInt64 {
        LinkCheckRecord.key(
            siteKey: plan.siteKey, fingerprints: plan.pages.sourceFingerprints, files: files, strict: options.strict)
    }

    /// The build is over (its cache written, if it published): `folio build`'s copy of the output, when it still
    /// mirrors the output, is kept for the next build (see `OutputStandby.persisted`).
    func keepCopyOfOutput() {
        keptCopy?.persist()
    }

    mutating func report(_ problem: Diagnostic) {
        diagnostics.report(problem)
    }

    var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
}

/// The theme stage's value: the templates and assets, the appearance rules, and which output paths the content claims.
struct SiteTheme: Sendable {
    var theme: Theme
    var appearance: AppearanceConfig
    var overrides: OutputOverrides

    /// Every page's `layout:` must name a file in `layouts/`.
    static func checkLayouts(_ site: Site, theme: Theme, diagnostics: inout Diagnostics) {
        // By index: a page's layout is read where it is, not each page copied.
        for index in site.pages.indices where !theme.layouts.contains(site.pages[index].listing.layout) {
            let page = site.pages[index]
            let position = page.listing.layoutPosition
            let known = theme.layouts.sorted().joined(separator: ", ")
            diagnostics.error(
                "unknown layout '\(page.listing.layout)': no Templates/layouts/\(page.listing.layout).mustache (layouts: \(known))",
                at: page.displayPath, line: position?.line ?? 1, column: position?.column ?? 1)
        }
    }
}

/// The plan stage's value: the site and its tree, what this build renders and reuses, and where it writes.
struct BuildPlan {
    var site: Site
    var reading: SiteReader.Reading
    /// Let go of once the pages are rendered (see `BuildPipeline.render`).
    var tree: SiteTree
    /// Folder pages Folio writes itself: link targets and sitemap entries like the pages from Markdown.
    let generatedPages: [String]
    /// Everything every page depends on (see `SiteKey`): when it changes, every page renders again.
    var siteKey: String
    var pages: RenderPlan
    var output: OutputDirectory
    /// A few pages changed: the output is patched in place rather than built beside it.
    var isPatch: Bool
    /// Nothing changed and the output is Folio's: nothing is written.
    var isNoOp: Bool
    var facts: SiteFacts
    var factsPath: String

    static func generatedPages(in tree: SiteTree) -> [String] {
        GeneratedPage.all(in: tree, navigation: Navigation(tree: tree))
            .filter { $0.number == 1 || tree.node(forURL: $0.url) == nil }.map(\.url)
    }
}
