/// Builds the site tree once per build, with the folders' `_folder.yml` settings.
enum SiteStructure {
    struct Built: Sendable {
        var tree: SiteTree
        /// Every `_folder.yml`'s bytes: part of the site key, since every page's navigation shows folder titles.
        var keyBytes: [UInt8]
    }

    static func build(_ site: Site, diagnostics: inout Diagnostics) -> Built {
        var folders: Set<String> = [""]
        for index in site.pages.indices {
            var directory = SitePath.directory(of: site.pages[index].sourcePath)
            while !directory.isEmpty, folders.insert(directory).inserted {
                directory = SitePath.directory(of: directory)
            }
        }
        let (settings, bytes) = FolderSettings.read(
            root: site.contentDirectory, folders: folders, diagnostics: &diagnostics)
        let nav = (site.config.nav ?? []).map(\.url)
        let tree = SiteTree(
            pages: site.pages, siteTitle: site.config.title, nav: nav, paginate: site.config.paginate, folders: settings
        )
        return Built(tree: tree, keyBytes: bytes)
    }
}
