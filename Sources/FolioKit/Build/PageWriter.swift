import Foundation

/// Writes a build into the staging folder: each page read, modelled, rendered and written by one worker, then dropped,
/// so memory stays flat; pages and files unchanged since the previous build are hard-linked from its output.
enum PageWriter {
    struct Written {
        var views = 0
        var sections = 0
        var files = 0
        var rendered = 0
        /// The rendered pages' records (the reused pages' are the plan's), unless they went to `cacheStream`.
        var records: [String: BuildCache.PageRecord] = [:]
        /// Where every page's record went as it was written or reused (`folio build`).
        var cacheStream: BuildCacheStream?
        var renderedURLs: [String] = []
        /// Source path → the search terms of each page rendered (with `search` on), unless they went to `searchStream`.
        var search: [String: SearchPage] = [:]
        var searchStream: SearchPageStream?
    }

    /// What a render worker keeps from page to page of its run of pages.
    private final class Worker {
        /// The worker's run of pages, by number.
        let run: Range<Int>
        let search = SearchPage.Workspace()
        /// The next pages' files and code (nil with highlighting off or unavailable: nothing to send ahead).
        let readAhead: ReadAhead?

        init(run: Range<Int>, readAhead: ReadAhead?) {
            self.run = run
            self.readAhead = readAhead
        }
    }

    /// A page as its worker left it: small for a reused page (its record stays in the plan, not copied here).
    private struct PageResult: Sendable {
        /// The rendered page's new record (nil for a reused page, one whose file could not be written, or one whose
        /// record went to the cache stream).
        var record: BuildCache.PageRecord?
        /// Its sections and views, when it is in the output.
        var counts: (sections: Int, views: Int)?
        /// What this page's worker found (a page's problems are also kept in its cache record).
        var diagnostics: Diagnostics
        var styles: [BuildCache.CachedStyle]
        var rendered: Bool
        var search: SearchPage? = nil
    }

    static func write(
        _ site: Site, tree: SiteTree, plan: RenderPlan, frontMatter: [String: SiteReader.ParsedFront],
        frontDiagnostics: [String: Diagnostics], theme: Theme,
        appearance: AppearanceResolver, overrides: OutputOverrides, to output: OutputDirectory,
        progress: (@Sendable (Int, Int) -> Void)? = nil, facts: SiteFacts? = nil, searchStream: SearchPageStream? = nil,
        cacheStream: BuildCacheStream? = nil, diagnostics: inout Diagnostics
    ) throws -> Written {
        let counter = ProgressCounter(total: site.pages.count - plan.reused.count, report: progress)
        let context = PageContext(site: site, theme: theme, tree: tree)
        // Folder listings depend only on the site's index of pages (the site key): taken from the previous output
        // when that is the same, else written.
        // A folder's page written by hand as a content `index.html` takes the generated one's place (with a warning).
        let handWritten = GeneratedPage.contentFiles(of: site)
        let generated = GeneratedPage.all(in: tree, navigation: context.navigation)
            .filter {
                ($0.number == 1 || tree.node(forURL: $0.url) == nil) && !handWritten.contains($0.outputPath.relative)
            }
        try output.makeDirectories(
            for: site.pages.map(\.outputPath) + generated.map(\.outputPath) + site.staticFiles.map { OutputPath($0) }
                + theme.assets.keys.sorted().map(Theme.assetPath) + (site.config.search ? [SearchPage.path(0)] : []))
        let styles = BuildCache.CachedStyles()
        let readsAhead = CodeHighlighter.setup.isUsable
        @Sendable func worker(for run: Range<Int>) -> Worker {
            guard readsAhead else { return Worker(run: run, readAhead: nil) }
            return Worker(
                run: run,
                readAhead: ReadAhead(run: run) { index in
                    let page = site.pages[index]
                    return plan.reused[page.sourcePath] == nil ? PageLoader.read(page, site: site) : nil
                })
        }
        // A worker's counts of its pages' search terms go with the terms, for the index's end.
        @Sendable func finish(_ worker: Worker) {
            searchStream?.addCounts(worker.search.takeCounts(pages: worker.run), run: worker.run)
        }
        let results = site.pages.parallelMap(reusing: worker, finishing: finish) {
            index, source, worker -> PageResult in
            if let record = plan.reused[source.sourcePath], output.reuse(source.outputPath, from: plan.previousOutput) {
                facts?.reused(
                    source, number: index, fingerprint: record.fingerprint, previousOutput: plan.previousOutput,
                    output: output)
                cacheStream?.add(source.sourcePath, record)
                return PageResult(
                    counts: (record.sections, record.views),
                    diagnostics: Diagnostics(record.renderDiagnostics.map(\.diagnostic)), styles: record.styles,
                    rendered: false)
            }
            defer { counter.step() }
            var result = render(
                source, number: index, fingerprint: plan.sourceFingerprints[source.sourcePath] ?? .missing,
                front: frontMatter[source.sourcePath]?.take(),
                frontDiagnostics: frontDiagnostics[source.sourcePath] ?? [],
                site: site, theme: theme,
                appearance: appearance, context: context, to: output, facts: facts, styles: styles,
                readAhead: worker.readAhead?.page(index),
                searchIndex: site.config.search ? (worker.search, searchStream) : nil)
            if let cacheStream, let record = result.record {
                cacheStream.add(source.sourcePath, record)
                result.record = nil
            }
            return result
        }

        var written = Written(cacheStream: cacheStream, searchStream: searchStream)
        // Without a cache stream (`folio serve`), the rendered pages' records (the reused pages' stay in the plan, see
        // `RenderPlan.takeRecords`). Made its size at once: a dictionary grown a step at a time holds its old and new
        // storage together at its last growth, at the build's peak (a build of 100,000 pages peaks about 10 MB lower
        // without it).
        if cacheStream == nil { written.records.reserveCapacity(site.pages.count - plan.reused.count) }
        // The same problem found on many pages (one appearance rule, many controls) is reported once.
        var found = Diagnostics()
        var stylesheet = AppearanceStylesheet()
        // By index: a page's and a result's fields are read where they are, not each copied (10,000 of them on a
        // rebuild of one page).
        for index in results.indices {
            if !results[index].diagnostics.isEmpty { found.report(results[index].diagnostics) }
            for cached in results[index].styles {
                if let style = cached.style { _ = stylesheet.insert(style) }
            }
            if let counts = results[index].counts {
                written.views += counts.views
                written.sections += counts.sections
            }
            guard results[index].rendered else { continue }
            let source = site.pages[index]
            written.rendered += 1
            written.renderedURLs.append(source.url)
            if let search = results[index].search { written.search[source.sourcePath] = search }
            if let record = results[index].record { written.records[source.sourcePath] = record }
        }
        let generatedWrites = generated.parallelMap { page -> Diagnostics in
            var problems = Diagnostics()
            if plan.sameSiteKey, output.link(page.outputPath, from: plan.previousOutput) { return problems }
            let html = theme.renderLayout("layouts/default", context.values(for: page), diagnostics: &problems)
            output.write(html, to: page.outputPath, for: output.target, diagnostics: &problems)
            return problems
        }
        for problems in generatedWrites { found.report(problems) }
        // A content file at the path of a generated one or a theme asset takes its place (OutputOverrides warns).
        if theme.layouts.contains("404"), overrides.allows(.notFoundPage) {
            let html = theme.renderLayout("layouts/404", context.notFoundValues(), diagnostics: &found)
            output.write(html, to: .notFoundPage, for: output.target, diagnostics: &found)
        }
        if overrides.allows(AppearanceStylesheet.outputPath) {
            output.write(stylesheet.css, to: AppearanceStylesheet.outputPath, for: output.target, diagnostics: &found)
        }
        for file in site.staticFiles {
            if plan.unchangedStatic.contains(file), output.link(OutputPath(file), from: plan.previousOutput) {
                continue
            }
            do {
                try output.copy(from: site.contentDirectory + "/" + file, to: OutputPath(file))
            } catch {
                found.error(
                    "cannot copy this file to the output folder: \(error.reason)",
                    at: FileTree.display(site.contentDirectory, file))
            }
        }
        for (name, file) in theme.assets.sorted(by: { $0.key < $1.key }) {
            let path = Theme.assetPath(name)
            guard overrides.allows(path) else { continue }
            output.write(file.bytes, to: path, for: file.displayPath, diagnostics: &found)
        }
        written.files = site.pages.count + generated.count + site.staticFiles.count + theme.assets.count + 1
        diagnostics.report(found.removingDuplicates())
        return written
    }

    /// Reads, models, renders and writes one page, page number `number` of the site (what its facts and its search
    /// record file are known by); `fingerprint` is its file's as the read stage found it.
    private static func render(
        _ listed: PageSource, number: Int, fingerprint: FileFingerprint, front: FrontMatter?,
        frontDiagnostics: Diagnostics,
        site: Site, theme: Theme,
        appearance: AppearanceResolver,
        context: PageContext, to output: OutputDirectory, facts: SiteFacts?, styles: BuildCache.CachedStyles,
        readAhead: ReadAhead.Page?,
        searchIndex: (workspace: SearchPage.Workspace, stream: SearchPageStream?)? = nil
    ) -> PageResult {
        var diagnostics = Diagnostics()
        let loaded = PageLoader.load(listed, front: front, site: site, readAhead: readAhead, diagnostics: &diagnostics)
        let page = loaded.page
        let source = page.source
        let frontDiagnostics = loaded.frontDiagnostics ?? frontDiagnostics
        FrontMatterImage.check(page, site: site, theme: theme, diagnostics: &diagnostics)
        var views = ViewRenderer(theme: theme, settings: PageSettings(page: page), appearance: appearance)
        let content = views.render(page.model, diagnostics: &diagnostics)
        let html = theme.renderLayout(
            "layouts/" + page.front.layout, context.values(for: page, content: content), diagnostics: &diagnostics)
        facts?.rendered(
            page, number: number, fingerprint: fingerprint, html: html, output: output, diagnostics: &diagnostics)
        guard output.write(html, to: page.outputPath, for: page.displayPath, diagnostics: &diagnostics) else {
            return PageResult(diagnostics: diagnostics, styles: [], rendered: true)
        }
        let cachedStyles = views.stylesheet.styles.values.map(styles.cached)
        let record = BuildCache.PageRecord(
            fingerprint: fingerprint, url: source.url, title: source.title, listing: source.listing,
            sections: page.model.sectionCount, views: views.viewCount,
            frontDiagnostics: frontDiagnostics.map(BuildCache.CachedDiagnostic.init),
            renderDiagnostics: diagnostics.map(BuildCache.CachedDiagnostic.init),
            styles: cachedStyles)
        var search: SearchPage?
        if let searchIndex {
            let made = SearchPage.make(page.model, settings: views.settings, in: searchIndex.workspace)
            output.write(
                made.file, to: SearchPage.path(number), for: page.displayPath, diagnostics: &diagnostics)
            if let stream = searchIndex.stream {
                stream.add(
                    made.page, number: number, sourcePath: listed.sourcePath, fingerprint: fingerprint,
                    counted: true)
            } else {
                search = made.page
            }
        }
        return PageResult(
            record: record, counts: (record.sections, record.views), diagnostics: diagnostics, styles: cachedStyles,
            rendered: true, search: search)
    }
}
