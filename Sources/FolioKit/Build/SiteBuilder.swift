import Foundation

/// `folio build`: read the content, load the theme, render what changed in parallel, publish atomically.
public enum SiteBuilder {
    public struct Options: Sendable {
        public var contentDirectory = "Content"
        /// nil: only the default theme in the binary.
        public var templatesDirectory: String? = "Templates"
        public var outputDirectory = "Public"
        public var baseURL: String?
        public var includeDrafts = false
        public var strict = false
        /// Reuse what the previous build into the same output produced (`.folio-cache/`); the cache is saved either way.
        public var useCache = true
        /// Called now and then with (pages done, pages to render) while pages render; `folio build` shows it on a terminal.
        public var progress: (@Sendable (Int, Int) -> Void)?
        /// `folio check`: everything a build does and checks, with nothing written (no output, no cache).
        public var dryRun = false

        public init() {}
    }

    public struct Summary: Sendable, Equatable {
        public var pages = 0
        public var sections = 0
        public var views = 0
        public var files = 0
        /// Pages rendered by this build; the others were unchanged and reused.
        public var rendered = 0
        public var seconds = 0.0
    }

    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var summary: Summary
        /// False when the build found errors (or warnings under `--strict`); `Public/` was then left as it was.
        public var published: Bool
        /// The URLs of the pages whose output changed; nil when anything else changed too (assume every page did).
        public var changedPages: [String]? = nil
        /// Lines that inform without being problems (what a build without an absolute baseURL skipped).
        public var notes: [String] = []
        /// The site's links: how many internal ones were checked, and the external ones (for `folio check --external`).
        public var internalLinks = 0
        public var externalLinks: [ExternalLink] = []
    }

    /// Builds the site; a `session` keeps the cache in memory between the builds of one process.
    public static func build(_ options: Options, session: BuildSession? = nil) -> Result {
        let start = DispatchTime.now()
        let cachePath = BuildCache.location(content: options.contentDirectory, output: options.outputDirectory)
        let previous =
            options.useCache && FileManager.default.fileExists(atPath: options.outputDirectory)
            ? session?.previous(at: cachePath) ?? BuildCache.load(from: cachePath) : nil

        var diagnostics: [Diagnostic] = []
        let reading = SiteReader.read(
            .init(
                contentDirectory: options.contentDirectory, includeDrafts: options.includeDrafts,
                baseURL: options.baseURL),
            previous: previous)
        let site = reading.site
        let theme = Theme.load(
            directory: options.templatesDirectory, followSymlinks: site.config.followSymlinks, diagnostics: &diagnostics
        )
        diagnostics += reading.diagnostics
        let overrides = OutputOverrides(site: site, theme: theme)
        diagnostics += overrides.warnings
        diagnostics += site.pages.flatMap { reading.pageDiagnostics[$0.sourcePath] ?? [] }
        diagnostics += checkLayouts(site, theme: theme)
        let appearanceConfig = AppearanceConfig.load(
            theme: theme, contentDirectory: options.contentDirectory, diagnostics: &diagnostics)
        diagnostics += AppearanceChecks.undeclaredContainers(
            in: appearanceConfig, declaredContainers: Set(site.pages.compactMap(\.front.container)),
            layouts: theme.layouts)

        var summary = Summary(pages: site.pages.count)
        var changedPages: [String]?
        var publication = SitePublication.Outcome()
        func finish(published: Bool) -> Result {
            summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            return Result(
                diagnostics: diagnostics.sortedForDisplay(), summary: summary, published: published,
                changedPages: changedPages,
                notes: publication.notes, internalLinks: publication.internalLinks,
                externalLinks: publication.externalLinks)
        }
        func failed() -> Bool {
            diagnostics.hasErrors || (options.strict && !diagnostics.isEmpty)
        }
        let structure = SiteStructure.build(site, diagnostics: &diagnostics)
        if failed() { return finish(published: false) }

        let siteKey = SiteKey.compute(
            site: site, theme: theme, options: options, siteYAML: reading.siteYAML, folders: structure.keyBytes)
        let plan = RenderPlan(
            site: site, reading: reading, previous: previous, siteKey: siteKey, output: options.outputDirectory)
        // A few edited pages are published as a patch of the output (still old-or-new, see OutputPatch); anything
        // larger, or an output without Folio's mark (made by an older Folio), is built beside it and swapped in whole.
        // `folio check` (dryRun) renders everything and writes nothing.
        let marked = OutputSafety.isMarked(options.outputDirectory)
        let isPatch = !options.dryRun && marked && plan.isSmallUpdate(pages: site.pages.count)
        let output =
            options.dryRun
            ? OutputDirectory.discarding(target: options.outputDirectory)
            : isPatch
                ? OutputDirectory.patch(target: options.outputDirectory)
                : OutputDirectory(target: options.outputDirectory)
        let factsPath = PageFactsFile.location(buildCache: cachePath)
        // Folder pages Folio writes itself: link targets and sitemap entries like the pages from Markdown.
        let generatedPages = GeneratedPage.all(in: structure.tree, navigation: Navigation(tree: structure.tree))
            .filter { $0.number == 1 || structure.tree.node(forURL: $0.url) == nil }.map(\.url)
        // `folio serve` keeps every page's facts in memory for its next build; `folio build` writes them out page by page.
        let facts = SiteFacts(
            site: site, cached: previous.flatMap { PageFactsFile.load(from: factsPath, siteKey: $0.siteKey) },
            stream: session == nil && !options.dryRun ? PageFactsFile.Stream(path: factsPath, siteKey: siteKey) : nil,
            keepEntries: session != nil)
        do {
            if plan.isNoOp && marked {
                // Nothing changed: the output is already this build's, so nothing is written at all.
                diagnostics += plan.reusedDiagnostics
                changedPages = []
                summary.views = plan.reusedViews
                summary.sections = plan.reusedSections
                summary.files = site.pages.count + site.staticFiles.count + theme.assets.count + 1
                for page in site.pages {
                    facts.reused(
                        page, fingerprint: plan.reused[page.sourcePath]?.fingerprint ?? .missing,
                        previousOutput: plan.previousOutput, output: nil)
                }
                publication = SitePublication(site: site, theme: theme, facts: facts, generatedPages: generatedPages)
                    .run(output: output, write: false, strict: options.strict)
                diagnostics += publication.diagnostics
                if !options.dryRun, facts.readAgain > 0 {
                    facts.save(siteKey: siteKey, to: factsPath, inBackground: session != nil)
                }
                return finish(published: !failed())
            }
            try output.prepare()
            let written = try PageWriter.write(
                site, tree: structure.tree, plan: plan, frontDiagnostics: reading.pageDiagnostics, theme: theme,
                appearance: AppearanceResolver(appearanceConfig), overrides: overrides, to: output,
                progress: options.progress,
                facts: facts)
            summary.views = written.views
            summary.sections = written.sections
            summary.files = written.files
            summary.rendered = written.rendered
            // Only when nothing but some pages changed can the other open pages stay as they are.
            changedPages =
                isPatch && plan.unchangedStatic.count == site.staticFiles.count
                ? written.renderedURLs : nil
            diagnostics += written.diagnostics
            if let warning = CodeHighlighter.shared.takeWarning() {
                diagnostics.append(.warning(warning, at: FileTree.display(options.contentDirectory, "site.yml")))
            }
            publication = SitePublication(site: site, theme: theme, facts: facts, generatedPages: generatedPages).run(
                output: output, write: true, strict: options.strict)
            diagnostics += publication.diagnostics
            var search =
                site.config.search
                ? SearchBuild(buildCache: cachePath, siteKey: siteKey, inMemory: session != nil) : nil
            diagnostics += search?.write(site: site, plan: plan, fresh: written.search, output: output) ?? []
            if failed() {
                output.discard()
                return finish(published: false)
            }
            try output.publish()
            if options.dryRun { return finish(published: true) }
            search?.finish(output: output)
            facts.save(siteKey: siteKey, to: factsPath, inBackground: session != nil)
            // Also after --no-cache: what this build wrote is what the next one can reuse.
            let cache = BuildCache(siteKey: siteKey, pages: written.records, staticFiles: plan.staticFingerprints)
            if let session { session.store(cache, at: cachePath) } else { cache.save(to: cachePath) }
        } catch {
            output.discard()
            diagnostics.append(
                .error("cannot write the output: \(error.localizedDescription)", at: options.outputDirectory))
            return finish(published: false)
        }
        return finish(published: true)
    }

    /// Every page's `layout:` must name a file in `layouts/`.
    static func checkLayouts(_ site: Site, theme: Theme) -> [Diagnostic] {
        site.pages.compactMap { page in
            guard !theme.layouts.contains(page.front.layout) else { return nil }
            let position = page.front.positions["layout"]
            let known = theme.layouts.sorted().joined(separator: ", ")
            return .error(
                "unknown layout '\(page.front.layout)': no Templates/layouts/\(page.front.layout).mustache (layouts: \(known))",
                at: page.displayPath, line: position?.line ?? 1, column: position?.column ?? 1)
        }
    }
}
