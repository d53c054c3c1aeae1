import Foundation
import Testing

/// The default theme's partials, container components and default layout are written directly by Folio while a
/// theme keeps them (for speed); a theme whose copies of them differ only by a Mustache comment gets them rendered by Mustache. A reader must not
/// be able to tell: every file of the guide, plus pages that exercise escaping, long folders and listing pages,
/// is the same byte for byte both ways.
@Suite("direct partials")
struct DirectPartialsTests {
    /// The partials written directly. The sidebar's items (`tree-item`) were written directly before the
    /// rest, with the sidebar's blank line after them instead of before: compared apart, blank lines aside.
    static let partials =
        [
            "sidebar", "breadcrumbs", "toc", "toc-entry", "pager", "search", "head", "meta", "header", "page-head",
            "listing", "pagination", "footer", "scripts", "tabs-banner",
        ].map { "partials/\($0).mustache" }
        + ["list", "paged", "tabs", "segmented"].map { "components/\($0).mustache" } + ["layouts/default.mustache"]

    /// A base URL with a host: the head then has canonical and Open Graph URLs, images and the feeds' links.
    static let absolute = ["--base-url", "https://example.org/docs/"]

    @Test func theGuideIsTheSameWhetherTheNavigationIsWrittenDirectlyOrByMustache() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.folder("guide")
        let content = site.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: Folio.repository.appendingPathComponent("Content"), to: content)
        // Titles to escape, a folder deep enough for breadcrumbs and long enough for "N more" links and pagination;
        // every third note dated, tagged (an empty tag too), described and illustrated, for the head and the listing.
        for index in 1...45 {
            let front =
                index % 3 == 0
                ? """
                date: 2024-02-\(10 + index % 18)
                tags: [one & two, "", <three>]
                description: "A \\"described\\" note <\(index)>"
                image: /images/n\(index).png

                """ : ""
            try Tree.write(
                """
                ---
                title: "Note \(100 + index) <b> & \\"quoted\\" 'single'"
                \(front)---
                Intro.

                ## Part \\<one\\> & AT&T {#part-\(index)}

                Text.

                ### Deeper 'still'

                More.

                """, to: content.appendingPathComponent("deep/er/notes/n\(100 + index).md"))
        }

        // The same partials and components, each with a standalone comment line: no longer the default's bytes, same
        // output.
        func copies(_ paths: [String], in theme: URL) throws {
            for path in paths {
                let text = try Tree.text(Folio.repository.appendingPathComponent("Templates/" + path))
                try Tree.write(
                    text + "{{! a copy of the default partial }}\n", to: theme.appendingPathComponent(path))
            }
        }
        let theme = try sandbox.folder("theme")
        try copies(Self.partials, in: theme)
        let withTreeItem = try sandbox.folder("theme-tree-item")
        try copies(Self.partials + ["partials/tree-item.mustache"], in: withTreeItem)
        // Every partial and component the theme's own but the layout the default's: the layout is written directly
        // around the partials Mustache renders, one at a time.
        let partialsOnly = try sandbox.folder("theme-partials")
        try copies(Self.partials.filter { !$0.hasPrefix("layouts/") }, in: partialsOnly)

        let direct = try Folio.run(
            ["build", "--no-cache", "--output", "Direct"] + Self.absolute, in: site, timeout: 300)
        #expect(direct.status == 0, "\(direct)")
        let mustache = try Folio.run(
            ["build", "--no-cache", "--output", "Mustache", "--templates", theme.path] + Self.absolute, in: site,
            timeout: 300)
        #expect(mustache.status == 0, "\(mustache)")
        let treeItem = try Folio.run(
            ["build", "--no-cache", "--output", "TreeItem", "--templates", withTreeItem.path] + Self.absolute, in: site,
            timeout: 300)
        #expect(treeItem.status == 0, "\(treeItem)")
        let partials = try Folio.run(
            ["build", "--no-cache", "--output", "Partials", "--templates", partialsOnly.path] + Self.absolute,
            in: site, timeout: 300)
        #expect(partials.status == 0, "\(partials)")

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
            if try Data(contentsOf: site.appendingPathComponent("Partials/" + path)) != a {
                different.append("Partials/" + path)
            }
            let c = try Tree.text(site.appendingPathComponent("TreeItem/" + path))
            if c.split(separator: "\n") != String(decoding: a, as: UTF8.self).split(separator: "\n") {
                different.append("TreeItem/" + path)
            }
        }
        #expect(pages > 60, "the guide and the notes were built: \(pages) pages")
        let dated = try Tree.text(site.appendingPathComponent("Direct/deep/er/notes/n103/index.html"))
        for part in [
            "og:url", "og:image", "article:published_time", "application/atom+xml", "rel=\"canonical\"",
            "<li>one &amp; two</li>", "<meta name=\"author\"",
        ] {
            #expect(dated.contains(part), "the head and page head of a dated, tagged note have \(part)")
        }
        #expect(different.isEmpty, "pages that differ: \(different.prefix(10))")

        // The comparison means something: the pages do carry every partial, escaped.
        let note = try Tree.text(site.appendingPathComponent("Direct/deep/er/notes/n120/index.html"))
        for mark in [
            "folio-sidebar", "folio-breadcrumbs", "folio-toc", "folio-pager", "more in Notes", "data-folio-search",
            "folio-footer", "og:title", "folio-nav__link",
            "Part &lt;one&gt; &amp; AT&amp;T", "Note 119 &lt;b&gt; &amp; &quot;quoted&quot; &#39;single&#39;",
        ] {
            #expect(note.contains(mark), "\(mark) on a note's page")
        }
        let views = try Tree.text(site.appendingPathComponent("Direct/views/index.html"))
        for view in ["list", "paged", "tabs", "segmented"] {
            #expect(views.contains("data-folio-view=\"\(view)\""), "the Views chapter shows a \(view) view")
        }
    }
}
