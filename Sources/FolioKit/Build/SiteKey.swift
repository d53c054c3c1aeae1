import Foundation

/// What every page's output depends on besides its own file: when it changes, every page renders again.
enum SiteKey {
    /// `pagesKey`: `pages(of: site)`, when the caller has it already.
    static func compute(
        site: Site, theme: Theme, options: SiteBuilder.Options, siteYAML: [UInt8], folders: [UInt8] = [],
        pagesKey: UInt64? = nil
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
        key.add(pagesKey ?? pages(of: site))
        for file in site.staticFiles { key.add(file) }
        return key.hex
    }

    /// The site's index of pages: links need URLs; navigation and page lists need titles, descriptions, dates and the
    /// order (weights).
    static func pages(of site: Site) -> UInt64 {
        var key = StableHash()
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
        return key.value
    }
}
