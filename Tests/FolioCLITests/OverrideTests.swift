import Foundation
import Testing

/// Issue 10: a content file at the output path of a theme asset or of a file Folio generates takes its place,
/// with a warning at the content file that says so and how to get the other one back.
@Suite("Overrides")
struct OverrideTests {
    func warning(_ run: Folio.Run, at path: String) -> Diagnostic? {
        Diagnostic.parse(run.stderr).first { $0.path == path && $0.severity == "warning" }
    }

    @Test func aContentFileOverAThemeAssetWinsWithAWarning() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/assets/folio.css", "body { color: rebeccapurple; }\n")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let found = try #require(warning(run, at: "Content/assets/folio.css"), "\(run.stderr)")
        #expect(
            found.message.contains(
                "takes the place of the theme's assets/folio.css ((default theme)/assets/folio.css)"), "\(found)")
        #expect(found.message.contains("the content file wins; rename or remove it to use the theme's"), "\(found)")
        #expect(try Tree.text(scratch.url("Public/assets/folio.css")) == "body { color: rebeccapurple; }\n")
    }

    @Test func aContentFileOverTheUsersThemeAssetNamesTheThemeFile() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Templates/assets/site.css", "main { margin: 0; }\n")
        try scratch.write("Content/assets/site.css", "main { margin: 1em; }\n")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let found = try #require(warning(run, at: "Content/assets/site.css"), "\(run.stderr)")
        #expect(found.message.contains("the theme's assets/site.css (Templates/assets/site.css)"), "\(found)")
        #expect(try Tree.text(scratch.url("Public/assets/site.css")) == "main { margin: 1em; }\n")
    }

    @Test func aPageAtAThemeAssetsPlaceWinsWithAWarning() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Templates/assets/demo/index.html", "<p>The theme's demo</p>\n")
        try scratch.write("Content/assets/demo.md", "# Demo\n\nThe demo page.\n")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let found = try #require(warning(run, at: "Content/assets/demo.md"), "\(run.stderr)")
        #expect(
            found.message.contains("the theme's assets/demo/index.html (Templates/assets/demo/index.html)"),
            "\(found)")
        #expect(try Tree.text(scratch.url("Public/assets/demo/index.html")).contains("The demo page."))
    }

    @Test func aContent404PageWinsOverTheGeneratedOneWithAWarning() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/404.html", "<h1>Lost</h1>\n")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let found = try #require(warning(run, at: "Content/404.html"), "\(run.stderr)")
        #expect(
            found.message.contains("takes the place of the 404 page Folio generates from layouts/404.mustache"),
            "\(found)")
        #expect(found.message.contains("rename or remove it to get the generated one"), "\(found)")
        #expect(try Tree.text(scratch.url("Public/404.html")) == "<h1>Lost</h1>\n")
    }

    @Test func contentFilesAtTheModelsPlacesWinWithAWarning() throws {
        // With `models: true` they replaced the generated models without a word.
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/site.yml", "title: Scratch\nmodels: true\n")
        try scratch.write("Content/models.json", "{\"mine\": 1}\n")
        try scratch.write("Content/about/model.json", "{\"mine\": 2}\n")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        #expect(
            warning(run, at: "Content/models.json")?.message.contains(
                "takes the place of the models.json Folio generates with 'models: true'") == true, "\(run.stderr)")
        #expect(
            warning(run, at: "Content/about/model.json")?.message.contains(
                "takes the place of the model of /about/ Folio generates with 'models: true'") == true,
            "\(run.stderr)")
        #expect(try Tree.text(scratch.url("Public/about/model.json")) == "{\"mine\": 2}\n")
    }

    @Test func aContentAppearanceStylesheetWinsWithAWarningThatRulesStopWorking() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/assets/appearance.css", ":root { --mine: 1; }\n")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let found = try #require(warning(run, at: "Content/assets/appearance.css"), "\(run.stderr)")
        #expect(
            found.message.contains(
                "the stylesheet Folio generates from appearance.yml, so no appearance rule takes effect"),
            "\(found)")
        #expect(try Tree.text(scratch.url("Public/assets/appearance.css")) == ":root { --mine: 1; }\n")
    }

    /// A sitemap or feed of the content lost to the generated one without a word (and which file the output got
    /// depended on the order of the writes); a robots.txt is copied instead, as the guide says, without one.
    @Test func aContentSitemapOrFeedWinsWithAWarningAndARobotsTxtWithout() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/site.yml", "title: Scratch\nbaseURL: https://example.com/\n")
        try scratch.write("Content/post.md", "---\ndate: 2024-01-01\n---\n# Post\n")
        let own = [
            "sitemap.xml": "<urlset/>\n", "atom.xml": "<feed/>\n", "feed.json": "{}\n", "robots.txt": "# mine\n",
        ]
        for (path, text) in own { try scratch.write("Content/" + path, text) }
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        for (path, text) in own {
            #expect(try Tree.text(scratch.url("Public/" + path)) == text, "\(path)")
            let found = warning(run, at: "Content/" + path)
            if path == "robots.txt" {
                #expect(found == nil, "\(run.stderr)")
            } else {
                let message = "takes the place of the \(path) Folio generates from the site's pages"
                #expect(found?.message.contains(message) == true, "\(path): \(run.stderr)")
            }
        }
    }

    @Test func overrideWarningsComeBackOnEveryBuildAndFailStrictBuilds() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/404.html", "<h1>Lost</h1>\n")
        #expect(try scratch.build().status == 0)
        let again = try scratch.build()
        #expect(again.status == 0 && warning(again, at: "Content/404.html") != nil, "\(again)")
        let strict = try scratch.build(buildArguments + ["--strict"])
        #expect(strict.status == 1, "\(strict)")
    }
}
