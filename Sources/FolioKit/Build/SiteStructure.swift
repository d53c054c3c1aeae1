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
        if let kept, kept.fits(site, folderBytes: bytes) { return Built(tree: kept.tree, keyBytes: bytes, kept: kept) }
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
    /// and the entries listed there would drop out of the list: an error at the page, as two pages at one URL are.
    /// (A kept tree was checked when it was made.)
    private static func checkListingURLs(_ tree: SiteTree, site: Site, diagnostics: inout Diagnostics) {
        for listing in GeneratedPage.all(in: tree, navigation: Navigation(tree: tree)) where listing.number > 1 {
            guard let page = tree.node(forURL: listing.url) else { continue }
            let folder = tree.nodes[listing.folder].url
            diagnostics.report(
                .error(
                    "this page's URL \(listing.url) is where Folio writes page \(listing.number) of the list of "
                        + "\(folder); rename or move the page, or set 'slug'",
                    at: FileTree.display(site.contentDirectory, tree.nodes[page].path)))
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
