/// Builds the site tree once per build, with the folders' `_folder.yml` settings.
enum SiteStructure {
    struct Built: Sendable {
        var tree: SiteTree
        /// Every `_folder.yml`'s bytes: part of the site key, since every page's navigation shows folder titles.
        var keyBytes: [UInt8]
        /// The folders holding pages, and what the tree was made from: what the next `folio serve` build checks.
        var kept: KeptSiteIndex.Structure
    }

    /// The tree of `site`; `kept`'s tree when its pages are `site`'s (the read stage found them placed as they were)
    /// and its title, nav and folder settings are the same.
    static func build(_ site: Site, kept: KeptSiteIndex.Structure? = nil, diagnostics: inout Diagnostics) -> Built {
        let folders = kept?.folders ?? Self.folders(of: site)
        let (settings, bytes) = FolderSettings.read(
            root: site.contentDirectory, folders: folders, diagnostics: &diagnostics)
        if let kept, kept.fits(site, folderBytes: bytes) {
            checkListingURLs(kept.tree, site: site, diagnostics: &diagnostics)
            return Built(tree: kept.tree, keyBytes: bytes, kept: kept)
        }
        let tree = SiteTree(
            pages: site.pages, siteTitle: site.config.title, nav: site.navURLs, paginate: site.config.paginate,
            folders: settings)
        checkListingURLs(tree, site: site, diagnostics: &diagnostics)
        return Built(
            tree: tree, keyBytes: bytes,
            kept: KeptSiteIndex.Structure(
                siteTitle: site.config.title, nav: site.navURLs, paginate: site.config.paginate, folderBytes: bytes,
                folders: folders, tree: tree))
    }

    /// A page at the URL of page 2, 3, … of a folder's list (`Content/blog/page/2.md`) would take that page's place,
    /// and the entries listed there would drop out of the list: an error at the page, as two pages at one URL are; so
    /// is a file `index.html` of the content there. A folder without index.md may have its page written by hand as
    /// an `index.html`: the file wins, with a warning (as a content `404.html` does).
    private static func checkListingURLs(_ tree: SiteTree, site: Site, diagnostics: inout Diagnostics) {
        let files = GeneratedPage.contentFiles(of: site)
        for listing in GeneratedPage.all(in: tree, navigation: Navigation(tree: tree)) {
            let folder = tree.nodes[listing.folder]
            let file = listing.outputPath.relative
            let shown = FileTree.display(site.contentDirectory, file)
            if listing.number == 1 {
                guard files.contains(file) else { continue }
                let index = FileTree.display(
                    site.contentDirectory, folder.path.isEmpty ? "index.md" : folder.path + "/index.md")
                diagnostics.report(
                    .warning(
                        "this file takes the place of the list of \(folder.url) that Folio writes for a folder without "
                            + "index.md: the content file wins; remove it, or write the page as \(index)", at: shown))
                continue
            }
            let what = "page \(listing.number) of the list of \(folder.url)"
            if tree.node(forURL: listing.url) != nil, let page = site.pages.first(where: { $0.url == listing.url }) {
                diagnostics.report(
                    .error(
                        "this page's URL \(listing.url) is where Folio writes \(what); rename or move the page, or "
                            + "set 'slug'", at: page.displayPath))
            }
            if files.contains(file) {
                diagnostics.report(
                    .error("this file takes the place of \(what), which Folio writes; rename or move it", at: shown))
            }
        }
    }

    /// The folders holding pages, and every folder above them.
    private static func folders(of site: Site) -> Set<String> {
        var folders: Set<String> = [""]
        for index in site.pages.indices {
            var directory = SitePath.directory(of: site.pages[index].sourcePath)
            while !directory.isEmpty, folders.insert(directory).inserted {
                directory = SitePath.directory(of: directory)
            }
        }
        return folders
    }
}
