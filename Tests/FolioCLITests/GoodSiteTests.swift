import Foundation
import Testing

/// SPEC §1–3 and §8: what a good site turns into.
@Suite("A good site")
struct GoodSiteTests {
    @Test func pagesArePublishedAtPrettyURLs() throws {
        let built = try BuiltSite("cli-pretty-urls")
        let expected = [
            "index.html": "Content/index.md",
            "a/index.html": "Content/a/index.md",
            "a/b/index.html": "Content/a/b.md",
            "a/deep/c/index.html": "Content/a/deep/c.md",
        ]
        for (file, source) in expected {
            #expect(built.exists(file), "\(source) should be published as Public/\(file)")
            if built.exists(file) {
                #expect(try built.main(file).contains("from \(source)."), "Public/\(file) should hold \(source)")
            }
        }
        // Nothing is published under the file names themselves.
        #expect(!built.exists("a/b.html"))
        #expect(!built.exists("a/b/index/index.html"))
        #expect(!built.exists("a/index/index.html"))
        // a/deep/ has no index.md: Folio generates its page, listing c.
        #expect(try built.main("a/deep/index.html").contains("href=\"c/\""))
        // (The theme's own 404 page aside.)
        let pages = Tree.files(under: built.output).filter { $0.hasSuffix(".html") && $0 != "404.html" }
        #expect(Set(pages) == Set(expected.keys).union(["a/deep/index.html"]), "unexpected pages: \(pages)")
    }

    @Test func slugReplacesTheLastSegmentOfThePageURL() throws {
        let built = try BuiltSite("cli-slug")
        #expect(built.exists("posts/renamed/index.html"))
        #expect(!built.exists("posts/original-name/index.html"))
        #expect(!built.exists("posts/original-name"))
        if built.exists("posts/renamed/index.html") {
            #expect(try built.main("posts/renamed/index.html").contains("This page lives at /posts/renamed/"))
        }
    }

    @Test func staticFilesAreCopiedByteForByteToTheSameRelativePath() throws {
        let built = try BuiltSite("cli-static-files")
        for file in [
            "robots.txt", "images/logo.png", "downloads/notes.txt", "downloads/data.json", "snippets/raw.html",
        ] {
            let source = built.site.appendingPathComponent("Content/\(file)")
            #expect(built.exists(file), "Content/\(file) should be copied to Public/\(file)")
            if built.exists(file) {
                #expect(
                    try Data(contentsOf: built.url(file)) == Data(contentsOf: source),
                    "Public/\(file) differs from its source")
            }
        }
        #expect(!built.exists("robots/index.html"))
        #expect(!built.exists("snippets/raw/index.html"), "an .html file in Content/ is copied, not rendered")
    }

    @Test func namesStartingWithUnderscoreOrDotAndEditorFilesAreSkipped() throws {
        let built = try BuiltSite("cli-skipped-names")
        // `.folio-output` is Folio's own mark on the folder, not a file of Content/.
        let published = Tree.entries(under: built.output).map(\.path).filter { $0 != ".folio-output" }
        let leaked = published.filter { path in
            let components = path.split(separator: "/")
            if components.contains(where: { $0.hasPrefix("_") || $0.hasPrefix(".") }) { return true }
            // Editor backups, and the file Vim makes for a moment to test a folder.
            if path.hasSuffix("~") || components.last == "4913" { return true }
            if components.first == "assets" { return false }
            return ["draft-like", "partial", "snippet", "hidden", "private", "secret", "inner"].contains {
                path.contains($0)
            }
        }
        #expect(leaked.isEmpty, "skipped names reached Public/: \(leaked)")
        #expect(built.exists("index.html"))
        #expect(built.exists("a/visible/index.html"))
        #expect(built.exists("a/kept.txt"))
        // Skipped pages are not listed anywhere either (navigation, links).
        for page in Tree.files(under: built.output).filter({ $0.hasSuffix(".html") }) {
            let html = try built.html(page)
            #expect(
                !html.contains("draft-like") && !html.contains("Draft-like") && !html.contains("never published"),
                "Public/\(page) mentions a skipped page")
        }
    }

    @Test func draftPagesAreSkippedUnlessDraftsIsGiven() throws {
        let built = try BuiltSite("cli-drafts")
        #expect(built.exists("index.html"))
        #expect(built.exists("published/index.html"))
        #expect(!built.exists("draft/index.html"), "a 'draft: true' page was published without --drafts")
        #expect(!built.exists("notes/wip/index.html"), "a 'draft: true' page was published without --drafts")
        for page in Tree.files(under: built.output).filter({ $0.hasSuffix(".html") }) {
            #expect(!(try built.html(page)).contains("Only published with --drafts"), "Public/\(page) shows a draft")
        }

        let withDrafts = try Folio.run(buildArguments + ["--drafts"], in: built.site)
        #expect(withDrafts.status == 0, "\(withDrafts)")
        #expect(built.exists("draft/index.html"), "--drafts should publish 'draft: true' pages")
        #expect(built.exists("notes/wip/index.html"), "--drafts should publish 'draft: true' pages")
        #expect(built.exists("published/index.html"))
    }

    @Test func themeAssetsAreCopiedToPublicAssets() throws {
        let built = try BuiltSite("cli-theme-assets")
        for file in ["site.css", "img/mark.svg"] {
            let source = built.site.appendingPathComponent("Templates/assets/\(file)")
            #expect(
                built.exists("assets/\(file)"), "Templates/assets/\(file) should be copied to Public/assets/\(file)")
            if built.exists("assets/\(file)") {
                #expect(try Data(contentsOf: built.url("assets/\(file)")) == Data(contentsOf: source))
            }
        }
        // The theme only has assets: the default theme renders the page.
        #expect(built.exists("index.html"))
    }

    @Test func defaultThemeAssetsArePublishedWithoutATemplatesFolder() throws {
        let built = try BuiltSite("cli-default-theme")
        #expect(!Tree.exists(built.site.appendingPathComponent("Templates")))
        #expect(built.exists("assets/folio.css"), "the default theme's assets/folio.css should be published")
        if built.exists("assets/folio.css") {
            #expect(try Data(contentsOf: built.url("assets/folio.css")).count > 100)
        }
        // …and linked relatively, so the site works from a sub-path and from file://.
        for (file, url) in [("index.html", "/"), ("guide/setup/index.html", "/guide/setup/")] {
            let hrefs = HTML.attributeValues("href", in: try built.html(file))
            let stylesheet = hrefs.first { HTML.resolve($0, from: url) == "/assets/folio.css" }
            #expect(stylesheet != nil, "Public/\(file) should link assets/folio.css; hrefs: \(hrefs)")
            #expect(stylesheet?.hasPrefix("/") == false, "the stylesheet link should be relative: \(stylesheet ?? "")")
        }
    }

    @Test func theNavigationMarksThePageItLinksToAndTheSectionAPageIsIn() throws {
        let built = try BuiltSite("cli-nav")
        func marks(_ file: String) throws -> [String] {
            let nav = try built.html(file).components(separatedBy: "<nav class=\"folio-nav\"")[1].components(
                separatedBy: "</nav>")[0]
            return nav.components(separatedBy: "<a ").dropFirst().map { link in
                let title = link.components(separatedBy: ">")[1].components(separatedBy: "<")[0]
                let current =
                    link.components(separatedBy: ">")[0].components(separatedBy: "aria-current=\"").dropFirst().first?
                    .components(separatedBy: "\"").first ?? "-"
                return "\(title):\(current)"
            }
        }
        #expect(try marks("index.html") == ["Home:page", "Guide:-", "Elsewhere:-"])
        #expect(try marks("guide/index.html") == ["Home:-", "Guide:page", "Elsewhere:-"])
        #expect(try marks("guide/setup/index.html") == ["Home:-", "Guide:true", "Elsewhere:-"])
    }

    @Test func relativeMarkdownLinksAreRewrittenToRelativePageURLs() throws {
        let built = try BuiltSite("cli-md-links")
        let hrefs = HTML.attributeValues("href", in: try built.main("tutorial/first/index.html"))
        #expect(hrefs.contains("../../guide/setup/#install"), "hrefs: \(hrefs)")
        let resolved = hrefs.map { HTML.resolve($0, from: "/tutorial/first/") }
        #expect(resolved.contains("/guide/") || resolved.contains("/guide/index.html"), "hrefs: \(hrefs)")
        #expect(
            resolved.contains("/tutorial/second/") || resolved.contains("/tutorial/second/index.html"),
            "hrefs: \(hrefs)")
        #expect(resolved.contains("/") || resolved.contains("/index.html"), "hrefs: \(hrefs)")
        #expect(hrefs.contains("https://example.com/page.md"), "an absolute URL is left alone; hrefs: \(hrefs)")
        #expect(
            !hrefs.contains { $0.contains("setup.md") || $0.contains("index.md") || $0.contains("second.md") },
            "a .md link was left unrewritten: \(hrefs)")
        #expect(!hrefs.contains { $0.hasPrefix("/") }, "links must stay relative: \(hrefs)")
        let home = HTML.attributeValues("href", in: try built.main("index.html"))
        #expect(
            home.contains {
                ["/tutorial/first/", "/tutorial/first/index.html"].contains(HTML.resolve($0, from: "/"))
                    && !$0.hasPrefix("/")
            },
            "hrefs: \(home)")
        #expect(!built.run.stderr.contains("warning"), "all links resolve, so no warning:\n\(built.run.stderr)")
    }

    @Test func rawHTMLKeepsOnlyTheSafeSubsetByDefault() throws {
        let built = try BuiltSite("cli-raw-html")
        let main = try built.main("index.html")
        #expect(main.contains("Before the raw block."))
        #expect(main.contains("<div>A raw HTML block.</div>"), "the div stays, its class goes:\n\(main)")
        #expect(!main.contains("raw-block"), "a class attribute was emitted without unsafeHTML:\n\(main)")
        #expect(main.contains("A paragraph with <span>inline raw HTML</span> in it."), "\(main)")
        #expect(built.run.stderr.contains("raw HTML attribute 'class' of <div> omitted"), "\(built.run.stderr)")
    }

    @Test func rawHTMLIsKeptWithUnsafeHTML() throws {
        let built = try BuiltSite("cli-raw-html-unsafe")
        let main = try built.main("index.html")
        #expect(main.contains("<div class=\"raw-block\">A raw HTML block.</div>"), "\(main)")
        #expect(main.contains("<span class=\"raw-inline\">inline raw HTML</span>"), "\(main)")
    }

    @Test(arguments: ["cli-javascript-links", "cli-javascript-links-unsafe"])
    func javascriptLinksAreNeverEmitted(fixture: String) throws {
        let built = try BuiltSite(fixture)
        let main = try built.main("index.html")
        let urls = HTML.attributeValues("href", in: main) + HTML.attributeValues("src", in: main)
        let dangerous = urls.filter { ["javascript", "vbscript"].contains(HTML.browserScheme($0)) }
        #expect(dangerous.isEmpty, "dangerous URLs emitted: \(dangerous)")
        // No attribute of any element carries one either.
        let attributes =
            (try? NSRegularExpression(pattern: "<[^>]*>"))?.matches(
                in: main, range: NSRange(main.startIndex..., in: main)
            )
            .compactMap { Range($0.range, in: main).map { HTML.decodeEntities(String(main[$0])).lowercased() } } ?? []
        #expect(!attributes.contains { $0.contains("javascript:") || $0.contains("vbscript:") }, "\(main)")
        // The texts stay; only the destinations go.
        for text in ["link-one", "link-two", "link-four", "link-six", "link-seven", "link-eight"] {
            #expect(main.contains(text), "the text '\(text)' was lost")
        }
        #expect(HTML.attributeValues("href", in: main).contains("https://example.com/nine"))
    }

    @Test func summaryLineCountsPagesSectionsAndTime() throws {
        let built = try BuiltSite("cli-summary")
        // Besides the summary, at most the one note on what a site without an absolute baseURL does without.
        let lines = built.run.stdoutLines.filter { !$0.hasPrefix("note: ") }
        #expect(built.run.stdoutLines.count - lines.count <= 1, "one note at most:\n\(built.run.stdout)")
        #expect(lines.count == 1, "one summary line on stdout, got:\n\(built.run.stdout)")
        let summary = lines.last ?? ""
        #expect(summary.contains("2 pages"), "summary: \(summary)")
        #expect(summary.contains("3 sections"), "summary: \(summary)")
        #expect(summary.contains("view"), "summary: \(summary)")
        #expect(
            summary.range(of: "[0-9]+(\\.[0-9]+)? ?(s|ms)\\b", options: .regularExpression) != nil,
            "the summary should give the time: \(summary)")
        #expect(built.run.stderr.isEmpty, "a clean build prints nothing on stderr:\n\(built.run.stderr)")
    }
}
