import Foundation

/// What every page's output depends on besides its own file: when it changes, every page renders again.
enum SiteKey {
    static func compute(
        site: Site, theme: Theme, options: SiteBuilder.Options, siteYAML: [UInt8], folders: [UInt8] = []
    ) -> String {
        var key = StableHash()
        key.add(BuildCache.format)
        key.add(FolioVersion.current)
        key.add(options.baseURL ?? "")
        key.add(options.includeDrafts ? "drafts" : "")
        key.add(CodeHighlighter.setup.cacheKey)
        key.add(siteYAML)
        key.add(folders)
        for file in theme.files.sorted(by: { $0.path < $1.path }) {
            key.add(file.path)
            key.add(file.bytes)
        }
        if let appearance = FileManager.default.contents(atPath: site.contentDirectory + "/appearance.yml") {
            key.add([UInt8](appearance))
        }
        // The index of pages: links need URLs; navigation and page lists need titles, descriptions and dates.
        // By index: a page's fields are read where they are, not each page copied.
        let pages = site.pages
        for index in pages.indices {
            key.add(pages[index].sourcePath)
            key.add(pages[index].url)
            key.add(pages[index].title)
            key.add(pages[index].listing.description ?? "")
            key.add(pages[index].listing.date ?? "")
            key.add(pages[index].listing.weight.map(String.init) ?? "")  // the sidebar's and the folder pages' order
        }
        for file in site.staticFiles { key.add(file) }
        return key.hex
    }
}
