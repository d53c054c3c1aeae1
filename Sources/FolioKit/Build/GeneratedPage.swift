/// A page Folio writes without a Markdown file: a folder's listing (no index.md), or page 2, 3, … of any folder's list.
struct GeneratedPage: Sendable {
    /// The folder's node in the site tree.
    var folder: Int
    /// 1 for the folder's own page; 2, 3, … for `page/2/`, `page/3/`, …
    var number: Int
    var url: String

    /// Every generated page of the site, in tree order.
    static func all(in tree: SiteTree, navigation: Navigation) -> [GeneratedPage] {
        var pages: [GeneratedPage] = []
        for folder in tree.nodes.indices where tree.nodes[folder].isFolder {
            let first = tree.nodes[folder].hasIndex ? 2 : 1
            let count = navigation.listingPageCount(folder)
            guard first <= count else { continue }
            for number in first...count {
                pages.append(
                    GeneratedPage(folder: folder, number: number, url: navigation.listingURL(folder, page: number)))
            }
        }
        return pages
    }

    var outputPath: OutputPath { OutputPath(page: url) }

    /// The content's files that can stand where a generated page would (`blog/index.html`), by output path: a
    /// folder's page written by hand wins (with a warning); at a list's page 2, 3, … such a file is an error.
    static func contentFiles(of site: Site) -> Set<String> {
        Set(site.staticFiles.lazy.filter { $0.hasSuffix("index.html") })
    }
}
