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
        for page in site.pages {
            key.add(page.sourcePath)
            key.add(page.url)
            key.add(page.title)
            key.add(page.listing.description ?? "")
            key.add(page.listing.date ?? "")
            key.add(page.listing.weight.map(String.init) ?? "")  // the sidebar's and the folder pages' order
        }
        for file in site.staticFiles { key.add(file) }
        return key.hex
    }
}
