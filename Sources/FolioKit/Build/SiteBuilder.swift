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
        public var externalLinks = ExternalLinks()
    }

    /// Builds the site through the stages of `BuildPipeline`; a `session` keeps the cache in memory between the
    /// builds of one process.
    public static func build(_ options: Options, session: BuildSession? = nil) -> Result {
        var build = BuildPipeline(options: options, session: session)
        var summary = Summary()
        var changedPages: [String]?
        var publication = SitePublication.Outcome()
        func finish(published: Bool) -> Result {
            build.keepCopyOfOutput()
            summary.seconds = build.seconds
            return Result(
                diagnostics: OutputWriteFailures.collapsed(
                    build.diagnostics.sortedForDisplay(), output: options.outputDirectory),
                summary: summary, published: published,
                changedPages: changedPages, notes: publication.notes + CacheFolder.takeFailures(),
                internalLinks: publication.internalLinks,
                externalLinks: publication.externalLinks)
        }

        let reading = build.read()
        let theme = build.theme(for: reading)
        summary.pages = reading.site.pages.count
        // The reading lives on in the plan only (which lets go of its front matter once the pages are rendered).
        guard var plan = build.plan(consume reading, theme: theme) else { return finish(published: false) }
        let site = plan.site
        if plan.isNoOp {
            changedPages = []
            summary.views = plan.pages.reusedViews
            summary.sections = plan.pages.reusedSections
            summary.files = site.pages.count + site.staticFiles.count + theme.theme.assets.count + 1
            publication = build.republish(plan, theme: theme)
            return finish(published: !build.failed)
        }
        do {
            let written = try build.render(&plan, theme: theme)
            summary.views = written.views
            summary.sections = written.sections
            summary.files = written.files
            summary.rendered = written.rendered
            // Only when nothing but some pages changed can the other open pages stay as they are.
            changedPages =
                plan.isPatch && plan.pages.unchangedStatic.count == site.staticFiles.count
                ? written.renderedURLs : nil
            let search: SearchBuild?
            (publication, search) = build.publishSiteAndSearchIndex(plan, theme: theme, written: written)
            if build.failed {
                plan.output.discard()
                return finish(published: false)
            }
            try build.commit(&plan, written: written, search: search, publication: publication)
            // `folio serve`: freed on another thread (each value given up here, so that none is freed on this one).
            if let session { session.letGo((consume plan, consume written, consume search, consume site)) }
        } catch {
            plan.output.discard()
            build.report(
                .error("cannot write the output: \(error.localizedDescription)", at: options.outputDirectory))
            return finish(published: false)
        }
        return finish(published: true)
    }
}
