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
        return Built(
            tree: tree, keyBytes: bytes,
            kept: KeptSiteIndex.Structure(
                siteTitle: site.config.title, nav: site.navURLs, paginate: site.config.paginate, folderBytes: bytes,
                folders: folders, tree: tree))
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
