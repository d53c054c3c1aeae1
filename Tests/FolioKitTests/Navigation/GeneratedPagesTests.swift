import Foundation
import Testing

@testable import FolioKit

/// Folders without index.md, and the site root without one, get a listing page, paginated when long.
@Suite struct GeneratedPagesTests {
    static func note(_ number: Int) -> String {
        "---\ntitle: Note \(number)\ndate: 2025-01-\(String(format: "%02d", number))\ndescription: About \(number).\n---\n\nText \(number).\n"
    }

    /// The folder's list on a listing page, without the sidebar and the rest.
    static func listing(_ html: String) -> String {
        guard let start = html.range(of: "<ul class=\"folio-listing\">"),
            let end = html.range(of: "</ul>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    static func notesSite(count: Int, paginate: Int = 10) throws -> ScratchSite {
        var files = ["site.yml": "title: Notes site\npaginate: \(paginate)\n"]
        for number in 1...count { files["notes/n\(number).md"] = note(number) }
        return try ScratchSite(files)
    }

    @Test func aFolderWithoutIndexGetsAPaginatedListingNewestFirst() throws {
        let site = try Self.notesSite(count: 25)
        let result = site.build()
        #expect(result.published, "\(result.diagnostics)")
        let page = site.html("notes/index.html")
        let first = Self.listing(page)
        let order = ["Note 25", "Note 24", "Note 16"].map { first.range(of: ">\($0)</a>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!, "newest first")
        #expect(
            first.components(separatedBy: "<li class=\"folio-listing__item\">").count == 11, "page 1 lists ten notes")
        #expect(!first.contains(">Note 15</a>"))
        #expect(page.contains("<h1 class=\"folio-title\">Notes</h1>"))
        #expect(first.contains("About 25."))
        #expect(first.contains("<time datetime=\"2025-01-25\">"))
        #expect(site.exists("notes/page/2/index.html") && site.exists("notes/page/3/index.html"))
        #expect(!site.exists("notes/page/4/index.html"))
        let second = site.html("notes/page/2/index.html")
        #expect(second.contains("href=\"../../\" rel=\"prev\""))
        #expect(second.contains("href=\"../3/\" rel=\"next\""))
        #expect(second.contains("aria-current=\"page\" aria-label=\"Page 2\""))
        #expect(Self.listing(second).contains(">Note 15</a>") && !Self.listing(second).contains(">Note 25</a>"))
    }

    @Test func theRootWithoutIndexIsGeneratedSoTheBrandLinkWorks() throws {
        let site = try Self.notesSite(count: 3)
        site.build()
        let home = site.html("index.html")
        #expect(home.contains("<h1 class=\"folio-title\">Notes site</h1>"))
        #expect(home.contains("href=\"notes/\">Notes</a>"))
        #expect(site.html("notes/n1/index.html").contains("class=\"folio-brand\" href=\"../../\""))
    }

    @Test func folderSettingsNameTheFolderAndSetItsPageSize() throws {
        let site = try Self.notesSite(count: 6)
        try site.write(["notes/_folder.yml": "title: Field notes\ndescription: Short notes.\npaginate: 4\n"])
        site.build()
        #expect(site.html("notes/index.html").contains("<h1 class=\"folio-title\">Field notes</h1>"))
        #expect(site.exists("notes/page/2/index.html"))
        #expect(!site.exists("_folder.yml") && !site.exists("notes/_folder.yml"))
    }

    @Test func aWrongFolderSettingIsReportedAtItsPosition() throws {
        let site = try Self.notesSite(count: 2)
        try site.write(["notes/_folder.yml": "title: Notes\npaginate: many\n"])
        let result = site.build()
        #expect(!result.published)
        let message = result.diagnostics.first { $0.path.hasSuffix("notes/_folder.yml") }
        #expect(message?.line == 2)
        #expect(message?.message.contains("'paginate' must be a whole number") == true)
    }

    @Test func anIndexWithoutBodyListsItsChildrenAndOneWithABodyDoesNot() throws {
        let site = try Self.notesSite(count: 3)
        try site.write(["notes/index.md": "---\ntitle: All the notes\n---\n", "index.md": "# Home\n\nWelcome.\n"])
        site.build()
        let notes = site.html("notes/index.html")
        #expect(notes.contains("<h1 class=\"folio-title\">All the notes</h1>"))
        #expect(notes.contains("class=\"folio-listing\""))
        #expect(!site.html("index.html").contains("class=\"folio-listing\""))
    }

    @Test func addingAndRemovingAPageUpdatesItsFolderPageAsACleanBuildDoes() throws {
        let site = try Self.notesSite(count: 10)
        site.build()
        try site.write(["notes/n11.md": Self.note(11)])
        site.build()
        #expect(Self.listing(site.html("notes/index.html")).contains(">Note 11</a>"))
        #expect(site.exists("notes/page/2/index.html"))
        let clean = site.root.appendingPathComponent("Clean")
        site.build(into: clean, cache: false)
        #expect(ScratchSite.snapshot(site.output) == ScratchSite.snapshot(clean))

        try site.remove("notes/n11.md")
        try site.remove("notes/n10.md")
        site.build()
        #expect(!Self.listing(site.html("notes/index.html")).contains(">Note 11</a>"))
        #expect(!site.exists("notes/page/2/index.html"), "the second listing page is gone")
        try FileManager.default.removeItem(at: clean)
        site.build(into: clean, cache: false)
        #expect(ScratchSite.snapshot(site.output) == ScratchSite.snapshot(clean))
    }

    @Test func theSidebarWrittenDirectlyIsWhatTheTreeItemPartialRenders() throws {
        let site = try Self.notesSite(count: 30)
        try site.write(["guide/a.md": "# A\n", "guide/b.md": "# B & <b>\n", "index.md": "# Home\n"])
        site.build()
        let theme = site.root.appendingPathComponent("Theme")
        try FileManager.default.createDirectory(
            at: theme.appendingPathComponent("partials"), withIntermediateDirectories: true)
        let partial = String(decoding: DefaultTheme.files["partials/tree-item.mustache"]!, as: UTF8.self)
        try (partial + "{{! a copy: rendered by Mustache }}").write(
            to: theme.appendingPathComponent("partials/tree-item.mustache"), atomically: true, encoding: .utf8)
        let custom = site.root.appendingPathComponent("Custom")
        site.build(into: custom, cache: false, templates: theme)
        for page in ["notes/n7/index.html", "guide/b/index.html", "notes/page/2/index.html", "index.html"] {
            let direct = site.html(page)
            #expect(direct.contains("<ul class=\"folio-tree\">"))
            // The same markup; blank lines left by the partial's standalone tags may differ.
            func lines(_ html: String) -> [Substring] { html.split(separator: "\n") }
            #expect(lines(direct) == lines(site.html(page, in: custom)), "\(page)")
        }
    }
}
