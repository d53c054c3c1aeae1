import Foundation
import Testing

@testable import FolioKit

/// Each stage of `BuildPipeline` on a tiny site, in-process: what it hands on and what it reports.
@Suite struct BuildPipelineTests {
    static let files = [
        "site.yml": "title: Stages\n",
        "index.md": "---\ntitle: Home\n---\n\nWelcome. See [the guide](guide.md).\n",
        "guide.md": "---\ntitle: Guide\nview: tabs\n---\n\n## One\n\nFirst.\n\n## Two\n\nSecond.\n",
        "notes/first.md": "# First note\n\nText.\n",
    ]

    static func options(_ site: ScratchSite, cache: Bool = true) -> SiteBuilder.Options {
        var options = SiteBuilder.Options()
        options.contentDirectory = site.content.path
        options.templatesDirectory = nil
        options.outputDirectory = site.output.path
        options.useCache = cache
        return options
    }

    @Test func aBuildOfEveryPageLeavesTheSearchCacheTheNextBuildTakesItsPagesFrom() throws {
        let site = try ScratchSite(Self.files)
        #expect(site.build().published)
        let buildCache = BuildCache.location(content: site.content.path, output: site.output.path)
        let built = try #require(BuildCache.load(from: buildCache))
        // Written page by page as the pages rendered: every page, under the build's key, as the next build asks.
        let cache = try #require(SearchCache.load(from: SearchCache.location(buildCache: buildCache)))
        #expect(cache.siteKey == built.siteKey)
        #expect(Set(cache.pages.keys) == Set(built.pages.keys))
        for (path, page) in cache.pages {
            #expect(page.fingerprint == built.pages[path]?.fingerprint, "\(path)")
            #expect(site.exists(SearchPage.path(page.number).relative), "\(path)")
        }
        #expect(cache.pages["guide.md"]?.search.records == 3, "the intro and the two tabs")
        #expect(cache.files[SearchIndex.indexPath.relative] != nil)
        let folder = try FileManager.default.contentsOfDirectory(atPath: SitePath.directory(of: buildCache))
        #expect(!folder.contains { $0.contains(".tmp-") }, "\(folder)")
    }

    @Test func readListsEveryPageWithItsURLAndTitle() throws {
        let site = try ScratchSite(Self.files)
        var build = BuildPipeline(options: Self.options(site), session: nil)
        let reading = build.read()
        let pages = Dictionary(uniqueKeysWithValues: reading.site.pages.map { ($0.sourcePath, ($0.url, $0.title)) })
        #expect(pages["index.md"]?.0 == "/" && pages["index.md"]?.1 == "Home")
        #expect(pages["guide.md"]?.0 == "/guide/" && pages["guide.md"]?.1 == "Guide")
        #expect(pages["notes/first.md"]?.0 == "/notes/first/" && pages["notes/first.md"]?.1 == "First note")
        #expect(build.diagnostics.isEmpty, "\(build.diagnostics)")
    }

    @Test func readAndThemeReportBadFrontMatterAndAnUnknownLayoutAtTheirPlace() throws {
        var files = Self.files
        files["guide.md"] = "---\ntitle: Guide\ndraft: maybe\nlayout: wide\n---\n\nText.\n"
        let site = try ScratchSite(files)
        var build = BuildPipeline(options: Self.options(site), session: nil)
        let reading = build.read()
        _ = build.theme(for: reading)
        let found = build.diagnostics.map(\.description)
        #expect(
            found.contains { $0.hasSuffix("guide.md:3:8: error: 'draft' must be true or false, not 'maybe'") },
            "\(found)")
        #expect(found.contains { $0.contains("guide.md:4:9: error: unknown layout 'wide'") }, "\(found)")
        #expect(build.failed)
    }

    /// The theme loses a layout a page names, and the page's file is unchanged: the read stage takes the page from
    /// the cache, which keeps where `layout:` stands, so the error still points at it.
    @Test func anUnknownLayoutOfAPageFromTheCacheIsReportedAtItsPlace() throws {
        var files = Self.files
        files["guide.md"] = "---\ntitle: Guide\nlayout: wide\n---\n\nText.\n"
        let site = try ScratchSite(files)
        let layouts = site.root.appendingPathComponent("Theme/layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try "<!doctype html><title>{{page.title}}</title>{{{page.content}}}\n".write(
            to: layouts.appendingPathComponent("wide.mustache"), atomically: true, encoding: .utf8)
        let theme = site.root.appendingPathComponent("Theme")
        let first = site.build(templates: theme)
        #expect(first.published, "\(first.diagnostics)")

        try FileManager.default.removeItem(at: layouts.appendingPathComponent("wide.mustache"))
        var build = BuildPipeline(options: Self.options(site), session: nil)
        #expect(build.read().unchanged.contains("guide.md"), "the page comes from the cache")
        let second = site.build(templates: theme)
        #expect(!second.published)
        let found = second.diagnostics.map(\.description)
        #expect(found.contains { $0.contains("guide.md:3:9: error: unknown layout 'wide'") }, "\(found)")
    }

    /// The first three stages, as a build runs them, and what the next stages need.
    @Test func theRenderWorkersCountTheSearchTermsOfEveryPageTheyRender() throws {
        var files = Self.files
        for number in 0..<40 { files["many/p\(number).md"] = "# Page \(number)\n\nWords \(number % 7) and more.\n" }
        let site = try ScratchSite(files)
        var (build, plan, theme) = try Self.planned(site)
        let written = try build.render(&plan, theme: theme)
        let stream = try #require(written.searchStream, "a build of every page writes its terms out as they come")
        let counted = try #require(stream.takeCounts(), "every page's terms were counted by its worker")
        let read = SearchTermCounts(pages: stream)
        func byTerm(_ counts: SearchTermCounts) -> [String: [Int]] {
            Dictionary(
                uniqueKeysWithValues: (0..<counts.terms.count).map {
                    (
                        String(decoding: counts.terms.term($0), as: UTF8.self),
                        [counts.counts[$0], Int(counts.firstHalf[$0])]
                    )
                })
        }
        #expect(byTerm(counted) == byTerm(read))
        #expect(counted.recordCount == read.recordCount)
        plan.output.discard()
    }

    static func planned(_ site: ScratchSite, session: BuildSession? = nil) throws -> (
        build: BuildPipeline, plan: BuildPlan, theme: SiteTheme
    ) {
        var build = BuildPipeline(options: options(site), session: session)
        let reading = build.read()
        let theme = build.theme(for: reading)
        let plan = build.plan(reading, theme: theme)
        return (build, try #require(plan), theme)
    }

    /// The first three stages, as a build runs them.
    static func plan(_ site: ScratchSite) -> BuildPlan? {
        var build = BuildPipeline(options: options(site), session: nil)
        let reading = build.read()
        return build.plan(reading, theme: build.theme(for: reading))
    }

    @Test func planRendersEveryPageFirstThenOnlyTheEditedOne() throws {
        let site = try ScratchSite(Self.files)
        let first = try #require(Self.plan(site))
        #expect(first.pages.reused.isEmpty && !first.isNoOp)
        #expect(site.build().published)

        let unchanged = try #require(Self.plan(site))
        #expect(unchanged.isNoOp && unchanged.pages.reused.count == 3)

        try site.write(["notes/first.md": "# First note\n\nText, edited.\n"])
        let edited = try #require(Self.plan(site))
        #expect(!edited.isNoOp && edited.isPatch)
        #expect(Set(edited.pages.reused.keys) == ["index.md", "guide.md"])
    }

    @Test func aPageWhoseFileWasDeletedFromTheOutputIsRenderedAgainAlsoInServe() throws {
        let site = try ScratchSite(Self.files)
        let session = BuildSession()
        defer { session.flush() }
        for session in [nil, session] {
            #expect(site.build(session: session).published)
            try FileManager.default.removeItem(at: site.output.appendingPathComponent("guide/index.html"))
            let plan = try #require(Self.plan(site))
            #expect(!plan.isNoOp && Set(plan.pages.reused.keys) == ["index.md", "notes/first.md"])
            let rebuilt = site.build(session: session)
            #expect(rebuilt.published && rebuilt.summary.rendered == 1, "\(rebuilt.diagnostics)")
            #expect(site.html("guide/index.html").contains("data-folio-view=\"tabs\""))
        }
        session.flush()
    }

    /// A word gone from the site takes its search shard with it, also from the copy of the output `folio serve` keeps
    /// for its next rebuild (which brought the shard back before).
    @Test func editsThatDropWordsLeaveNoShardOfThemAlsoInServe() throws {
        let site = try ScratchSite(Self.files)
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)
        let clean = site.root.appendingPathComponent("Clean")
        for (number, text) in ["Zebras quagga.", "Walrus.", "Text."].enumerated() {
            try site.write(["notes/first.md": "# First note\n\n\(text)\n"])
            #expect(site.build(session: session).published)
            site.build(into: clean, cache: false)
            #expect(ScratchSite.differences(site.output, clean) == [], "edit \(number + 1)")
            ScratchSite.remove(clean)
        }
        #expect(!site.exists(SearchIndex.path(shard: "ze").relative))
        session.flush()
    }

    /// The same when the last index's list of files is not known: every page re-rendered (their terms made anew), or
    /// the search cache gone while the build cache is there (as after an upgrade, whose new cache format lays the
    /// shards out anew).
    @Test func wordsDroppedWhenEveryPageRendersOrTheSearchCacheIsGoneLeaveNoShard() throws {
        let site = try ScratchSite(Self.files.merging(["notes/first.md": "# First note\n\nZebras 東京.\n"]) { $1 })
        #expect(site.build().published)
        #expect(site.exists(SearchIndex.path(shard: "ze").relative))
        let clean = site.root.appendingPathComponent("Clean")
        var edits = Self.files
        for page in edits.keys where page.hasSuffix(".md") { edits[page]! += "\nEdited.\n" }
        try site.write(edits)
        let everyPage = site.build()
        #expect(everyPage.published && everyPage.summary.rendered == 3, "\(everyPage.diagnostics)")
        site.build(into: clean, cache: false)
        #expect(ScratchSite.differences(site.output, clean) == [], "every page rendered")
        ScratchSite.remove(clean)

        try site.write(["notes/first.md": "# First note\n\nZebras 東京.\n"])
        #expect(site.build().published && site.exists(SearchIndex.path(shard: "ze").relative))
        let buildCache = BuildCache.location(content: site.content.path, output: site.output.path)
        try FileManager.default.removeItem(atPath: SearchCache.location(buildCache: buildCache))
        try site.write(["notes/first.md": "# First note\n\nText.\n"])
        let withoutSearchCache = site.build()
        #expect(withoutSearchCache.published && withoutSearchCache.summary.rendered == 1)
        site.build(into: clean, cache: false)
        #expect(ScratchSite.differences(site.output, clean) == [], "no search cache")
        #expect(!site.exists(SearchIndex.path(shard: "ze").relative))
        ScratchSite.remove(clean)
    }

    @Test func aServeRebuildAfterItsOutputWasFoundWholeDoesNotLookForEveryPageAgain() throws {
        let site = try ScratchSite(Self.files)
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)
        #expect(session.verifyOutputs(site.output.path))
        // Deleted after the look: this rebuild takes every unchanged page's file as found.
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("guide/index.html"))
        try site.write(["notes/first.md": "# First note\n\nText, edited.\n"])
        let rebuilt = site.build(session: session)
        #expect(rebuilt.published && rebuilt.summary.rendered == 1, "\(rebuilt.diagnostics)")
        #expect(!site.exists("guide/index.html"))
        // The look after it finds the page missing, and the next rebuild renders it again.
        #expect(!session.verifyOutputs(site.output.path))
        let mended = site.build(session: session)
        #expect(mended.published && mended.summary.rendered == 1, "\(mended.diagnostics)")
        #expect(site.html("guide/index.html").contains("data-folio-view=\"tabs\""))
        #expect(session.verifyOutputs(site.output.path))
        // The answer holds for one build: a rebuild without a look after the last one looks for every file itself.
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("guide/index.html"))
        #expect(site.build(session: session).published)
        #expect(site.build(session: session).summary.rendered == 1)
        #expect(site.exists("guide/index.html"))
        session.flush()
    }

    @Test func aStaticFileOrFolderPageDeletedFromTheOutputIsMadeAgainByTheNextRebuildAlsoInServe() throws {
        var files = Self.files
        files["notes/second.md"] = "# Second note\n\nMore.\n"
        files["pic.txt"] = "A picture.\n"
        files["index.md"] = "---\ntitle: Home\n---\n\nSee [the picture](pic.txt).\n"
        let site = try ScratchSite(files)
        let session = BuildSession()
        defer { session.flush() }
        for session in [nil, session] {
            #expect(site.build(session: session).published)
            #expect(site.exists("pic.txt") && site.exists("notes/index.html"))
            try FileManager.default.removeItem(at: site.output.appendingPathComponent("pic.txt"))
            try FileManager.default.removeItem(at: site.output.appendingPathComponent("notes/index.html"))
            // One page edited: a patch of the output, which puts both files back.
            try site.write(["notes/first.md": "# First note\n\nText, edited \(session == nil ? 1 : 2).\n"])
            for rebuild in 1...2 {
                let result = site.build(session: session)
                #expect(result.published && result.diagnostics.isEmpty, "\(result.diagnostics)")
                #expect(site.exists("pic.txt"), "rebuild \(rebuild)")
                #expect(site.html("notes/index.html").contains("Second note"), "rebuild \(rebuild)")
            }
        }
        session.flush()
        // Nothing changed in the sources: the build still copies the static file again.
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("pic.txt"))
        let again = site.build()
        #expect(again.published && again.summary.rendered == 0)
        #expect(site.exists("pic.txt"))
        let clean = site.root.appendingPathComponent("Clean")
        site.build(into: clean, cache: false)
        #expect(ScratchSite.snapshot(site.output) == ScratchSite.snapshot(clean))
    }

    @Test func aServeRebuildTakesTheUnchangedPagesLinkFactsFromItsLastBuildNotFromTheFile() throws {
        let site = try ScratchSite(Self.files)
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)
        // The facts file, written once the session's rebuilds pause, is removed: an unchanged page's facts can only
        // come from memory (or from reading the page again).
        let facts = PageFactsFile.location(
            buildCache: BuildCache.location(content: site.content.path, output: site.output.path))
        session.flush()
        try FileManager.default.removeItem(atPath: facts)

        try site.write(["notes/first.md": "# First note\n\nText, edited.\n"])
        var (build, plan, theme) = try Self.planned(site, session: session)
        _ = try build.render(&plan, theme: theme)
        #expect(plan.pages.reused.count == 2)
        #expect(plan.facts.readAgain == 0, "no unchanged page is read again")
        plan.output.discard()
        session.flush()
    }

    @Test func aServeRebuildKeepsTheSiteIndexWhileNoPageMovesAndMakesItAgainWhenOneDoes() throws {
        let site = try ScratchSite(Self.files)
        let session = BuildSession()
        defer { session.flush() }
        /// Plans a rebuild in the session (without publishing it): whether it took the last build's index.
        func keepsIndex() throws -> Bool {
            let (_, plan, _) = try Self.planned(site, session: session)
            plan.output.discard()
            return plan.reading.keptIndex != nil
        }
        @discardableResult
        func rebuild() throws -> SiteBuilder.Result {
            let result = site.build(session: session)
            #expect(result.published, "\(result.diagnostics)")
            return result
        }
        try rebuild()

        // Only a page's text changed: the pages' order, URLs and tree are the last build's.
        try site.write(["notes/first.md": "# First note\n\nText, edited.\n"])
        #expect(try keepsIndex())
        try rebuild()

        // A title changed: the index is made again, and every page's sidebar shows the new title.
        try site.write(["notes/first.md": "# Retitled note\n\nText, edited.\n"])
        #expect(try !keepsIndex())
        try rebuild()
        #expect(site.html("guide/index.html").contains("Retitled note"))

        // A folder's settings changed: the same pages, but the tree is made again (the folder's title shows).
        try site.write(["notes/_folder.yml": "title: Notebook\n"])
        #expect(try keepsIndex())
        try rebuild()
        #expect(site.html("guide/index.html").contains("Notebook"))

        // The site's title changed: the tree is made again.
        try site.write(["site.yml": "title: Renamed site\n"])
        try rebuild()
        #expect(site.html("notes/first/index.html").contains("Renamed site"))

        // A static file added: the index is made again (the link to it is no longer broken).
        try site.write(["index.md": "---\ntitle: Home\n---\n\nSee [the notes](notes.txt).\n"])
        #expect(try rebuild().diagnostics.count == 1)
        try site.write(["notes.txt": "Notes.\n"])
        #expect(try !keepsIndex())
        #expect(try rebuild().diagnostics.isEmpty)

        let clean = site.root.appendingPathComponent("Clean")
        site.build(into: clean, cache: false)
        #expect(ScratchSite.snapshot(site.output) == ScratchSite.snapshot(clean))
        session.flush()
    }

    @Test func modelOfAPageFromTheCacheReadsItsWholeFrontMatterAndGivesTheSameModel() throws {
        var files = Self.files
        files["guide.md"] =
            "---\ntitle: Guide\nlayout: default\nview: tabs\nweight: 2\n---\n\n## One\n\nFirst.\n\n## Two\n\nSecond.\n"
        let site = try ScratchSite(files)
        #expect(site.build().published)
        // A change to site.yml changes the site key, so the unchanged guide comes from the cache, its listing only.
        try site.write(["site.yml": "title: Stages, renamed\n"])
        var build = BuildPipeline(options: Self.options(site), session: nil)
        let reading = build.read()
        let cached = try #require(reading.site.pages.first { $0.sourcePath == "guide.md" })
        #expect(reading.unchanged.contains("guide.md") && reading.frontMatter["guide.md"] == nil)

        var diagnostics = Diagnostics()
        let read = SiteReader.readSource(
            "guide.md", root: site.content.path, config: reading.site.config, diagnostics: &diagnostics)
        #expect(cached.listing == read.source.listing, "the cache keeps every field of the listing")
        #expect(cached.listing.layoutPosition == FrontMatter.Position(line: 3, column: 9))
        #expect(cached.url == read.source.url && cached.title == read.source.title)

        let loaded = PageLoader.load(cached, front: nil, site: reading.site, diagnostics: &diagnostics)
        #expect(loaded.page.front.view == ViewSpec([.tabs]), "the front matter is read with the Markdown")
        #expect(loaded.frontDiagnostics == [])
        let fresh = PageLoader.load(read.source, front: read.front, site: reading.site, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics.all)")
        #expect(fresh.frontDiagnostics == nil, "the read stage reported a fresh page's front matter")
        #expect(ModelJSON.encode(loaded.page.model) == ModelJSON.encode(fresh.page.model))
        #expect(loaded.page.model.sections.map(\.id) == ["one", "two"])
    }

    @Test func modelLinksAPageToAnotherByItsURL() throws {
        let site = try ScratchSite(Self.files)
        var build = BuildPipeline(options: Self.options(site), session: nil)
        let reading = build.read()
        let home = try #require(reading.site.pages.first { $0.sourcePath == "index.md" })
        var diagnostics = Diagnostics()
        let loaded = PageLoader.load(
            home, front: reading.frontMatter["index.md"]?.take(), site: reading.site, diagnostics: &diagnostics)
        #expect(loaded.page.model.intro.contains("href=\"guide/\""), "\(loaded.page.model.intro)")
        #expect(diagnostics.isEmpty)
    }

    /// An author saves a page while a build runs (as in `folio serve`): the build read its front matter before the
    /// save, so the caches must remember the file as it was read, and the next build must render the page again.
    @Test func aPageSavedWhileTheBuildRunsIsBuiltAgainByTheNextBuild() throws {
        let site = try ScratchSite(Self.files)
        #expect(site.build().published)
        try site.write(["guide.md": "---\ntitle: Guide\n---\n\nFirst edit.\n"])
        var (build, plan, theme) = try Self.planned(site)
        // Saved after the read stage, before the page renders: a new title, a longer file.
        try site.write(["guide.md": "---\ntitle: Guide, renamed while building\n---\n\nSecond edit, longer.\n"])
        let written = try build.render(&plan, theme: theme)
        let (publication, search) = build.publishSiteAndSearchIndex(plan, theme: theme, written: written)
        try build.commit(&plan, written: written, search: search, publication: publication)
        #expect(build.diagnostics.isEmpty, "\(build.diagnostics)")

        let next = SiteBuilder.build(Self.options(site))
        #expect(next.published && next.summary.rendered >= 1, "the saved page is not taken as built")
        #expect(site.html("guide/index.html").contains("<title>Guide, renamed while building"))
        #expect(site.html("guide/index.html").contains("Second edit, longer."))
    }

    @Test func aServeRebuildParsesTheThemeAgainOnlyWhenOneOfItsFilesChangedAndReportsItsErrorsEachTime() throws {
        let site = try ScratchSite(Self.files)
        let templates = site.root.appendingPathComponent("Templates")
        let footer = templates.appendingPathComponent("partials/footer.mustache")
        try FileManager.default.createDirectory(
            at: footer.deletingLastPathComponent(), withIntermediateDirectories: true)
        let session = BuildSession()
        defer { session.flush() }
        func keptTheme() -> KeptTheme? {
            var diagnostics = Diagnostics()
            return session.theme(
                madeOf: Theme.files(directory: templates.path, followSymlinks: false, diagnostics: &diagnostics))
        }
        func rebuild(_ page: String) throws -> SiteBuilder.Result {
            try site.write(["notes/first.md": "# First note\n\n\(page)\n"])
            return site.build(templates: templates, session: session)
        }

        try "<footer>Footer one</footer>\n".write(to: footer, atomically: true, encoding: .utf8)
        #expect(try rebuild("Text.").published)
        let first = try #require(keptTheme())
        // A page edited: the theme is the one parsed before.
        #expect(try rebuild("Text, edited.").published)
        #expect(keptTheme() === first)
        #expect(site.html("notes/first/index.html").contains("Footer one"))

        // A template edited: parsed again, on every page.
        try "<footer>Footer two</footer>\n".write(to: footer, atomically: true, encoding: .utf8)
        #expect(try rebuild("Text, edited.").published)
        #expect(keptTheme() !== first)
        #expect(site.html("guide/index.html").contains("Footer two"))

        // A template broken: its error fails every rebuild until it is mended, also those it is not parsed again for.
        try "<footer>{{#open}}</footer>\n".write(to: footer, atomically: true, encoding: .utf8)
        for text in ["Text, edited again.", "Text, edited a third time."] {
            let failed = try rebuild(text)
            #expect(!failed.published)
            #expect(
                failed.diagnostics.contains { $0.severity == .error && $0.path.hasSuffix("partials/footer.mustache") },
                "\(failed.diagnostics)")
        }
        try "<footer>Footer three</footer>\n".write(to: footer, atomically: true, encoding: .utf8)
        #expect(try rebuild("Text, mended.").published)
        #expect(site.html("notes/first/index.html").contains("Footer three"))
        #expect(site.html("notes/first/index.html").contains("Text, mended."))
        session.flush()
    }

    @Test func aFullRunPublishesEveryPageAndTheCacheMakesTheNextANoOp() throws {
        let site = try ScratchSite(Self.files)
        let first = SiteBuilder.build(Self.options(site))
        #expect(first.published && first.summary.rendered == 3, "\(first.diagnostics)")
        #expect(site.html("guide/index.html").contains("data-folio-view=\"tabs\""))
        let second = SiteBuilder.build(Self.options(site))
        #expect(second.published && second.summary.rendered == 0 && second.changedPages == [])
    }
}
