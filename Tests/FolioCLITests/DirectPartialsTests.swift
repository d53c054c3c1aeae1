import Foundation
import Testing

/// The default theme's navigation partials are written directly by Folio while a theme keeps them (for speed); a
/// theme whose copies of them differ only by a Mustache comment gets them rendered by Mustache. A reader must not
/// be able to tell: every file of the guide, plus pages that exercise escaping, long folders and listing pages,
/// is the same byte for byte both ways.
@Suite("direct navigation partials")
struct DirectPartialsTests {
    /// The navigation partials written directly. The sidebar's items (`tree-item`) were written directly before the
    /// rest, with the sidebar's blank line after them instead of before: compared apart, blank lines aside.
    static let partials = ["sidebar", "breadcrumbs", "toc", "toc-entry", "pager", "search"]

    @Test func theGuideIsTheSameWhetherTheNavigationIsWrittenDirectlyOrByMustache() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.folder("guide")
        let content = site.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: Folio.repository.appendingPathComponent("Content"), to: content)
        // Titles to escape, a folder deep enough for breadcrumbs and long enough for "N more" links and pagination.
        for index in 1...45 {
            try Tree.write(
                """
                ---
                title: "Note \(100 + index) <b> & \\"quoted\\" 'single'"
                ---
                Intro.

                ## Part \\<one\\> & AT&T {#part-\(index)}

                Text.

                ### Deeper 'still'

                More.

                """, to: content.appendingPathComponent("deep/er/notes/n\(100 + index).md"))
        }

        // The same partials, each with a standalone comment line: no longer the default's bytes, same output.
        func copies(_ names: [String], in theme: URL) throws {
            for name in names {
                let text = try Tree.text(
                    Folio.repository.appendingPathComponent("Templates/partials/\(name).mustache"))
                try Tree.write(
                    text + "{{! a copy of the default partial }}\n",
                    to: theme.appendingPathComponent("partials/\(name).mustache"))
            }
        }
        let theme = try sandbox.folder("theme")
        try copies(Self.partials, in: theme)
        let withTreeItem = try sandbox.folder("theme-tree-item")
        try copies(Self.partials + ["tree-item"], in: withTreeItem)

        let direct = try Folio.run(["build", "--no-cache", "--output", "Direct"], in: site, timeout: 300)
        #expect(direct.status == 0, "\(direct)")
        let mustache = try Folio.run(
            ["build", "--no-cache", "--output", "Mustache", "--templates", theme.path], in: site, timeout: 300)
        #expect(mustache.status == 0, "\(mustache)")
        let treeItem = try Folio.run(
            ["build", "--no-cache", "--output", "TreeItem", "--templates", withTreeItem.path], in: site, timeout: 300)
        #expect(treeItem.status == 0, "\(treeItem)")

        let directFiles = Tree.files(under: site.appendingPathComponent("Direct"))
        let mustacheFiles = Tree.files(under: site.appendingPathComponent("Mustache"))
        #expect(directFiles == mustacheFiles)
        var different: [String] = []
        var pages = 0
        for path in directFiles where path.hasSuffix(".html") {
            pages += 1
            let a = try Data(contentsOf: site.appendingPathComponent("Direct/" + path))
            let b = try Data(contentsOf: site.appendingPathComponent("Mustache/" + path))
            if a != b { different.append(path) }
            let c = try Tree.text(site.appendingPathComponent("TreeItem/" + path))
            if c.split(separator: "\n") != String(decoding: a, as: UTF8.self).split(separator: "\n") {
                different.append("TreeItem/" + path)
            }
        }
        #expect(pages > 60, "the guide and the notes were built: \(pages) pages")
        #expect(different.isEmpty, "pages that differ: \(different.prefix(10))")

        // The comparison means something: the pages do carry every partial, escaped.
        let note = try Tree.text(site.appendingPathComponent("Direct/deep/er/notes/n120/index.html"))
        for mark in [
            "folio-sidebar", "folio-breadcrumbs", "folio-toc", "folio-pager", "more in Notes", "data-folio-search",
            "Part &lt;one&gt; &amp; AT&amp;T", "Note 119 &lt;b&gt; &amp; &quot;quoted&quot; &#39;single&#39;",
        ] {
            #expect(note.contains(mark), "\(mark) on a note's page")
        }
    }
}
