import Foundation
import Testing

@testable import FolioKit

/// Which partials and components Folio writes itself, and that a theme's own template is always the one used.
@Suite struct DirectPartialTests {
    @Test func theDefaultThemeHasEveryPartialAndComponentWrittenDirectly() {
        var diagnostics = Diagnostics()
        let theme = Theme.load(directory: nil, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        #expect(theme.directPartials == Set(DirectPartial.allCases))
        #expect(theme.directComponents == Set(ViewSpec.Kind.allCases))
        #expect(theme.directLayout)
    }

    @Test func aTabsBannerOfTheThemesOwnRendersTheTabsThroughMustache() throws {
        let site = try ScratchSite(["site.yml": "title: Banner\n", "index.md": "# Home\n"])
        let banner = site.root.appendingPathComponent("Theme/partials/tabs-banner.mustache")
        try FileManager.default.createDirectory(
            at: banner.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "<p class=\"notice\">Tabs</p>\n".write(to: banner, atomically: true, encoding: .utf8)
        var diagnostics = Diagnostics()
        let theme = Theme.load(
            directory: banner.deletingLastPathComponent().deletingLastPathComponent().path, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(theme.directComponents == [.list, .paged, .segmented])
        #expect(theme.directLayout, "the layout does not include the tabs banner")
    }

    @Test func aPartialWithoutTagsIsPlacedAsItIsWhatMustacheWouldRender() throws {
        let site = try ScratchSite([
            "site.yml": "title: Plain\n", "index.md": "# Home\n\nText.\n\n## Part\n\nMore.\n", "b.md": "# B\n\nText.\n",
        ])
        let footer = "<footer class=\"mine\">Made by us &copy; 2026</footer>\n\n"
        func theme(_ name: String, layout: Bool) throws -> URL {
            let folder = site.root.appendingPathComponent(name)
            let partials = folder.appendingPathComponent("partials")
            try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
            try footer.write(to: partials.appendingPathComponent("footer.mustache"), atomically: true, encoding: .utf8)
            try "".write(to: partials.appendingPathComponent("sidebar.mustache"), atomically: true, encoding: .utf8)
            if layout {
                // The default layout with a comment line: no longer the default's bytes, so Mustache renders it all.
                let text = String(decoding: DefaultTheme.files["layouts/default.mustache"] ?? [], as: UTF8.self)
                let path = folder.appendingPathComponent("layouts/default.mustache")
                try FileManager.default.createDirectory(
                    at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                try (text + "{{! a copy }}\n").write(to: path, atomically: true, encoding: .utf8)
            }
            return folder
        }
        let plain = try theme("Plain", layout: false)
        var diagnostics = Diagnostics()
        let loaded = Theme.load(directory: plain.path, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(loaded.directLayout)
        #expect(loaded.plainPartials["footer"] == footer)
        #expect(loaded.plainPartials["sidebar"] == "")
        #expect(loaded.plainPartials["header"] == nil, "the default header has tags")

        let direct = site.root.appendingPathComponent("Direct")
        let mustache = site.root.appendingPathComponent("Mustache")
        #expect(site.build(into: direct, templates: plain).diagnostics.isEmpty)
        #expect(site.build(into: mustache, templates: try theme("Templated", layout: true)).diagnostics.isEmpty)
        let home = site.html("index.html", in: direct)
        #expect(home.contains(footer), "\(home)")
        #expect(!home.contains("folio-sidebar") && home.contains("folio-toc"), "\(home)")
        #expect(ScratchSite.snapshot(direct) == ScratchSite.snapshot(mustache), "every file as Mustache writes it")
    }

    @Test func theGuidesInheritanceExampleReplacesOneBlockAndKeepsTheOther() throws {
        // The parent includes nothing, but its blocks take what a child puts there (includes too): both stay behind
        // the include wrapper that counts how deep includes go.
        let site = try ScratchSite([
            "site.yml": "title: Inherit\n", "index.md": "---\ntitle: Wide page\nlayout: wide\n---\nHello *there*.\n",
            "other.md": "# Other\n\nPlain.\n",
        ])
        let theme = site.root.appendingPathComponent("Theme")
        for (path, text) in [
            "partials/base.mustache":
                "<!doctype html>\n<html lang=\"{{site.language}}\">\n<head><title>{{$title}}{{page.title}} · "
                + "{{site.title}}{{/title}}</title></head>\n<body>\n  <main id=\"main\">{{$main}}{{{page.content}}}"
                + "{{/main}}</main>\n</body>\n</html>\n",
            "layouts/wide.mustache":
                "{{<base}}\n  {{$main}}<div class=\"wide\">{{{page.content}}}</div>{{/main}}\n{{/base}}\n",
        ] {
            let url = theme.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var diagnostics = Diagnostics()
        let loaded = Theme.load(directory: theme.path, diagnostics: &diagnostics)
        #expect(loaded.templateNames.contains("base") && loaded.templateNames.contains("layouts/wide"))

        let result = site.build(templates: theme)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let wide = site.html("index.html")
        #expect(wide.contains("<head><title>Wide page · Inherit</title></head>"), "the default block: \(wide)")
        #expect(
            wide.contains("<main id=\"main\"><div class=\"wide\"><p>Hello <em>there</em>.</p>\n</div></main>"),
            "the replaced block: \(wide)")
        #expect(site.html("other/index.html").contains("class=\"folio-layout\""), "other pages keep the default layout")
    }

    @Test func aTemplateThatDoesNotExistIsAnErrorNotAnEmptyPage() {
        var diagnostics = Diagnostics()
        let theme = Theme.load(directory: nil, diagnostics: &diagnostics)
        _ = theme.render("layouts/missing", [:], diagnostics: &diagnostics)
        #expect(diagnostics.map(\.severity) == [.error])
        #expect(diagnostics.first?.message.contains("layouts/missing") == true)
    }

    @Test func aThemeThatChangesAnEntryOfTheContentsGetsItsOwnContentsAndKeepsTheRestDirect() throws {
        let site = try ScratchSite([
            "site.yml": "title: Direct\n", "index.md": "# Home\n\nIntro.\n\n## First\n\nText.\n\n### Inner\n\nMore.\n",
            "b.md": "# B\n\nText.\n",
        ])
        let theme = site.root.appendingPathComponent("Theme")
        let entry = theme.appendingPathComponent("partials/toc-entry.mustache")
        try FileManager.default.createDirectory(
            at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "<li class=\"mine\">{{title}}{{#entries}}{{> toc-entry}}{{/entries}}</li>\n".write(
            to: entry, atomically: true, encoding: .utf8)
        var diagnostics = Diagnostics()
        let loaded = Theme.load(directory: theme.path, diagnostics: &diagnostics)
        #expect(loaded.directPartials == Set(DirectPartial.allCases).subtracting([.toc]))
        #expect(loaded.directLayout, "the layout is the default's: written directly, the theme's partial by Mustache")

        let result = site.build(templates: theme)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let home = site.html("index.html")
        #expect(home.contains("<li class=\"mine\">First<li class=\"mine\">Inner</li>\n</li>"), "\(home)")
        #expect(home.contains("<nav class=\"folio-pager\""), "the pager is still there")
    }

    @Test func aTemplateMayNotUseTheNamesOfTheDirectPartials() throws {
        let theme = FileManager.default.temporaryDirectory.appendingPathComponent("folio-direct-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: theme) }
        let layout = theme.appendingPathComponent("layouts/default.mustache")
        try FileManager.default.createDirectory(
            at: layout.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "<main>\n{{{folio-direct-toc}}}\n</main>\n".write(to: layout, atomically: true, encoding: .utf8)
        var diagnostics = Diagnostics()
        _ = Theme.load(directory: theme.path, diagnostics: &diagnostics)
        let error = try #require(diagnostics.first)
        #expect(error.message.contains("folio-direct-"), "\(error.message)")
        #expect(error.line == 2 && error.column == 4)
    }
}
